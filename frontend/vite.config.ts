import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { PROJECT_PAGE_PATTERN } from '../domain/signed-in-pages';
import { prerenderPages } from './prerender-pages';

/** Absolute path of a folder relative to this file (POSIX; the config runs in Node). */
const here = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname).replace(/\/$/, '');

const frontendRoot = here('.');
const repoRoot = here('..');

const port = Number(process.env.VITE_PORT ?? 5173);
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

const proxy = {
  '/api': {
    target: apiTarget,
    changeOrigin: true,
  },
};

export default defineConfig({
  root: frontendRoot,
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // The public pages a first visit lands on, written as HTML: their text shows before the scripts run.
    prerenderPages({
      entry: 'src/prerender.tsx',
      pages: {
        '/': 'src/app/routes/home.tsx',
        '/pricing': 'src/app/routes/pricing.tsx',
        '/brief': 'src/app/routes/brief.tsx',
      },
      // Drawn by the api for a signed-in visitor at each request (api/pages/signed-in-pages.ts).
      signedInPages: { [PROJECT_PAGE_PATTERN]: 'src/app/routes/project.tsx' },
    }),
    // Brotli and gzip copies beside each asset, served as they are by the api (no compression per request).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      exclude: [/\.(png|jpe?g|webp|woff2?)$/],
      threshold: 1024,
    }),
  ],
  resolve: {
    alias: [
      { find: '@domain', replacement: here('../domain') },
      { find: '@', replacement: here('./src') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps: the api serves dist/ to everyone, and a map hands out the sources with their comments.
    sourcemap: false,
    rollupOptions: {
      output: {
        // Icons, small components and helpers shared by a few pages were chunks of a few hundred
        // bytes each, fetched in waves: Rollup merges those without side effects into a chunk
        // loaded in the same cases.
        experimentalMinChunkSize: 8_000,
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    port,
    strictPort: true,
    proxy,
    fs: { allow: [repoRoot] },
  },
  preview: {
    port,
    strictPort: true,
    proxy,
  },
});
