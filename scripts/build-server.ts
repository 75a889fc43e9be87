/**
 * `npm run build:server`: bundles the server and the operator scripts into plain JavaScript in
 * `dist-server/`, so that production runs `node dist-server/index.js` with no TypeScript loader.
 *
 * Pure-JavaScript dependencies (better-auth with Kysely, zod and jose; Yjs) are bundled in: Node
 * then loads a few tree-shaken files instead of well over a thousand modules, which is most of
 * what keeps the idle server small (about 70 MB resident instead of 94 MB with them external). The
 * packages left external are native, load their own optional native helpers, or are loaded only
 * when configured (PostgreSQL, Redis); they stay in `dependencies`.
 */
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { LIB0_DECODING, LIB0_ENCODING, lib0DepthFix } from './lib0Depth.ts'
import { YJS_MODULE, withSingleValueContent } from './yjsSingleValue.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

/** Where the built server goes. */
export const SERVER_OUT_DIR = path.join(ROOT, 'dist-server')

/**
 * Each output file and its source: `dist-server/<name>.js`. An operator script that must run in
 * the image (see the Dockerfile) is one more line here.
 */
export const SERVER_ENTRIES: Record<string, string> = {
  index: 'server/index.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'reset-password': 'scripts/reset-password.ts',
}

/** Resolved at run time from node_modules, never bundled. */
export const SERVER_EXTERNALS = [
  // Native addon.
  'better-sqlite3',
  // ws and pg look for optional native speed-ups with a guarded require.
  'ws',
  'bufferutil',
  'utf-8-validate',
  'pg',
  'pg-native',
]

/** Yjs's single values in arrays of their own size: a room holds its book as a Y.Doc. */
const yjsSingleValueContent: Plugin = {
  name: 'yjs-single-value-content',
  setup(build) {
    build.onLoad({ filter: YJS_MODULE }, ({ path: file }) => ({
      contents: withSingleValueContent(readFileSync(file, 'utf8')),
      loader: 'js',
    }))
  },
}

/**
 * lib0 reads and writes a value of any depth without recursion (see scripts/lib0Depth.ts): a
 * room loads a book that holds one from storage.
 */
const lib0Depth: Plugin = {
  name: 'lib0-depth',
  setup(build) {
    for (const filter of [LIB0_DECODING, LIB0_ENCODING]) {
      build.onLoad({ filter }, ({ path: file }) => ({
        contents: lib0DepthFix(file, readFileSync(file, 'utf8')) as string,
        loader: 'js',
      }))
    }
  },
}

/** Bundles every entry of SERVER_ENTRIES into `outDir` (emptied first). */
export async function buildServer(outDir = SERVER_OUT_DIR): Promise<void> {
  rmSync(outDir, { recursive: true, force: true })
  await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    // Shared code (config, storage) is one chunk; PostgreSQL and Redis code are chunks loaded
    // by dynamic import only when configured.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: SERVER_EXTERNALS,
    plugins: [yjsSingleValueContent, lib0Depth],
    // Bundled CommonJS packages call require() for Node built-ins; ESM output has none.
    banner: {
      js: "import { createRequire as __rinCreateRequire } from 'node:module'; const require = __rinCreateRequire(import.meta.url);",
    },
    // Not minified: a stack trace in an operator's log stays readable.
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer()
  process.stdout.write(`server built into ${path.relative(ROOT, SERVER_OUT_DIR)}/\n`)
}
