/// <reference types="vitest/config" />
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { lib0DepthFix } from './scripts/lib0Depth.ts'
import { signedInStartGroups } from './scripts/signedInChunks.ts'
import { YJS_MODULE, withSingleValueContent } from './scripts/yjsSingleValue.ts'

/** Yjs's single values in arrays of their own size (see scripts/yjsSingleValue.ts). */
function yjsSingleValueContent(): Plugin {
  return {
    name: 'yjs-single-value-content',
    apply: 'build',
    transform(code, id) {
      return YJS_MODULE.test(id) ? { code: withSingleValueContent(code), map: null } : null
    },
  }
}

/** lib0 reads and writes a value of any depth without recursion (see scripts/lib0Depth.ts). */
function lib0Depth(): Plugin {
  return {
    name: 'lib0-depth',
    apply: 'build',
    transform(code, id) {
      const fixed = lib0DepthFix(id, code)
      return fixed === null ? null : { code: fixed, map: null }
    },
  }
}

/** The lazily loaded chunks of the statement PDF, by the name Vite gives them. */
const PDF_CHUNKS = ['pdfmake', 'statementPdf']

// One config for the app build and for the two Vitest tiers. Browser tests (Playwright) live in
// playwright.config.ts and drive the production build served by the real server.
export default defineConfig({
  plugins: [
    react(),
    yjsSingleValueContent(),
    lib0Depth(),
    // The service worker precaches the built app so it opens, signed in, with no network at all;
    // the data itself comes from IndexedDB. New builds take over on the next load ('autoUpdate').
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by the app once a book is open (src/data/sync/serviceWorker.ts), not by the
      // page: a first visit to the login screen downloads the form, not every screen's code.
      injectRegister: false,
      strategies: 'generateSW',
      includeAssets: ['apple-touch-icon.png'],
      manifest: {
        name: 'Rin Khata',
        short_name: 'Rin Khata',
        description: 'A loan ledger for private money lenders that works offline',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#285e61',
        background_color: '#f9fafb',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The manifest, its icons and includeAssets are added by the plugin itself.
        globPatterns: ['**/*.{js,css,html}'],
        // The statement PDF's code (pdfmake and its fonts, ~450 kB compressed) is not precached:
        // a login visit on slow 4G would spend its first seconds on it. It is fetched when a
        // statement is first opened and kept from then on, so the PDF works offline after that.
        globIgnores: PDF_CHUNKS.map((name) => `**/${name}-*.js`),
        runtimeCaching: [
          {
            // A RegExp, not a function: the plugin writes this into sw.js, without closures.
            urlPattern: new RegExp(`/assets/(${PDF_CHUNKS.join('|')})-[^/]*\\.js$`),
            handler: 'CacheFirst',
            options: {
              cacheName: 'statement-pdf',
              // File names carry a content hash: a new build's chunks are new entries.
              expiration: { maxEntries: 8 },
            },
          },
        ],
        // The app's hashed files are answered from the precache by the browser itself, not by
        // this worker's script (public/sw-static-routes.js).
        importScripts: ['sw-static-routes.js'],
        navigateFallback: '/index.html',
        // These are the server's, never the app shell's: a cached index.html there would hide
        // an auth answer, the sync socket, a health check or a borrower's passbook page (/p/,
        // which must always come from the server: a revoked link must stop working) behind a
        // page that looks fine.
        navigateFallbackDenylist: [/^\/api\//, /^\/sync(\/|$)/, /^\/healthz$/, /^\/p\//],
        cleanupOutdatedCaches: true,
        // The page that installed the service worker is served by it from then on, not only
        // after a reload: a lender who opens a statement on the first visit (or keeps the app
        // open for days) has its PDF code kept for offline like everyone else.
        clientsClaim: true,
        // The service worker's own map would be public (sw.js is served); it is not needed.
        sourcemap: false,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    // Maps are written for an operator reading a stack trace, but no file links to them and the
    // server answers 404 for *.map: the source is not published.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the chunk graph, read by `npm run bench` (never served).
    manifest: true,
    // The page's own modules are preloaded from index.html; a lazy chunk's are not: the helper
    // that preloads them appends a link per module in one go, and on a reload those 55 appends
    // were one task of 300-400 ms on a phone-class CPU (140 ms with the code cache warm: the
    // modules, in the memory cache, seem to be compiled as each link goes in). Imported, they
    // come and compile one by one, each in a task of its own.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // The code a signed-in start needs, beyond the login screen's, in a file per part rather
    // than 55 (see scripts/signedInChunks.ts).
    rolldownOptions: { output: { codeSplitting: { groups: signedInStartGroups() } } },
  },
  resolve: {
    alias: [
      // Chakra's theme parts, file by file (see src/ui/theme.ts); its package exports omit them.
      {
        find: /^@chakra-ui\/react\/dist\/esm\/theme\/(.*)$/,
        replacement: path.resolve(
          import.meta.dirname,
          'node_modules/@chakra-ui/react/dist/esm/theme/$1',
        ),
      },
    ],
  },
  server: {
    // `npm run dev`: the API and the sync socket are served by the Node server on :3000.
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/sync': { target: 'ws://localhost:3000', ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A hang guard, not a speed check (the bench measures speed). Several tests build a
          // book of tens of thousands of payments; on a slow day of this two-core machine one
          // took 5.7 s and failed Vitest's default of 5 s, and four more took 3-4.5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/docker.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/globalSetup.ts'],
          setupFiles: ['tests/integration/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file starts its own real server; two cores, so keep files in sequence.
          fileParallelism: false,
        },
      },
      {
        // The image built and started from a clean copy: minutes of \`npm ci\` and a compiler,
        // mostly one core's work, so it runs beside the integration files rather than after them.
        extends: true,
        test: {
          name: 'image',
          include: ['tests/integration/docker.test.ts'],
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
