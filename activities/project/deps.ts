import type { MikroORM } from '@mikro-orm/postgresql';
import type { Transporter } from 'nodemailer';

/** The people the project activities notify, from the identity provider (Keycloak). */
export interface UserDirectory {
  /** Users holding the admin role: notified when a project waits or is overdue. */
  admins(): Promise<{ id: string; email: string }[]>;
  /** An editor's e-mail address; null when unknown. */
  emailOf(userId: string): Promise<string | null>;
  /** A user's display name (first and last name); null when unknown. For the previews' watermark. */
  nameOf?(userId: string): Promise<string | null>;
}

/** Deletes one object; deleting a missing object succeeds (S3 semantics), so retries are safe. */
export type DeleteObject = (bucket: string, key: string) => Promise<void>;

export interface ProjectActivityDeps {
  orm: MikroORM;
  /** Needed by the e-mails; the activities that only write rows work without them. */
  mailTransport?: Transporter;
  mailFrom?: string;
  appUrl?: string;
  directory?: UserDirectory;
  deleteObject?: DeleteObject;
}
