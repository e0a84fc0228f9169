// The pages' figures on a phone (`npm run bench:web`):
//
// 1. Landing JavaScript, from a build of the bench's own: `vite build` with the product's config
//    plus hidden source maps (they tell which chunk holds a route; the product's build has none,
//    and hidden maps leave every chunk's bytes as the product's), into a temporary folder removed
//    afterwards. From its `index.html`: the entry script, its modulepreloads and their static
//    imports, plus the chunk of the page's route module (frontend/src/app/routes/<route>.tsx) and
//    its static imports; each file gzipped (level 9), summed. Goal for `/`: ≤ 170 KiB. The same sum
//    for /pricing, /brief and the project page (what they need before they show anything).
// 2. In Debian's chromium (headless, never a downloaded browser), on a phone profile (Pixel 7
//    viewport and user agent, CPU slowed 4× and the network held at 150 ms latency, 1.6 Mbit/s
//    down, 750 kbit/s up, both through CDP), each page opened BENCH_WEB_RUNS times (default 3) in a
//    new browser context (a first visit: empty cache): LCP (last `largest-contentful-paint` entry),
//    CLS (largest session window of `layout-shift` entries without recent input, as web-vitals
//    counts it) and the JavaScript transferred (`encodedBodySize` of the scripts, compressed as
//    sent), read once the page is done (no request in flight but the live channel, no new LCP
//    entry, for 1 s), then BENCH_WEB_SETTLE_MS (default 2500) later, once done again (what loads
//    when the page is idle counts).
//    Medians are printed. Goals: LCP ≤ 1.5 s, CLS ≤ 0.05.
//    Pages: `/`, `/pricing`, `/brief`, and a project of the demo client run by the demo editor (a
//    project of the bench's own, written into the stack's database once and found again by its
//    title), signed in through Keycloak's form once per bench (the session, Keycloak's and the
//    api's page session, is then carried into each run's context: a returning user opening their
//    project).
//
// 3. Lighthouse's accessibility score (npm `lighthouse`, category accessibility only) of every
//    public page (signed out) and of the demo client's dashboard and project page, in one chromium
//    (launched with the remote debugging port Lighthouse drives, the phone profile Lighthouse
//    emulates by default), signed in through Keycloak's form in that browser before the client's
//    pages: Lighthouse keeps its cookies (`disableStorageReset`). The review studio has no address
//    of its own (the project page's « Versions » tab): puppeteer-core joins the same browser, opens
//    the project, selects the tab, waits for the preview and the comments, and Lighthouse audits
//    the page as it stands (its snapshot mode); the bench's project has a v1 whose preview (a
//    generated test video) is in the stack's S3, with two comments of the client. Each page's score
//    and the audits it fails are printed. Goal: 100 everywhere. `--no-lighthouse` skips this part,
//    `--lighthouse-only` does only this one.
//
// Parts 2 and 3 run against a running stack on loopback: `npm start` (profile dev), or
// BENCH_PROFILE=test, with RUSHFLOW_PORT_OFFSET / RUSHFLOW_DATA_DIR as the stack was started.
// `--no-browser` only does part 1; BENCH_WEB_PAGES=pricing,project keeps those pages (and the
// landing); BENCH_WEB_WATERFALL=1 prints each load's requests (start → end, from the navigation).
// Prints a table and a JSON line; the load average is printed before and after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { chromium, devices } from '@playwright/test';
import lighthouse, { snapshot } from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import {
  buildFrontEndWithMaps,
  builtChunks,
  CHROMIUM,
  demoTokens,
  freePort,
  loadAverage,
  subjectOf,
} from './lib/kit.mjs';
import { stackConfig } from '../scripts/lib/stack-config.mjs';
import { PAGE_SESSION_COOKIE } from '../api/pages/page-session.ts';
import { BUCKETS, createS3Client, storageSettingsOf } from '../clients/storage.ts';
import { Project, ProjectFile, ProjectVersion } from '../db/entities/index.ts';
import { initOrm } from '../db/orm.ts';
import { generateTestVideo, makeTempDir } from '../tests/support/media-fixtures.ts';
import { readyVersion, seedProject } from '../tests/support/project-seed.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = new Set(process.argv.slice(2));
/** `--lighthouse-only`: part 3 alone. */
const LIGHTHOUSE_ONLY = args.has('--lighthouse-only');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const SETTLE_MS = Number(process.env.BENCH_WEB_SETTLE_MS ?? 2500);
/** BENCH_WEB_WATERFALL=1: each load's requests, start → end in ms from the navigation. */
const WATERFALL = process.env.BENCH_WEB_WATERFALL === '1';
const QUIET_MS = 1000;
const PAGE_TIMEOUT_MS = 60_000;
const LANDING_GOAL_KIB = 170;
const LCP_GOAL_MS = 1500;
const CLS_GOAL = 0.05;
const CLIENT = { email: 'client@rushflow.local', password: 'Client123!' };
const BENCH_PROJECT_TITLE = 'Projet du banc d’essai (pages)';
/** The client's comments on the bench project's v1 (a frame, then a range; 25 fps). */
const BENCH_COMMENTS = [
  { body: 'Le titre arrive un peu tard, peut-on l’avancer d’une seconde ?', frameIn: 50 },
  { body: 'Ce passage est trop long : on peut couper ici.', frameIn: 125, frameOut: 175 },
];
const PHONE = devices['Pixel 7'];
const THROTTLING = {
  cpuRate: 4,
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
};
const ALL_PAGES = [
  { name: 'home', route: 'home', path: () => '/' },
  { name: 'pricing', route: 'pricing', path: () => '/pricing' },
  { name: 'brief', route: 'brief', path: () => '/brief' },
  { name: 'project', route: 'project', path: (projectId) => `/project/${projectId}`, signedIn: true },
];
/** Lighthouse's pages: every public page (signed out), then the demo client's own (signed in), the review studio last. */
const LIGHTHOUSE_PAGES = [
  ...[
    '/',
    '/pricing',
    '/brief',
    '/brief-old',
    '/contact',
    '/recrutement',
    '/login',
    '/terms-of-service',
    '/privacy-policy',
    '/legal-notice',
    '/accessibility',
    '/site-map',
  ].map((pagePath) => ({ path: () => pagePath })),
  { path: () => '/dashboard', signedIn: true },
  { path: (projectId) => `/project/${projectId}`, signedIn: true },
  { path: (projectId) => `/project/${projectId}`, studio: true, signedIn: true },
];
const LIGHTHOUSE_GOAL = 100;
/** The project page's tab that holds the review studio (it has no address of its own). */
const STUDIO_TAB = 'Versions';
// BENCH_WEB_PAGES=home,project measures only those (the landing's bundle is always measured).
const PAGES = ALL_PAGES.filter(
  (page) =>
    page.name === 'home' || !process.env.BENCH_WEB_PAGES || process.env.BENCH_WEB_PAGES.split(',').includes(page.name),
);

const log = (...parts) => console.log('[bench:web]', ...parts);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kib = (bytes) => bytes / 1024;
const results = { cores: os.cpus().length, loadBefore: loadAverage(), runs: RUNS, throttling: THROTTLING };
log(`load average before: ${results.loadBefore}`);

// ——— 1. What each page needs before it shows anything (static, from a build of the bench's own) ———
if (!LIGHTHOUSE_ONLY) {
  log('building the front end with hidden source maps (vite build)…');
  const build = buildFrontEndWithMaps(ROOT);
  try {
    const { entries, preloads, closure, routeChunk, gzipSize } = builtChunks(build.dist);
    results.bundles = {};
    for (const page of PAGES) {
      const files = [...closure([...entries, ...preloads, routeChunk(page.route)])];
      const rows = files.map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
      const total = rows.reduce((sum, row) => sum + row.gzip, 0);
      results.bundles[page.name] = {
        chunks: rows.length,
        gzipKiB: Number(kib(total).toFixed(1)),
        largest: rows.slice(0, 4).map((row) => `${row.file} ${kib(row.gzip).toFixed(1)}`),
      };
    }
  } finally {
    build.remove();
  }
  log(
    `JavaScript before the first render (gzip -9): ` +
      PAGES.map((page) => `${page.name} ${results.bundles[page.name].gzipKiB} KiB`).join(', '),
  );
  log(`  home: ${results.bundles.home.largest.join(', ')} (KiB)`);
  results.landingGzipKiB = results.bundles.home.gzipKiB;
  results.landingGoalMet = results.landingGzipKiB <= LANDING_GOAL_KIB;
}

// ——— 2. LCP, CLS and JavaScript transferred on a throttled phone ———
/** Runs in the page before its own scripts: collects LCP and layout-shift entries. */
function observeVitals() {
  const vitals = { lcp: 0, lcpSeenAt: 0, lcpElement: '', shifts: [] };
  globalThis.__benchVitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.startTime;
      vitals.lcpSeenAt = performance.now();
      const element = entry.element;
      vitals.lcpElement = element
        ? `${element.tagName.toLowerCase()} « ${(element.textContent ?? '').trim().slice(0, 40)} »`
        : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput)
        vitals.shifts.push({
          at: entry.startTime,
          value: entry.value,
          // What moved, for the report: tag, classes and text of the shifted elements.
          nodes: (entry.sources ?? []).map(({ node }) =>
            node instanceof globalThis.Element
              ? `${node.tagName.toLowerCase()}.${[...node.classList].slice(0, 3).join('.')} « ${(node.textContent ?? '').trim().slice(0, 30)} »`
              : String(node?.nodeName ?? '?'),
          ),
        });
  }).observe({ type: 'layout-shift', buffered: true });
}

/** web-vitals' CLS: the largest session window (gaps under 1 s, at most 5 s long). */
function cumulativeLayoutShift(shifts) {
  let worst = 0;
  let windowValue = 0;
  let windowStart = 0;
  let previous = -Infinity;
  for (const { at, value } of shifts) {
    if (at - previous >= 1000 || at - windowStart >= 5000) {
      windowValue = 0;
      windowStart = at;
    }
    windowValue += value;
    previous = at;
    worst = Math.max(worst, windowValue);
  }
  return worst;
}

/** The live channel stays open on signed-in pages: it never counts as network activity. */
const isLiveStream = (url) => new URL(url).pathname === '/api/events';

/**
 * Waits until the page is done: no request in flight (but the live channel) for QUIET_MS, and an
 * LCP entry with no newer one for QUIET_MS (on a slowed CPU the render comes long after the last
 * byte, so the browser's own "network idle" is not enough).
 */
async function waitUntilSettled(page, network) {
  const deadline = Date.now() + PAGE_TIMEOUT_MS;
  for (;;) {
    const { lcpSeenAt, now } = await page.evaluate(() => ({
      lcpSeenAt: globalThis.__benchVitals.lcpSeenAt,
      now: performance.now(),
    }));
    const networkQuiet = network.inFlight === 0 && Date.now() - network.lastActivity >= QUIET_MS;
    if (networkQuiet && lcpSeenAt > 0 && now - lcpSeenAt >= QUIET_MS) return;
    if (Date.now() > deadline) throw new Error(`${page.url()} did not settle within ${PAGE_TIMEOUT_MS} ms`);
    await page.waitForTimeout(250);
  }
}

async function measure(browser, url, storageState) {
  const context = await browser.newContext({ ...PHONE, storageState, locale: 'fr-FR' });
  try {
    await context.addInitScript(observeVitals);
    const page = await context.newPage();
    const network = { inFlight: 0, lastActivity: Date.now() };
    const settle = (request) => {
      if (isLiveStream(request.url())) return;
      network.inFlight -= 1;
      network.lastActivity = Date.now();
    };
    page.on('request', (request) => {
      if (isLiveStream(request.url())) return;
      network.inFlight += 1;
      network.lastActivity = Date.now();
    });
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    const requests = [];
    const loadStart = Date.now();
    if (WATERFALL)
      page.on('requestfinished', (request) => {
        const { startTime, responseEnd } = request.timing();
        const url = new URL(request.url());
        requests.push({
          start: startTime - loadStart,
          end: startTime - loadStart + responseEnd,
          method: request.method(),
          path: `${url.pathname}${url.search}`,
        });
      });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuRate });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latencyMs,
      downloadThroughput: THROTTLING.downloadBytesPerSecond,
      uploadThroughput: THROTTLING.uploadBytesPerSecond,
    });
    await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    await waitUntilSettled(page, network);
    // What the page loads once idle (the toaster) counts too.
    await page.waitForTimeout(SETTLE_MS);
    await waitUntilSettled(page, network);
    const sample = await page.evaluate(() => {
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname));
      return {
        ...globalThis.__benchVitals,
        scripts: scripts.length,
        scriptBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        finalPath: globalThis.location.pathname,
      };
    });
    if (WATERFALL)
      for (const { start, end, method, path: requested } of requests.sort((a, b) => a.start - b.start))
        log(
          `  ${String(Math.round(start)).padStart(6)} → ${String(Math.round(end)).padStart(6)} ms  ${method} ${requested.slice(0, 100)}`,
        );
    return {
      lcpMs: sample.lcp,
      lcpElement: sample.lcpElement,
      cls: cumulativeLayoutShift(sample.shifts),
      largestShift: [...sample.shifts].sort((a, b) => b.value - a.value)[0] ?? null,
      scripts: sample.scripts,
      scriptKiB: kib(sample.scriptBytes),
      finalPath: sample.finalPath,
    };
  } finally {
    await context.close();
  }
}

/**
 * The demo client's project of the bench, run by the demo editor, written into the stack's database
 * the first time; then (once) its v1, the preview ready (a generated test video put in the stack's
 * S3 where the version says), and two comments of the client posted through the api.
 */
async function benchProject(config) {
  const [clientToken, editorToken] = await demoTokens(config);
  const clientId = subjectOf(clientToken);
  const editorId = subjectOf(editorToken);
  const orm = await initOrm(config.env.DATABASE_URL);
  try {
    const em = orm.em.fork();
    const projectId =
      (await em.findOne(Project, { title: BENCH_PROJECT_TITLE, clientId }))?.id ??
      (await seedProject(em, {
        client: { id: clientId, email: CLIENT.email },
        editorId,
        status: 'in_progress',
        title: BENCH_PROJECT_TITLE,
        description: 'Montage d’une vidéo de présentation de 3 minutes, sous-titres en français.',
        messages: [
          { senderId: clientId, senderName: 'Client Démo', content: 'Bonjour, les rushs sont en ligne.' },
          { senderId: clientId, senderName: 'Client Démo', content: 'Merci de garder la musique d’origine.' },
        ],
        history: [
          { oldStatus: null, newStatus: 'brief_received' },
          { oldStatus: 'brief_received', newStatus: 'in_progress' },
        ],
      }));
    if ((await em.count(ProjectVersion, { project: projectId })) === 0) {
      await seedReadyVersion(em, config, projectId, editorId);
      for (const comment of BENCH_COMMENTS) {
        const response = await fetch(`${config.appUrl}/api/projects/${projectId}/versions/1/comments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${clientToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(comment),
        });
        if (response.status !== 201) throw new Error(`the bench's comment was refused: ${await response.text()}`);
      }
    }
    return projectId;
  } finally {
    await orm.close(true);
  }
}

/** v1 of the project, uploaded by the editor, its preview ready: the video is in S3 before the rows say so. */
async function seedReadyVersion(em, config, projectId, editorId) {
  const temp = makeTempDir('rushflow-bench-web-');
  try {
    // As `readyVersion` describes the preview: 10 s of 1280×720 at 25 fps.
    const video = fs.readFileSync(
      generateTestVideo(path.join(temp.dir, 'presentation-v1.mp4'), 10, { size: '1280x720', rate: '25' }),
    );
    const file = em.create(ProjectFile, {
      project: projectId,
      filename: 'presentation-v1.mp4',
      fileType: 'final',
      storageBucket: BUCKETS.videoUploads,
      storageKey: `${projectId}/final/v1.mp4`,
      mimeType: 'video/mp4',
      fileSize: video.length,
      uploadedBy: editorId,
    });
    const version = readyVersion(em, projectId, file, editorId);
    const s3 = createS3Client(storageSettingsOf(config.env));
    for (const key of [file.storageKey, version.previewKey])
      await s3.send(new PutObjectCommand({ Bucket: BUCKETS.videoUploads, Key: key, Body: video }));
    await em.flush();
  } finally {
    temp.cleanup();
  }
}

/** Signs the demo client in through Keycloak's own form once; returns the browser state to reuse. */
async function signInState(browser, appUrl) {
  const context = await browser.newContext({ ...PHONE, locale: 'fr-FR' });
  try {
    await signInWith(context, appUrl);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Signs the demo client in through Keycloak's own form in `context`; its cookies then hold both sessions. */
async function signInWith(context, appUrl) {
  const page = await context.newPage();
  try {
    await page.goto(`${appUrl}/login`, { timeout: PAGE_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/realms\/[^/]+\/protocol\/openid-connect\/auth/, { timeout: PAGE_TIMEOUT_MS });
    await page.locator('#username').fill(CLIENT.email);
    await page.locator('#password').fill(CLIENT.password);
    await page.locator('#kc-login').click();
    await page.waitForURL(/\/dashboard$/, { timeout: PAGE_TIMEOUT_MS });
    // The page session (api/pages/page-session.ts) is set once Keycloak has answered the browser:
    // with it, the api draws the project page on its first request, as for a returning user.
    const deadline = Date.now() + PAGE_TIMEOUT_MS;
    while (!(await context.cookies()).some((cookie) => cookie.name === PAGE_SESSION_COOKIE)) {
      if (Date.now() > deadline) throw new Error('the browser set no page session after signing in');
      await page.waitForTimeout(100);
    }
  } finally {
    await page.close();
  }
}

/** Lighthouse's accessibility report of `what` by `audit` (its lhr), run again once if an audit broke. */
async function accessibilityReport(what, audit) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await audit();
    const audits = lhr.categories.accessibility.auditRefs.map((ref) => lhr.audits[ref.id]);
    // On a loaded machine axe can time out: its audits then error and the score means nothing.
    const broken = lhr.runtimeError?.message ?? audits.find((audit) => audit.errorMessage)?.errorMessage;
    if (!broken) return { lhr, audits };
    if (attempt === 2) throw new Error(`Lighthouse could not audit ${what}: ${broken}`);
    log(`lighthouse ${what}: ${broken}; once more`);
  }
}

/** `url` opened and audited by Lighthouse in the browser at `port`. */
const navigationAccessibility = (url, port) =>
  accessibilityReport(url, () =>
    lighthouse(url, { port, logLevel: 'error', onlyCategories: ['accessibility'], disableStorageReset: true }),
  );

/**
 * The review studio as the client sees it: puppeteer-core joins the browser at `port` (its
 * cookies: signed in), opens the project page `url` on the phone screen Lighthouse emulates,
 * selects the « Versions » tab, waits until the preview has loaded and the comments show, and
 * Lighthouse audits the page as it stands (snapshot mode: it does not load the page itself).
 */
async function studioAccessibility(url, port) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    try {
      const { width, height, deviceScaleFactor } = lighthouseConstants.screenEmulationMetrics.mobile;
      await page.emulate({
        viewport: { width, height, deviceScaleFactor, isMobile: true, hasTouch: true },
        userAgent: lighthouseConstants.userAgents.mobile,
      });
      await page.goto(url, { timeout: PAGE_TIMEOUT_MS });
      await page.locator(`::-p-aria([name="${STUDIO_TAB}"][role="tab"])`).setTimeout(PAGE_TIMEOUT_MS).click();
      await page.waitForFunction(
        (comments) =>
          globalThis.document.querySelector('[data-testid="review-video"]')?.readyState >=
            globalThis.HTMLMediaElement.HAVE_METADATA &&
          globalThis.document.querySelectorAll('[data-testid="comment"]').length >= comments,
        { timeout: PAGE_TIMEOUT_MS },
        BENCH_COMMENTS.length,
      );
      return await accessibilityReport(`${url} (${STUDIO_TAB})`, () =>
        snapshot(page, {
          config: { extends: 'lighthouse:default', settings: { onlyCategories: ['accessibility'] } },
          flags: { logLevel: 'error' },
        }),
      );
    } finally {
      await page.close();
    }
  } finally {
    await browser.disconnect();
  }
}

/**
 * Lighthouse's accessibility score of each page, in a chromium of its own that Lighthouse drives
 * through its debugging port: the public pages as a visitor sees them, then the client's own
 * pages once signed in in that browser's (default) context.
 */
async function lighthouseScores(appUrl, projectId) {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rushflow-bench-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    args: [...CHROMIUM.args, `--remote-debugging-port=${port}`],
    headless: true,
    locale: 'fr-FR',
  });
  const scores = {};
  try {
    let signedIn = false;
    for (const page of LIGHTHOUSE_PAGES) {
      if (page.signedIn && !signedIn) {
        await signInWith(context, appUrl);
        signedIn = true;
      }
      const pagePath = page.path(projectId);
      const url = `${appUrl}${pagePath}`;
      const { lhr, audits } = page.studio
        ? await studioAccessibility(url, port)
        : await navigationAccessibility(url, port);
      if (new URL(lhr.finalDisplayedUrl).pathname !== pagePath)
        throw new Error(`${pagePath} ended on ${lhr.finalDisplayedUrl}: the page did not show`);
      const failed = audits
        .filter((audit) => audit.score !== null && audit.score < 1)
        .map((audit) => ({
          audit: audit.id,
          nodes: (audit.details?.items ?? []).map((item) => item.node?.selector).filter(Boolean),
        }));
      const name = page.studio ? `${page.path(':id')} (${STUDIO_TAB})` : page.path(':id');
      scores[name] = { score: Math.round(lhr.categories.accessibility.score * 100), failed };
      log(
        `lighthouse ${name}: accessibility ${scores[name].score}` +
          failed.map(({ audit, nodes }) => `; ${audit} (${nodes.slice(0, 3).join(', ')})`).join(''),
      );
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return scores;
}

if (!args.has('--no-browser')) {
  const config = stackConfig(process.env.BENCH_PROFILE ?? 'dev', ROOT);
  const appUrl = config.appUrl;
  if (!/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(appUrl)) throw new Error(`not a loopback address: ${appUrl}`);
  const up = await fetch(`${appUrl}/`).then(
    (response) => response.ok,
    () => false,
  );
  if (!up) throw new Error(`nothing answers at ${appUrl}: start the stack first (npm start, or BENCH_PROFILE=test)`);
  const projectId = await benchProject(config);
  if (!LIGHTHOUSE_ONLY) {
    const browser = await chromium.launch({ ...CHROMIUM, headless: true });
    try {
      const signedIn = await signInState(browser, appUrl);
      results.pages = {};
      for (const page of PAGES) {
        const url = `${appUrl}${page.path(projectId)}`;
        const samples = [];
        for (let run = 1; run <= RUNS; run += 1) {
          const sample = await measure(browser, url, page.signedIn ? signedIn : undefined);
          if (sample.finalPath !== new URL(url).pathname)
            throw new Error(`${url} ended on ${sample.finalPath}: the page did not show`);
          samples.push(sample);
          log(
            `${page.name} run ${run}: LCP ${Math.round(sample.lcpMs)} ms (${sample.lcpElement}), ` +
              `CLS ${sample.cls.toFixed(3)}, JS ${sample.scriptKiB.toFixed(1)} KiB in ${sample.scripts} files` +
              (sample.largestShift
                ? `; largest shift ${sample.largestShift.value.toFixed(3)} at ${Math.round(sample.largestShift.at)} ms: ${sample.largestShift.nodes.join(', ')}`
                : ''),
          );
        }
        results.pages[page.name] = {
          path: page.signedIn ? '/project/:id' : page.path(),
          lcpMs: Math.round(median(samples.map((sample) => sample.lcpMs))),
          cls: Number(median(samples.map((sample) => sample.cls)).toFixed(3)),
          jsTransferredKiB: Number(median(samples.map((sample) => sample.scriptKiB)).toFixed(1)),
          jsFiles: median(samples.map((sample) => sample.scripts)),
          lcpElement: samples.at(-1).lcpElement,
        };
      }
    } finally {
      await browser.close();
    }
  }
  if (!args.has('--no-lighthouse')) results.lighthouse = await lighthouseScores(appUrl, projectId);
}

results.loadAfter = loadAverage();
log(`load average after: ${results.loadAfter}`);

if (results.bundles) {
  const rows = PAGES.map((page) => {
    const bundle = results.bundles[page.name];
    const measured = results.pages?.[page.name];
    return [
      measured?.path ?? page.path(':id'),
      `${bundle.gzipKiB}`,
      measured ? `${measured.lcpMs}` : '—',
      measured ? measured.cls.toFixed(3) : '—',
      measured ? `${measured.jsTransferredKiB}` : '—',
    ];
  });
  const header = ['page', 'JS gzip before render (KiB)', `LCP median (ms)`, 'CLS median', 'JS transferred (KiB)'];
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index].length)));
  const line = (cells) => cells.map((cell, index) => cell.padEnd(widths[index])).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    `landing JS ≤ ${LANDING_GOAL_KIB} KiB gzip: ${results.landingGoalMet ? 'met' : `NOT met (${results.landingGzipKiB} KiB)`}`,
  );
}
if (results.pages) {
  const over = (key, goal) => PAGES.filter((page) => results.pages[page.name][key] > goal).map((page) => page.name);
  const lcpOver = over('lcpMs', LCP_GOAL_MS);
  const clsOver = over('cls', CLS_GOAL);
  results.lcpGoalMissedBy = lcpOver;
  results.clsGoalMissedBy = clsOver;
  console.log(`LCP ≤ ${LCP_GOAL_MS} ms: ${lcpOver.length ? `NOT met by ${lcpOver.join(', ')}` : 'met by every page'}`);
  console.log(`CLS ≤ ${CLS_GOAL}: ${clsOver.length ? `NOT met by ${clsOver.join(', ')}` : 'met by every page'}`);
}
if (results.lighthouse) {
  const pages = Object.entries(results.lighthouse);
  const width = Math.max(...pages.map(([name]) => name.length), 'page'.length);
  console.log(`${'page'.padEnd(width)}  Lighthouse accessibility`);
  for (const [name, { score }] of pages) console.log(`${name.padEnd(width)}  ${score}`);
  const below = pages.filter(([, { score }]) => score < LIGHTHOUSE_GOAL).map(([name]) => name);
  results.lighthouseGoalMissedBy = below;
  console.log(
    `Lighthouse accessibility ${LIGHTHOUSE_GOAL}: ${below.length ? `NOT met by ${below.join(', ')}` : 'met by every page'}`,
  );
}
console.log(JSON.stringify({ bench: 'web', ...results }));
