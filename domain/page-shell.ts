/**
 * The HTML of a page drawn before the browser runs its scripts: the build's shell (`index.html`)
 * with the page's title, the modules it preloads, its rendered content and, for a signed-in page,
 * the state it was drawn with. The build fills it for the public pages (frontend/prerender-pages.ts),
 * the api for the signed-in ones (api/pages/signed-in-pages.ts), from the render the build keeps.
 */

/** The folder of the build (`frontend/dist/ssr`) holding the render for Node; never served. */
export const SSR_DIR = 'ssr';
/** The render's module in that folder: `prerenderPage` and `renderSignedInPage` (frontend/src/prerender.tsx). */
export const SSR_ENTRY_FILE = 'render.mjs';
/** What the build tells the api about the signed-in pages it may draw. */
export const SSR_MANIFEST_FILE = 'manifest.json';

export interface SignedInPagesManifest {
  /** By route pattern (`/project/:projectId`): the modules its HTML preloads (addresses). */
  pages: Record<string, { preloads: string[] }>;
}

export const EMPTY_ROOT = '<div id="root"></div>';

/** JSON that stays data inside a `<script>` element whatever its strings hold (`</script>`, `<!--`). */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * `rendered` is React's output for the page: its `<title>` first (it replaces the shell's), then
 * the page. `state`, when given, goes in a JSON element with the id `stateId`: the browser reads
 * it, never runs it (the Content-Security-Policy allows no inline script).
 */
export function fillPageShell(
  template: string,
  { rendered, preloads, state }: { rendered: string; preloads: string[]; state?: { id: string; value: unknown } },
): string {
  const title = /^<title>.*?<\/title>/.exec(rendered)?.[0];
  const html = title ? rendered.slice(title.length) : rendered;
  const links = preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  const data = state ? `<script type="application/json" id="${state.id}">${jsonForHtml(state.value)}</script>` : '';
  // Functions as replacements: a `$` in the page's text is not a replacement pattern.
  return template
    .replace(/<title>.*?<\/title>/, (shellTitle) => title ?? shellTitle)
    .replace('</head>', () => `${links}</head>`)
    .replace(EMPTY_ROOT, () => `<div id="root">${html}</div>${data}`);
}
