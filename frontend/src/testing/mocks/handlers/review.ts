import { checkDelivery, type VersionAnalysisView } from '@domain/delivery-qc';
import type { ProjectDetail } from '@domain/projects';
import type { CommentView, VersionView } from '@domain/review';
import { CommentInputSchema } from '@domain/schemas/review';
import { http, HttpResponse } from 'msw';
import { accepting } from '../network';

const PROJECT_ID = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
const CLIENT = { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Claire Martin', role: 'client' } as const;
const EDITOR = { id: 'c0ffee00-0000-4000-8000-000000000002', name: 'Éric Monteur', role: 'editor' } as const;

/** A delivered project as its client sees it: version 1 to review, a revision still possible. */
export const deliveredProject: ProjectDetail = {
  id: PROJECT_ID,
  title: 'Vlog – Lancement produit',
  reference: 'RF-2026-0042',
  status: 'completed',
  videoType: 'vlog',
  totalPrice: { cents: 21_000, currency: 'EUR' },
  createdAt: '2026-03-01T09:00:00.000Z',
  deliveryDate: '2026-03-06',
  editorName: 'Éric Monteur',
  revisionCount: 0,
  maxRevisions: 3,
  revisionWindowEndsAt: '2026-03-09T09:00:00.000Z',
  approvedVersionNumber: null,
  hasFinalFile: true,
  openRevision: null,
  description: null,
  clientEmail: 'claire@rushflow.test',
  editor: { firstName: 'Éric', lastName: 'Monteur' },
  finalDurationMinutes: 2,
  durationMinutes: 20,
  urgencyLevel: 'standard',
  completedAt: null,
  briefData: {},
  videoTypeCustom: null,
  briefPrice: null,
  viewer: { parties: ['client'] },
  actions: [],
  pendingActions: [],
  uploads: [],
  finalFileCount: 1,
  reviewActions: [],
  clientQuestion: null,
  billingDocuments: [],
  lastEventId: 0,
};

/** Version 1 at 25 fps from 01:00:00:00, its preview ready. */
const version: VersionView = {
  id: '8a9b0c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d',
  number: 1,
  note: null,
  filename: 'lancement-v1.mp4',
  createdAt: '2026-03-05T17:00:00.000Z',
  preview: { status: 'ready', progress: 100, error: null, url: '/previews/lancement-v1.mp4' },
  media: {
    frameRate: { num: 25, den: 1 },
    frameCount: 3000,
    durationSeconds: 120,
    width: 1920,
    height: 1080,
    startFrame: 90_000,
    hasOwnTimecode: false,
  },
  comments: { open: 1, resolved: 0 },
  approvedAt: null,
  originalAvailable: false,
  analysis: { status: 'ready', warnings: null, qcShared: false },
};

/**
 * What the worker found on version 1, through the report's own rule: −17,2 LUFS for YouTube (a
 * warning) and a 2,4 s silence from frame 1805 (01:01:12:05, a warning); everything else passes.
 */
const qcReport = checkDelivery(
  {
    loudness: { integratedLufs: -17.2, rangeLu: 6, truePeakDbtp: -2.1 },
    silences: [{ frameIn: 1805, frameOut: 1864 }],
    blacks: [],
    freezes: [],
    picture: { width: 1920, height: 1080, frameRate: { num: 25, den: 1 }, codec: 'h264', durationSeconds: 120 },
  },
  {
    platforms: ['YouTube'],
    deliveryFormats: ['horizontal'],
    aspectRatio: '16:9',
    resolution: '1080p',
    finalDurationSeconds: 120,
  },
);

/** Scene cuts at 5 s, 12 s and 1 min 10 s. */
export const SCENE_CUTS = [125, 300, 1750];

/** The editor's question at frame 50 (01:00:02:00), open. */
const editorQuestion: CommentView = {
  id: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
  versionNumber: 1,
  parentId: null,
  author: EDITOR,
  body: 'Le titre d’ouverture vous convient-il ?',
  frameIn: 50,
  frameOut: null,
  frameRate: { num: 25, den: 1 },
  drawing: null,
  status: 'open',
  resolvedAt: null,
  resolvedByName: null,
  carriedFrom: null,
  revisionNumber: null,
  createdAt: '2026-03-05T17:05:00.000Z',
  replies: [],
};

const versionPath = `/api/projects/${PROJECT_ID}/versions/1`;

/**
 * Version 1's threads as the api keeps them for this test: a comment or a reply the page posts
 * joins them (answered 201 `{ comment }`), a resolve marks the thread resolved, and the next read
 * of the comments returns them as they now are. Its analysis is `analysis` (ready by default); the
 * client reads the QC report only once shared, and the editor's share (kept in `shares`) makes it so.
 */
export function reviewThreads({
  analysis = 'ready',
  viewer = 'client',
}: { analysis?: VersionAnalysisView['status']; viewer?: 'client' | 'editor' } = {}) {
  let qcShared = false;
  const shares: unknown[] = [];
  const listed = (): VersionView => ({
    ...version,
    analysis: {
      status: analysis,
      warnings: analysis === 'ready' && (viewer === 'editor' || qcShared) ? qcReport.warnings : null,
      qcShared,
    },
  });
  const analysisView = (): VersionAnalysisView =>
    analysis === 'ready'
      ? {
          status: 'ready',
          qc: viewer === 'editor' || qcShared ? qcReport : null,
          qcShared,
          sceneCuts: SCENE_CUTS,
          waveform: { secondsPerBin: 1, peaks: Array.from({ length: 240 }, (_, index) => (index % 2 ? 60 : -60)) },
        }
      : { status: analysis, qc: null, qcShared: false, sceneCuts: [], waveform: null };
  let nextId = 0;
  const comments: CommentView[] = [structuredClone(editorQuestion)];
  const posted = accepting('post', `${versionPath}/comments`, CommentInputSchema, (input) => {
    nextId += 1;
    const comment: CommentView = {
      ...editorQuestion,
      id: `2e3f4a5b-6c7d-4e8f-9a0b-${String(nextId).padStart(12, '0')}`,
      parentId: input.parentId ?? null,
      author: CLIENT,
      body: input.body.trim(),
      frameIn: input.parentId ? null : (input.frameIn ?? null),
      frameOut: input.frameOut ?? null,
      frameRate: input.parentId ? null : version.media!.frameRate,
      createdAt: new Date().toISOString(),
      replies: [],
    };
    const parent = comments.find((thread) => thread.id === input.parentId);
    if (parent) parent.replies.push(comment);
    else comments.push(comment);
    return { status: 201, json: { comment } };
  });
  const handlers = [
    http.get(`/api/projects/${PROJECT_ID}/versions`, () => HttpResponse.json({ versions: [listed()] })),
    http.get(`${versionPath}/analysis`, () => HttpResponse.json(analysisView())),
    http.post(`${versionPath}/analysis/share`, async ({ request }) => {
      shares.push(await request.json());
      qcShared = true;
      return HttpResponse.json(analysisView());
    }),
    http.get(`${versionPath}/comments`, () => HttpResponse.json({ comments })),
    posted.handler,
    http.post<{ commentId: string }>(`${versionPath}/comments/:commentId/resolve`, ({ params }) => {
      const thread = comments.find((comment) => comment.id === params.commentId);
      if (!thread) return HttpResponse.json({ error: 'Commentaire introuvable.' }, { status: 404 });
      Object.assign(thread, { status: 'resolved', resolvedAt: new Date().toISOString(), resolvedByName: CLIENT.name });
      return HttpResponse.json({ comment: thread });
    }),
  ];
  return { handlers, sent: posted.sent, shares };
}
