import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
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

void i18n.use(initReactI18next).init({
  resources: { fr: { translation: withFrenchSpacing(fr) }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'fr',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

applyLanguage(i18n.language);

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';
}
