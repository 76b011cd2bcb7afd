/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * Modules with no side effects whose package.json does not say so (CommonJS, so the bundler keeps
 * them even when nothing uses their exports): @emotion/react imports hoist-non-react-statics, with
 * its copy of react-is, for withTheme only, which nothing here uses (1.2 KiB of the home page).
 */
function sideEffectFree(id: RegExp): Plugin {
  return {
    name: 'side-effect-free',
    transform: { filter: { id }, handler: (code) => ({ code, moduleSideEffects: false }) },
  };
}

const STYLE_MEMO = fileURLToPath(new URL('./src/client/app/server-style-memo.ts', import.meta.url));

/**
 * The server renderer's emotion serialises a styled element's styles once per component, props and theme instead of
 * on every render (src/client/app/server-style-memo.ts, docs/decisions/0200): its imports of `@emotion/serialize`,
 * but the memo's own, go to the memo. The browser's build keeps emotion's.
 */
function serverStyleMemo(): Plugin {
  return {
    name: 'server-style-memo',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^@emotion\/serialize$/ },
      handler(source, importer) {
        return importer === STYLE_MEMO ? null : STYLE_MEMO;
      },
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** Small modules nearly every page imports (SvgIcon and its factory, Container, the visually hidden style, two hooks). */
const EVERY_PAGE_SMALL_MODULES =
  /[\\/](createSvgIcon|SvgIcon|visually-hidden|Container|createContainer|use-browser-value|intl-formats)[\\/.]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    sideEffectFree(/\/node_modules\/hoist-non-react-statics\//),
    ...(isSsrBuild ? [serverStyleMemo()] : []),
  ],
  // #client/*, #server/* and #shared/* name modules of either extension (.ts or .tsx), and #tests/* the
  // tests' support; package.json's imports map the three roots for Node (.ts only), tsconfig's paths
  // map all four for the type checker.
  resolve: {
    alias: [
      ...['client', 'server', 'shared'].map((root) => ({
        find: new RegExp(`^#${root}/`),
        replacement: fileURLToPath(new URL(`./src/${root}/`, import.meta.url)),
      })),
      { find: /^#tests\//, replacement: fileURLToPath(new URL('./tests/', import.meta.url)) },
      // React 19 has useSyncExternalStore: react-i18next's import of the shim for older Reacts takes React's own (0.4
      // KiB).
      { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
    ],
  },
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: `npm run bench` walks each route's chunk graph to measure what it loads.
    manifest: true,
    chunkSizeWarningLimit: 900,
    // Every browser we support knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // The server renderer's build (dist/server) needs no copy of public/.
    copyPublicDir: !isSsrBuild,
    // The server renderer, and its entry for the server's render threads (src/server/pages/render-threads.ts).
    ...(isSsrBuild
      ? {
          rolldownOptions: {
            input: {
              'entry-server': 'src/client/app/entry-server.tsx',
              'render-thread': 'src/client/app/render-thread.ts',
            },
          },
        }
      : // Every module the entry imports statically, in one chunk: every page loads all of them at start
        // anyway, and the bundler otherwise splits those that lazy pages share into eight small files.
        // The few small modules nearly every page imports lazily (icons, the container, the formats) join
        // them too: as files of a few hundred bytes each they cost every page an import line and a gzip
        // stream of their own (home 150.5 -> 149.8 KiB, each public route about 0.6 KiB less).
        {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'start', tags: ['$initial'] },
                  { name: 'start', test: EVERY_PAGE_SMALL_MODULES },
                ],
              },
            },
          },
        }),
  },
  // The server renderer bundles its dependencies, built for production like the browser's: React, MUI
  // and emotion must produce exactly the markup and class names the browser hydrates (no development labels).
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['tests/support/unit-setup.ts'],
          // Vitest's default is one worker fewer than the cores: one worker on these two (docs/decisions/0194)
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
}));
