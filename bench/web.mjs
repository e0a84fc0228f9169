// The pages' figures on a phone (`npm run bench:web`):
//
// 1. Landing JavaScript: from the built `frontend/dist/index.html` (`--build` runs `vite build`
//    first), the entry script, its modulepreloads and their static imports, plus the chunk of the
//    page's route module (frontend/src/app/routes/<route>.tsx) and its static imports; each file
//    gzipped (level 9), summed. Goal for `/`: ≤ 170 KiB. The same sum for /pricing, /brief and the
//    project page (what they need before they show anything).
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
//    Pages: `/`, `/pricing`, `/brief`, and a project of the demo client (a project of the bench's
//    own, written into the stack's database once and found again by its title), signed in through
//    Keycloak's form once per bench (the session, Keycloak's and the api's page session, is then
//    carried into each run's context: a returning user opening their project).
//
// Runs against a running stack on loopback: `npm start` (profile dev), or BENCH_PROFILE=test with
// RUSHFLOW_PORT_OFFSET / RUSHFLOW_DATA_DIR as the stack was started. `--no-browser` only does part 1;
// BENCH_WEB_PAGES=pricing,project keeps those pages (and the landing); BENCH_WEB_WATERFALL=1 prints
// each load's requests (start → end, from the navigation).
// Prints a table and a JSON line; the load average is printed before and after.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices } from '@playwright/test';
import { builtChunks, CHROMIUM, loadAverage } from './lib/kit.mjs';
import { stackConfig } from '../scripts/lib/stack-config.mjs';
import { PAGE_SESSION_COOKIE } from '../api/pages/page-session.ts';
import { Project } from '../db/entities/index.ts';
import { initOrm } from '../db/orm.ts';
import { loginWithPassword } from '../tests/support/keycloak-login.ts';
import { seedProject } from '../tests/support/project-seed.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = new Set(process.argv.slice(2));
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

// ——— 1. What each page needs before it shows anything (static, from the build) ———
if (args.has('--build')) {
  log('building the front end (vite build)…');
  execFileSync(
    path.join(ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
}
const dist = path.join(ROOT, 'frontend', 'dist');
const { entries, preloads, closure, routeChunk, gzipSize } = builtChunks(dist);
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
log(
  `JavaScript before the first render (gzip -9): ` +
    PAGES.map((page) => `${page.name} ${results.bundles[page.name].gzipKiB} KiB`).join(', '),
);
log(`  home: ${results.bundles.home.largest.join(', ')} (KiB)`);
results.landingGzipKiB = results.bundles.home.gzipKiB;
results.landingGoalMet = results.landingGzipKiB <= LANDING_GOAL_KIB;

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

/** The demo client's project of the bench, written into the stack's database the first time. */
async function benchProject(config) {
  const token = await loginWithPassword({
    keycloakUrl: config.env.KEYCLOAK_URL,
    realm: config.env.KEYCLOAK_REALM,
    clientId: config.env.KEYCLOAK_SPA_CLIENT_ID,
    redirectUri: `${config.appUrl}/login`,
    email: CLIENT.email,
    password: CLIENT.password,
  });
  const clientId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const orm = await initOrm(config.env.DATABASE_URL);
  try {
    const em = orm.em.fork();
    const existing = await em.findOne(Project, { title: BENCH_PROJECT_TITLE, clientId });
    if (existing) return existing.id;
    return await seedProject(em, {
      client: { id: clientId, email: CLIENT.email },
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
    });
  } finally {
    await orm.close(true);
  }
}

/** Signs the demo client in through Keycloak's own form once; returns the browser state to reuse. */
async function signInState(browser, appUrl) {
  const context = await browser.newContext({ ...PHONE, locale: 'fr-FR' });
  try {
    const page = await context.newPage();
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
    return await context.storageState();
  } finally {
    await context.close();
  }
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

results.loadAfter = loadAverage();
log(`load average after: ${results.loadAfter}`);

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
if (results.pages) {
  const over = (key, goal) => PAGES.filter((page) => results.pages[page.name][key] > goal).map((page) => page.name);
  const lcpOver = over('lcpMs', LCP_GOAL_MS);
  const clsOver = over('cls', CLS_GOAL);
  results.lcpGoalMissedBy = lcpOver;
  results.clsGoalMissedBy = clsOver;
  console.log(`LCP ≤ ${LCP_GOAL_MS} ms: ${lcpOver.length ? `NOT met by ${lcpOver.join(', ')}` : 'met by every page'}`);
  console.log(`CLS ≤ ${CLS_GOAL}: ${clsOver.length ? `NOT met by ${clsOver.join(', ')}` : 'met by every page'}`);
}
console.log(JSON.stringify({ bench: 'web', ...results }));
