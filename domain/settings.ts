/**
 * The admin's settings (Admin › Paramètres): stored as key → JSON value in `settings`, read by the
 * api, the worker and — through `GET /api/pricing/settings` — every page that quotes them (landing,
 * help dialog, pricing, contact). A missing or malformed value reads as its default.
 */
export const SETTING_DEFAULTS = {
  revision_window_days: 3,
  max_revisions: 3,
  launch_offer_places: 10,
  express_enabled: true,
  contact_email: 'contact@rushflow.fr',
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;

export interface AppSettings {
  /** Days after each delivery during which the client may ask for a revision. */
  revisionWindowDays: number;
  /** Revisions a new project allows (copied into the project when it is created). */
  maxRevisions: number;
  /** Size of the launch offer: the first N paying clients get -30 %. */
  launchOfferPlaces: number;
  /** Whether clients may order the 48 h express delivery. */
  expressEnabled: boolean;
  /** The team's address: contact messages, replies, the footer and the legal pages. */
  contactEmail: string;
}

export const SETTING_LIMITS = {
  revisionWindowDays: { min: 0, max: 60 },
  maxRevisions: { min: 0, max: 20 },
  launchOfferPlaces: { min: 0, max: 10_000 },
} as const;

const KEYS: Record<keyof AppSettings, SettingKey> = {
  revisionWindowDays: 'revision_window_days',
  maxRevisions: 'max_revisions',
  launchOfferPlaces: 'launch_offer_places',
  expressEnabled: 'express_enabled',
  contactEmail: 'contact_email',
};

/** The settings from their stored rows (key → JSON value); defaults where a value is missing or malformed. */
export function settingsFrom(stored: ReadonlyMap<string, unknown>): AppSettings {
  const whole = (key: SettingKey, fallback: number) => {
    const value = Number(stored.get(key));
    return stored.has(key) && Number.isInteger(value) && value >= 0 ? value : fallback;
  };
  const flag = stored.get('express_enabled');
  const email = stored.get('contact_email');
  return {
    revisionWindowDays: whole('revision_window_days', SETTING_DEFAULTS.revision_window_days),
    maxRevisions: whole('max_revisions', SETTING_DEFAULTS.max_revisions),
    launchOfferPlaces: whole('launch_offer_places', SETTING_DEFAULTS.launch_offer_places),
    expressEnabled: typeof flag === 'boolean' ? flag : SETTING_DEFAULTS.express_enabled,
    contactEmail: typeof email === 'string' && email.includes('@') ? email : SETTING_DEFAULTS.contact_email,
  };
}

/** The rows that store `settings` (key → JSON value). */
export function settingRows(settings: AppSettings): { key: SettingKey; value: unknown }[] {
  return (Object.keys(KEYS) as (keyof AppSettings)[]).map((name) => ({ key: KEYS[name], value: settings[name] }));
}

/** When the admin turned express off: the funnels hide the 48 h option and the api refuses it. */
export const EXPRESS_DISABLED_MESSAGE = 'La livraison express 48 h n’est pas disponible pour le moment.';
