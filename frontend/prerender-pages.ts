import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

/** Where the build writes a page's HTML: `dist/prerendered/index.html` for `/`, `…/pricing.html` for `/pricing`. */
const prerenderedFile = (pathname: string) => `prerendered/${pathname === '/' ? 'index' : pathname.slice(1)}.html`;

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Writes the HTML of the public pages that a first visit lands on at build time, so that their
 * text shows before any script has run (the api serves it for that address, every other address
 * gets the empty shell, see api/middleware/static-frontend.ts): `entry` (frontend/src/prerender.tsx)
 * is built for Node and renders each page with react-dom's `prerender`, the same components the
 * browser then takes over (`hydrateRoot` in main.tsx). Each page's HTML also preloads its route
 * module and that module's imports, which the browser needs before it takes the page over.
 * `pages` maps an address to its route module (relative to the front end's root).
 */
export function prerenderPages({ entry, pages }: { entry: string; pages: Record<string, string> }): Plugin {
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
      // Within the project, so that Node finds the packages the render imports.
      await mkdir(config.cacheDir, { recursive: true });
      const outDir = await mkdtemp(path.join(config.cacheDir, 'prerender-'));
      try {
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
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const { prerenderPage } = (await import(pathToFileURL(path.join(outDir, 'prerender.mjs')).href)) as {
          prerenderPage: (pathname: string) => Promise<string>;
        };
        for (const [pathname, routeModule] of Object.entries(pages)) {
          // React writes the page's <title> first; it replaces the shell's in the head.
          const rendered = await prerenderPage(pathname);
          const title = /^<title>.*?<\/title>/.exec(rendered)?.[0];
          const html = title ? rendered.slice(title.length) : rendered;
          // A Suspense boundary still loading when React wrote the page comes with inline scripts,
          // which the pages' Content-Security-Policy refuses (and the browser then renders it anew).
          if (html.includes('<script')) this.error(`${pathname} was written with an inline script`);
          const preloads = routeModulePreloads(bundle, path.resolve(config.root, routeModule), template)
            .map((file) => `<link rel="modulepreload" crossorigin href="${config.base}${file}">`)
            .join('');
          this.emitFile({
            type: 'asset',
            fileName: prerenderedFile(pathname),
            source: template
              .replace(/<title>.*?<\/title>/, title ?? '$&')
              .replace('</head>', `${preloads}</head>`)
              .replace(EMPTY_ROOT, `<div id="root">${html}</div>`),
          });
        }
      } finally {
        await rm(outDir, { recursive: true, force: true });
      }
    },
  };
}

/** The chunk of a route module and every chunk it imports statically, less those the shell already names. */
function routeModulePreloads(bundle: Rollup.OutputBundle, modulePath: string, shell: string): string[] {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const routeChunk = chunks.find((chunk) => chunk.facadeModuleId === modulePath);
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
