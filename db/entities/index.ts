import { AccessRevocation } from './access-revocation';
import { AuditLogEntry } from './audit-log-entry';
import { BillingDocument } from './billing-document';
import { Brief } from './brief';
import { CallBooking } from './call-booking';
import { CheckoutSession } from './checkout-session';
import { ClientQuestion } from './client-question';
import { ContactMessage } from './contact-message';
import { EditorApplication } from './editor-application';
import { EditorProfile } from './editor-profile';
import { EmailTest } from './email-test';
import { InvoiceCounter } from './invoice-counter';
import { Notification } from './notification';
import { OutboxEvent } from './outbox-event';
import { ProcessedWebhookEvent } from './processed-webhook-event';
import { Project } from './project';
import { ProjectFile } from './project-file';
import { ProjectMessage } from './project-message';
import { ProjectRevision } from './project-revision';
import { ProjectVersion } from './project-version';
import { RateLimit } from './rate-limit';
import { SentEmail } from './sent-email';
import { SessionRevocation } from './session-revocation';
import { Setting } from './setting';
import { StatusHistory } from './status-history';
import { UploadSession } from './upload-session';
import { UploadedFile } from './uploaded-file';
import { VersionComment } from './version-comment';

export {
  AccessRevocation,
  AuditLogEntry,
  BillingDocument,
  Brief,
  CallBooking,
  CheckoutSession,
  ClientQuestion,
  ContactMessage,
  EditorApplication,
  EditorProfile,
  EmailTest,
  Notification,
  Project,
  ProjectFile,
  ProjectMessage,
  ProjectRevision,
  ProjectVersion,
  SentEmail,
  SessionRevocation,
  Setting,
  StatusHistory,
  UploadSession,
  UploadedFile,
  VersionComment,
};
export type { BriefAnalysis, BriefUploadedFile } from './brief';
/** Every entity, for the ORM configuration (no file discovery at run time). */
export const ALL_ENTITIES = [
  Brief,
  EditorProfile,
  Project,
  EditorApplication,
  Notification,
  ProjectRevision,
  ProjectFile,
  ProjectMessage,
  StatusHistory,
  Setting,
  ProcessedWebhookEvent,
  UploadSession,
  UploadedFile,
  SentEmail,
  CheckoutSession,
  OutboxEvent,
  AccessRevocation,
  SessionRevocation,
  ProjectVersion,
  VersionComment,
  ClientQuestion,
  AuditLogEntry,
  ContactMessage,
  CallBooking,
  EmailTest,
  RateLimit,
  BillingDocument,
  InvoiceCounter,
];
