import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import {
  Brief,
  Notification,
  Project,
  ProjectFile,
  ProjectMessage,
  ProjectRevision,
  ProjectVersion,
  StatusHistory,
} from '../../db/entities';
import type { ProjectBriefData } from '../../db/entities/project';
import { BUCKETS } from '../../clients/storage';
import type { ProjectStatus } from '../../domain/enums';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { PROJECT_WORKFLOW_TYPE, projectWorkflowId, type ProjectWorkflowInput } from '../../workflows/contracts/project';

/**
 * Test set-up: a paid project written straight into the read models, in the status a test needs,
 * with its chat, revisions, status history, files and notifications. The lifecycle itself belongs
 * to the project workflow; tests of the pages only need rows to read.
 */
export interface SeedProjectOptions {
  client: { id: string | null; email: string };
  editorId?: string | null;
  status: ProjectStatus;
  title: string;
  description?: string;
  videoType?: string;
  totalPriceCents?: number;
  priceCents?: number;
  launchOffer?: boolean;
  currency?: 'EUR' | 'USD';
  revisionCount?: number;
  maxRevisions?: number;
  finalDurationMinutes?: number | null;
  createdAt?: Date;
  deliveryDate?: Date;
  messages?: { senderId: string; senderName: string; content: string }[];
  revisions?: { feedback: string; status: 'pending' | 'in_progress' | 'completed'; requestedBy: string }[];
  history?: { oldStatus: ProjectStatus | null; newStatus: ProjectStatus; comment?: string; changerName?: string }[];
  files?: {
    filename: string;
    fileType: 'source' | 'final';
    uploadedBy: string;
    bucket: string;
    key?: string;
    size?: number;
  }[];
  notifications?: { userId: string; type: string; title: string; message: string }[];
  /** The brief's answers the project keeps (objective, formats…), as the payment copies them. */
  briefData?: ProjectBriefData;
  /** Answers of the brief itself, over the defaults (a project name equal to the title, a YouTube video). */
  brief?: {
    projectName?: string | null;
    videoType?: string;
    videoTypeCustom?: string;
    objective?: string;
    /** What the delivery QC checks against. */
    distributionPlatforms?: string[];
    deliveryFormats?: string[];
    resolution?: string;
  };
}

export async function seedProject(em: EntityManager, options: SeedProjectOptions): Promise<string> {
  // An hour ago by default: its rows, a minute apart, then all lie in the past, as real ones do.
  const createdAt = options.createdAt ?? new Date(Date.now() - 60 * 60_000);
  const price = options.totalPriceCents ?? 13_500;
  const brief = em.create(Brief, {
    funnel: 'wizard',
    status: 'paid',
    clientId: options.client.id,
    email: options.client.email.toLowerCase(),
    projectName: options.title,
    videoType: options.videoType ?? 'youtube',
    ...options.brief,
    currency: options.currency ?? 'EUR',
    priceCents: options.priceCents ?? price,
    offerPriceCents: options.launchOffer ? price : null,
    launchOfferApplied: options.launchOffer ?? false,
    amountPaidCents: price,
    paidAt: createdAt,
  });
  const project = em.create(Project, {
    brief,
    title: options.title,
    description: options.description ?? 'Montage d’une vidéo de test.',
    videoType: options.videoType ?? 'youtube',
    status: options.status,
    clientId: options.client.id,
    clientEmail: options.client.email.toLowerCase(),
    editor: options.editorId ?? null,
    totalPriceCents: price,
    currency: options.currency ?? 'EUR',
    createdAt,
    deliveryDate: options.deliveryDate ?? new Date(createdAt.getTime() + 5 * 86_400_000),
    revisionCount: options.revisionCount ?? 0,
    maxRevisions: options.maxRevisions ?? 3,
    finalDurationMinutes: options.finalDurationMinutes ?? null,
    briefData: options.briefData ?? {},
  });
  let at = createdAt.getTime();
  const next = () => new Date((at += 60_000));
  for (const entry of options.history ?? []) {
    em.create(StatusHistory, {
      project,
      oldStatus: entry.oldStatus,
      newStatus: entry.newStatus,
      comment: entry.comment ?? null,
      changedBy: null,
      changerName: entry.changerName ?? 'Rushflow',
      createdAt: next(),
    });
  }
  for (const message of options.messages ?? []) {
    em.create(ProjectMessage, {
      project,
      senderId: message.senderId,
      senderName: message.senderName,
      content: message.content,
      messageType: 'text',
      createdAt: next(),
    });
  }
  (options.revisions ?? []).forEach((revision, index) => {
    em.create(ProjectRevision, {
      project,
      revisionNumber: index + 1,
      requestedBy: revision.requestedBy,
      feedback: revision.feedback,
      status: revision.status,
      createdAt: next(),
    });
  });
  for (const file of options.files ?? []) {
    em.create(ProjectFile, {
      project,
      filename: file.filename,
      fileType: file.fileType,
      storageBucket: file.bucket,
      storageKey: file.key ?? `${project.id}/${file.fileType}/${at}-${file.filename}`,
      mimeType: 'video/mp4',
      fileSize: file.size ?? 1024,
      uploadedBy: file.uploadedBy,
      createdAt: next(),
    });
  }
  for (const notification of options.notifications ?? []) {
    em.create(Notification, { ...notification, project, isRead: false, createdAt: next() });
  }
  await em.flush();
  return project.id;
}

/**
 * Version 1 of a project, made from `file` (its final upload) with its preview ready: 10 s of
 * 1280×720 at 25 fps, as the review studio reads it. Created in `em`, not flushed.
 */
export function readyVersion(em: EntityManager, projectId: string, file: ProjectFile, uploadedBy: string) {
  return em.create(ProjectVersion, {
    project: projectId,
    number: 1,
    projectFile: file,
    filename: file.filename,
    uploadedBy,
    previewStatus: 'ready',
    // Written, not rendered: no pass of the worker measured it.
    analysisStatus: 'unavailable',
    previewBucket: BUCKETS.videoUploads,
    previewKey: `${projectId}/preview/v1.mp4`,
    frameRateNum: 25,
    frameRateDen: 1,
    frameCount: 250,
    durationSeconds: 10,
    width: 1280,
    height: 720,
    startFrame: 0,
    hasOwnTimecode: false,
    probedAt: new Date(),
  });
}

/** Starts the workflow of a seeded project on the stack's worker, as the brief's workflow does after the payment. */
export async function startSeededProjectWorkflow(temporal: Client, projectId: string): Promise<void> {
  const args: [ProjectWorkflowInput] = [{ projectId, briefId: 'seeded' }];
  await temporal.workflow.start(PROJECT_WORKFLOW_TYPE, {
    taskQueue: TASK_QUEUE,
    workflowId: projectWorkflowId(projectId),
    args,
  });
}
