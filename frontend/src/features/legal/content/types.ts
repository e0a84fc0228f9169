interface LegalTable {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
}

interface LegalSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
  table?: LegalTable;
  /** Paragraphs shown after the list or table. */
  after?: readonly string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** Stands for the team's address (an admin setting) in the texts; the page writes the current one. */
export const CONTACT_EMAIL_TOKEN = '{contactEmail}';

/** Date of the current version of the legal texts (ISO). */
export const LEGAL_UPDATED_AT = '2026-11-26';
