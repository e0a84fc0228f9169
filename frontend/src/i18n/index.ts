import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fr } from './locales/fr';
import { withFrenchSpacing } from './typography';

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_STORAGE_KEY = 'rushflow.language';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'fr';
  } catch {
    return 'fr';
  }
}

function applyLanguage(language: string): void {
  if (typeof document === 'undefined') return; // the build's render of the public pages
  document.documentElement.lang = isLanguage(language) ? language : 'fr';
}

i18n.on('languageChanged', (language) => {
  applyLanguage(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice simply is not remembered
  }
});

let englishLoaded = false;

/** French ships with the app; English loads the first time it is chosen (most visitors read French). */
async function loadLanguage(language: Language): Promise<void> {
  if (language !== 'en' || englishLoaded) return;
  const { en } = await import('./locales/en');
  // Deep merge without overwriting: a feature may already have added its own English keys.
  i18n.addResourceBundle('en', 'translation', en, true, false);
  englishLoaded = true;
}

const initialLanguage = storedLanguage();

void i18n.use(initReactI18next).init({
  resources: { fr: { translation: withFrenchSpacing(fr) } },
  lng: initialLanguage,
  fallbackLng: 'fr',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

applyLanguage(i18n.language);

/** Resolves once the stored language's texts are there (at once for French): the app renders then. */
export const languageReady: Promise<void> = loadLanguage(initialLanguage).catch((error: unknown) => {
  console.warn('[i18n] English texts unavailable, French shown', error);
});

/** Switches the display language once its texts are loaded. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';
}
