import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SignedInPageState } from '../../domain/signed-in-pages';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'pages' });

/** A page not drawn within this is served as the empty shell (the browser draws it). */
const RENDER_TIMEOUT_MS = 3_000;
/** The warm-up waits for the thread however loaded the machine is, so that it is ready when it ends. */
const WARM_UP_TIMEOUT_MS = 60_000;
/** Pages waiting for the thread (one is drawn at a time): past this, the next ones get the shell at once. */
const MAX_WAITING = 16;

/** A page drawn for nobody, before the first visitor's: the thread imports the render and the page's code. */
const WARM_UP: { pathname: string; state: SignedInPageState } = {
  pathname: '/project/00000000-0000-4000-8000-000000000000',
  state: {
    user: { id: '', email: '', firstName: '', lastName: '', emailVerified: false },
    roles: [],
    timeZone: 'UTC',
    readAt: 0,
    queries: [],
  },
};

interface Pending {
  resolve: (html: string | null) => void;
  timer: NodeJS.Timeout;
  thread: Worker;
}

/**
 * Draws signed-in pages with the render the build keeps (`moduleFile`, frontend/src/prerender.tsx),
 * in a worker thread started at the first page, and again after each new build. Resolves null,
 * and the page is left to the browser, when the build has no render, the render fails or takes
 * too long.
 */
export function createPageRenderer(moduleFile: string) {
  let worker: Worker | null = null;
  /** The build the thread imported (the module's modification time). */
  let workerBuild: number | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const settle = (id: number, html: string | null) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    clearTimeout(waiting.timer);
    waiting.resolve(html);
  };

  const start = () => {
    const started = new Worker(path.join(__dirname, 'render-worker.mjs'), {
      workerData: { moduleFile },
      // React's production build, whatever the api runs as: its development checks slow a render tenfold.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    // Never what keeps the api running.
    started.unref();
    started.on('message', ({ id, html, error }: { id: number; html?: string; error?: string }) => {
      // The thread sends the failure's stack as text.
      if (error)
        log.error({ err: { name: 'RenderError', message: error.split('\n')[0], stack: error } }, 'render failed');
      settle(id, html ?? null);
    });
    started.on('error', (error) => log.error({ err: error }, 'render thread failed'));
    started.on('exit', () => {
      if (worker === started) worker = null;
      for (const [id, { thread }] of [...pending]) if (thread === started) settle(id, null);
    });
    return started;
  };

  const draw = async (pathname: string, state: SignedInPageState, timeoutMs: number): Promise<string | null> => {
    const build = (await fs.promises.stat(moduleFile).catch(() => undefined))?.mtimeMs;
    if (build === undefined || pending.size >= MAX_WAITING) return null;
    if (!worker || workerBuild !== build) {
      void worker?.terminate();
      worker = start();
      workerBuild = build;
    }
    const id = nextId++;
    const thread = worker;
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(id, null), timeoutMs);
      pending.set(id, { resolve, timer, thread });
      thread.postMessage({ id, pathname, state });
    });
  };

  const renderer = {
    render: (pathname: string, state: SignedInPageState) => draw(pathname, state, RENDER_TIMEOUT_MS),
    /** Readies the thread (about 1.5 s of imports and a first render), so that no visitor waits for it. */
    async warm(): Promise<void> {
      await draw(WARM_UP.pathname, WARM_UP.state, WARM_UP_TIMEOUT_MS);
    },
    async close(): Promise<void> {
      await worker?.terminate();
      worker = null;
    },
  };
  return renderer;
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
