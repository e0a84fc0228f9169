import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_initial } from './Migration20261122000000_initial';
import { Migration20261201000000_uploads } from './Migration20261201000000_uploads';
import { Migration20261202000000_sent_emails } from './Migration20261202000000_sent_emails';
import { Migration20261203000000_checkout_sessions } from './Migration20261203000000_checkout_sessions';
import { Migration20261204000000_project_uploads } from './Migration20261204000000_project_uploads';
import { Migration20261205000000_events } from './Migration20261205000000_events';
import { Migration20261206000000_settings } from './Migration20261206000000_settings';
import { Migration20261207000000_public_pages } from './Migration20261207000000_public_pages';
import { Migration20261208000000_admin } from './Migration20261208000000_admin';
import { Migration20261209000000_review } from './Migration20261209000000_review';
import { Migration20261210000000_read_changes } from './Migration20261210000000_read_changes';
import { Migration20261212000000_call_booking_phone } from './Migration20261212000000_call_booking_phone';
import { Migration20261214000000_admin_project_changes } from './Migration20261214000000_admin_project_changes';
import { Migration20261216000000_project_references } from './Migration20261216000000_project_references';
import { Migration20261218000000_upload_sweep } from './Migration20261218000000_upload_sweep';
import { Migration20261220000000_address_confirmation } from './Migration20261220000000_address_confirmation';
import { Migration20261222000000_session_revocations } from './Migration20261222000000_session_revocations';
import { Migration20261224000000_launch_offer_clients } from './Migration20261224000000_launch_offer_clients';
import { Migration20261226000000_project_trace_ids } from './Migration20261226000000_project_trace_ids';
import { Migration20261227000000_event_trace_context } from './Migration20261227000000_event_trace_context';
import { Migration20261228000000_invoices } from './Migration20261228000000_invoices';
import { Migration20261229000000_version_analysis } from './Migration20261229000000_version_analysis';
import { Migration20261229000100_contact_sheets } from './Migration20261229000100_contact_sheets';
import { Migration20261229000200_brief_rushes_as_sources } from './Migration20261229000200_brief_rushes_as_sources';

/** Every migration, oldest first. A new migration is added here as well as in this folder. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000_initial', class: Migration20261122000000_initial },
  { name: 'Migration20261201000000_uploads', class: Migration20261201000000_uploads },
  { name: 'Migration20261202000000_sent_emails', class: Migration20261202000000_sent_emails },
  { name: 'Migration20261203000000_checkout_sessions', class: Migration20261203000000_checkout_sessions },
  { name: 'Migration20261204000000_project_uploads', class: Migration20261204000000_project_uploads },
  { name: 'Migration20261205000000_events', class: Migration20261205000000_events },
  { name: 'Migration20261206000000_settings', class: Migration20261206000000_settings },
  { name: 'Migration20261207000000_public_pages', class: Migration20261207000000_public_pages },
  { name: 'Migration20261208000000_admin', class: Migration20261208000000_admin },
  { name: 'Migration20261209000000_review', class: Migration20261209000000_review },
  { name: 'Migration20261210000000_read_changes', class: Migration20261210000000_read_changes },
  { name: 'Migration20261212000000_call_booking_phone', class: Migration20261212000000_call_booking_phone },
  { name: 'Migration20261214000000_admin_project_changes', class: Migration20261214000000_admin_project_changes },
  { name: 'Migration20261216000000_project_references', class: Migration20261216000000_project_references },
  { name: 'Migration20261218000000_upload_sweep', class: Migration20261218000000_upload_sweep },
  {
    name: 'Migration20261220000000_address_confirmation',
    class: Migration20261220000000_address_confirmation,
  },
  { name: 'Migration20261222000000_session_revocations', class: Migration20261222000000_session_revocations },
  { name: 'Migration20261224000000_launch_offer_clients', class: Migration20261224000000_launch_offer_clients },
  { name: 'Migration20261226000000_project_trace_ids', class: Migration20261226000000_project_trace_ids },
  { name: 'Migration20261227000000_event_trace_context', class: Migration20261227000000_event_trace_context },
  { name: 'Migration20261228000000_invoices', class: Migration20261228000000_invoices },
  { name: 'Migration20261229000000_version_analysis', class: Migration20261229000000_version_analysis },
  { name: 'Migration20261229000100_contact_sheets', class: Migration20261229000100_contact_sheets },
  { name: 'Migration20261229000200_brief_rushes_as_sources', class: Migration20261229000200_brief_rushes_as_sources },
];
