/**
 * Value sets shared by the browser, the api and the workflows. The database constrains the same
 * lists with CHECK constraints: a change here needs a new migration (the migration test compares
 * entities and schema).
 */

/** Project lifecycle (000 §4). Active = neither completed nor cancelled. */
export const PROJECT_STATUSES = [
  'brief_received',
  'waiting_for_editor',
  'assigned',
  'in_progress',
  'revision_requested',
  'completed',
  'cancelled',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** A brief from submission to payment (001 §4.2; expiry and cancellation by the brief's workflow). */
export const BRIEF_STATUSES = ['pending_payment', 'paid', 'expired', 'cancelled'] as const;

/** Which funnel the brief came from: the 3-step wizard (/brief) or the 7-section form (/brief-old). */
export const BRIEF_FUNNELS = ['wizard', 'full'] as const;

export const CURRENCIES = ['EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const URGENCY_LEVELS = ['urgent', 'high', 'normal'] as const;

export const EDITOR_PROFILE_STATUSES = ['active', 'vacation', 'inactive'] as const;

export const EDITOR_APPLICATION_STATUSES = ['pending', 'contacted', 'approved', 'rejected'] as const;

/** Editor application payment methods (000 §3): IBAN, PayPal, Wise, Autre. */
export const PAYMENT_METHODS = ['IBAN', 'PayPal', 'Wise', 'Autre'] as const;

export const REVISION_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/** `source` = the client's rushes (bucket project-files), `final` = the editor's delivery (video-uploads). */
export const PROJECT_FILE_TYPES = ['source', 'final'] as const;
export type ProjectFileType = (typeof PROJECT_FILE_TYPES)[number];
