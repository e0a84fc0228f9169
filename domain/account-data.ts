/** « Mes données »: the page of the client's and the editor's space where they export or delete their data. */
export const ACCOUNT_DATA_PATH = '/my-data';

/** The api's French answers about « Mes données ». */
export const ACCOUNT_DATA_MESSAGES = {
  adminsExcluded:
    'Les comptes administrateurs ne gèrent pas leurs données ici : adressez-vous au responsable de traitement.',
  deletionNotPending: 'Aucune suppression de compte n’est programmée.',
  erasing: 'La suppression de votre compte est en cours : elle ne peut plus être annulée.',
} as const;

/** What `GET /api/account/data` answers (times ISO). */
export interface AccountDataState {
  /** When the requested deletion happens, while it can still be cancelled. */
  deletionDueAt: string | null;
  /** True while an export is being built. */
  exportRunning: boolean;
  /** The last export sent: when it was made and until when its link works. */
  lastExport: { createdAt: string; expiresAt: string } | null;
}

/** Nothing requested yet. */
export const NO_ACCOUNT_DATA_REQUEST: AccountDataState = {
  deletionDueAt: null,
  exportRunning: false,
  lastExport: null,
};
