/**
 * Part of `npm run build:app`, after `vite build`: writes `<file>.br` (brotli, quality 11) and
 * `<file>.gz` (gzip, level 9) beside every compressible file of the built app, so the server
 * sends compressed bytes without compressing anything per request (server/http/static.ts picks
 * the variant by Accept-Encoding). Quality 11 is too slow to run per request, and fine once.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const ROOT = path.resolve(import.meta.dirname, '..')

/** Extensions worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Every file under `dir`, as paths relative to it (dot-directories such as .vite skipped). */
function listFiles(dir: string, prefix = ''): string[] {
  const files: string[] = []
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue
    const relative = path.join(prefix, entry.name)
    if (entry.isDirectory()) files.push(...listFiles(dir, relative))
    else files.push(relative)
  }
  return files
}

/** Compresses what `distDir` holds; returns how many variants were written. */
export async function precompress(distDir: string): Promise<number> {
  const sources = listFiles(distDir).filter((file) => COMPRESSIBLE.test(file))
  let written = 0
  await Promise.all(
    sources.map(async (relative) => {
      const file = path.join(distDir, relative)
      const raw = readFileSync(file)
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gz(raw, { level: 9 }),
      ])
      // A tiny file can come out bigger; the server then sends the raw one.
      if (br.length < raw.length) {
        writeFileSync(`${file}.br`, br)
        written++
      }
      if (gzipped.length < raw.length) {
        writeFileSync(`${file}.gz`, gzipped)
        written++
      }
    }),
  )
  return written
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const distDir = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist')
  if (!statSync(distDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`${distDir} does not exist: run vite build first`)
  }
  const written = await precompress(distDir)
  process.stdout.write(`precompressed: ${written} .br/.gz files in ${distDir}\n`)
}
