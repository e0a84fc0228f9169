import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fr as commonFr } from './common/fr';
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

type Bundle = Parameters<typeof withFrenchSpacing>[0] & object;
type EnglishModule = Promise<{ en: Bundle }>;

const englishOf = new Map<string, () => EnglishModule>();

/** French ships with the code that uses it; a namespace's English loads the first time it is shown. */
const englishOnDemand: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    const load = language === 'en' ? englishOf.get(namespace) : undefined;
    if (!load) {
      done(new Error(`No ${language} texts for the namespace ${namespace}`), false);
      return;
    }
    load().then(
      ({ en }) => done(null, en),
      (error: unknown) => {
        console.warn('[i18n] English texts unavailable, French shown', namespace, error);
        done(error instanceof Error ? error : String(error), false);
      },
    );
  },
};

void i18n
  .use(englishOnDemand)
  .use(initReactI18next)
  .init({
    // Namespaces join as the code that reads them loads (`registerNamespace`).
    ns: [],
    defaultNS: 'translation',
    lng: storedLanguage(),
    fallbackLng: 'fr',
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });

applyLanguage(i18n.language);

/**
 * The one way texts reach i18next: a namespace's French at once, with French typography applied
 * here so that no bundle goes without it, and its English (`loadEnglish`) fetched the first time
 * English is shown: at once if it already is, else with the switch to English. Returns the
 * namespace, for `useTranslation`; registering it again changes nothing.
 */
export function registerNamespace(namespace: string, french: Bundle, loadEnglish: () => EnglishModule): string {
  if (englishOf.has(namespace)) return namespace;
  englishOf.set(namespace, loadEnglish);
  i18n.addResourceBundle('fr', namespace, withFrenchSpacing(french));
  // Listed among the namespaces a language change loads before it shows.
  void i18n.loadNamespaces(namespace);
  return namespace;
}

registerNamespace('translation', fr, () => import('./locales/en'));
registerNamespace('common', commonFr, () => import('./common/en'));

/** Resolves once every registered namespace has the shown language's texts (at once for French): the app renders then. */
export function languageReady(): Promise<void> {
  return new Promise((resolve) => {
    i18n.loadResources(() => resolve());
  });
}

/** Switches the display language once its texts are loaded (i18next loads every registered namespace first). */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';
}
