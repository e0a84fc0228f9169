import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import {
  EMPTY_ROOT,
  fillPageShell,
  SSR_DIR,
  SSR_ENTRY_FILE,
  SSR_MANIFEST_FILE,
  type SignedInPagesManifest,
} from '../domain/page-shell';

/** Where the build writes a page's HTML: `dist/prerendered/index.html` for `/`, `…/pricing.html` for `/pricing`. */
const prerenderedFile = (pathname: string) => `prerendered/${pathname === '/' ? 'index' : pathname.slice(1)}.html`;

/**
 * Writes the HTML of the public pages that a first visit lands on at build time, so that their
 * text shows before any script has run (the api serves it for that address, every other address
 * gets the empty shell, see api/middleware/static-frontend.ts): `entry` (frontend/src/prerender.tsx)
 * is built for Node and renders each page with react-dom's `prerender`, the same components the
 * browser then takes over (`hydrateRoot` in main.tsx). Each page's HTML also preloads its route
 * module and that module's imports, which the browser needs before it takes the page over.
 * `pages` maps an address to its route module (relative to the front end's root).
 *
 * The same render serves the signed-in pages the api draws per request (api/pages/signed-in-pages.ts):
 * the build keeps it in `dist/ssr/` (never served) with `dist/ssr/manifest.json`, which names the
 * modules each of `signedInPages` (a route pattern → its route module) preloads.
 */
export function prerenderPages({
  entry,
  pages,
  signedInPages,
}: {
  entry: string;
  pages: Record<string, string>;
  signedInPages: Record<string, string>;
}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'rushflow:prerender-pages',
    apply: 'build',
    // After Vite has written index.html's scripts, before the compression plugin copies the files.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const shell = bundle['index.html'];
      if (shell?.type !== 'asset' || typeof shell.source !== 'string' || !shell.source.includes(EMPTY_ROOT))
        this.error(`index.html has no ${EMPTY_ROOT} to fill`);
      const template = shell.source;
      // Within the project, so that Node finds the packages the render imports; kept for the api.
      const outDir = path.resolve(config.root, config.build.outDir, SSR_DIR);
      await rm(outDir, { recursive: true, force: true });
      await mkdir(outDir, { recursive: true });
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        publicDir: false,
        resolve: { alias: config.resolve.alias },
        plugins: [react()],
        build: {
          ssr: entry,
          outDir,
          emptyOutDir: true,
          rollupOptions: { output: { entryFileNames: SSR_ENTRY_FILE } },
        },
      });
      const { prerenderPage } = (await import(pathToFileURL(path.join(outDir, SSR_ENTRY_FILE)).href)) as {
        prerenderPage: (pathname: string) => Promise<string>;
      };
      const preloadsOf = (routeModule: string) =>
        routeModulePreloads(bundle, path.resolve(config.root, routeModule), template).map(
          (file) => `${config.base}${file}`,
        );
      for (const [pathname, routeModule] of Object.entries(pages)) {
        const rendered = await prerenderPage(pathname);
        // A Suspense boundary still loading when React wrote the page comes with inline scripts,
        // which the pages' Content-Security-Policy refuses (and the browser then renders it anew).
        if (rendered.includes('<script')) this.error(`${pathname} was written with an inline script`);
        this.emitFile({
          type: 'asset',
          fileName: prerenderedFile(pathname),
          source: fillPageShell(template, { rendered, preloads: preloadsOf(routeModule) }),
        });
      }
      const manifest: SignedInPagesManifest = {
        pages: Object.fromEntries(
          Object.entries(signedInPages).map(([pattern, routeModule]) => [
            pattern,
            { preloads: preloadsOf(routeModule) },
          ]),
        ),
      };
      await writeFile(path.join(outDir, SSR_MANIFEST_FILE), JSON.stringify(manifest));
    },
  };
}

/** The chunk of a route module and every chunk it imports statically, less those the shell already names. */
function routeModulePreloads(bundle: Rollup.OutputBundle, modulePath: string, shell: string): string[] {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  // A small route module may have been merged into a chunk of its own imports (experimentalMinChunkSize).
  const routeChunk =
    chunks.find((chunk) => chunk.facadeModuleId === modulePath) ??
    chunks.find((chunk) => chunk.moduleIds.includes(modulePath));
  if (!routeChunk) throw new Error(`no chunk for ${modulePath}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const imported of (bundle[fileName] as Rollup.OutputChunk).imports) visit(imported);
  };
  visit(routeChunk.fileName);
  return [...files].filter((file) => !shell.includes(file));
}
