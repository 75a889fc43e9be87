import { createReadStream, type Stats } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Rin Khata</title>
<p>The app is not built yet. Run <code>npm run build</code>, then restart the server.</p>\n`

function cacheControl(relative: string): string {
  // Vite puts content-hashed files under assets/: their URL changes whenever they do.
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable'
  // The shell and the service worker must be revalidated, or an update never reaches anyone.
  return 'no-cache'
}

/** Encodings the build writes beside a file (scripts/precompress.ts), in order of preference. */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

// The files scripts/precompress.ts writes variants for; others are sent as they are.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/

/**
 * The codings a client accepts, from Accept-Encoding: `br;q=0` refuses brotli, `*` accepts any
 * coding not named.
 */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>()
  const refused = new Set<string>()
  let any = false
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const ok = q === undefined || Number(q.slice(2)) > 0
    if (name === '*') any = ok
    else (ok ? accepted : refused).add(name)
  }
  if (any) for (const { encoding } of VARIANTS) if (!refused.has(encoding)) accepted.add(encoding)
  return accepted
}

async function fileAt(file: string): Promise<Stats | null> {
  try {
    const stats = await stat(file)
    return stats.isFile() ? stats : null
  } catch {
    return null
  }
}

function etagOf(stats: Stats, encoding: string | null): string {
  // Each coding is its own representation, so it gets its own tag (RFC 9110 §8.8.3).
  const suffix = encoding ? `-${encoding}` : ''
  return `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${suffix}"`
}

function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match']
  if (!header) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  stats: Stats,
  cache: string,
): Promise<void> {
  let body = file
  let bodyStats = stats
  let encoding: string | null = null
  if (COMPRESSIBLE.test(file)) {
    // Caches must keep the compressed and the raw answer apart.
    res.setHeader('Vary', 'Accept-Encoding')
    const accepted = acceptedEncodings(req.headers['accept-encoding'])
    for (const variant of VARIANTS) {
      if (!accepted.has(variant.encoding)) continue
      const compressed = await fileAt(file + variant.suffix)
      if (!compressed) continue
      body = file + variant.suffix
      bodyStats = compressed
      encoding = variant.encoding
      break
    }
  }
  const etag = etagOf(bodyStats, encoding)
  res.setHeader('Cache-Control', cache)
  res.setHeader('ETag', etag)
  res.setHeader('Last-Modified', stats.mtime.toUTCString())
  if (notModified(req, etag)) {
    res.statusCode = 304
    return void res.end()
  }
  res.statusCode = 200
  res.setHeader(
    'Content-Type',
    CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
  )
  if (encoding) res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', bodyStats.size)
  if (req.method === 'HEAD') return void res.end()
  createReadStream(body)
    .on('error', () => res.destroy())
    .pipe(res)
}

function notFound(res: ServerResponse): void {
  res.statusCode = 404
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.end('Not found\n')
}

/**
 * Files the build leaves in dist/ that are not the app's to publish: source maps (the source
 * stays private) and dot-directories such as Vite's .vite/manifest.json.
 */
function isPrivate(relative: string): boolean {
  return relative.endsWith('.map') || relative.split('/').some((part) => part.startsWith('.'))
}

/**
 * Serves the built app from `distDir`: each file in the best pre-compressed variant the client
 * accepts (or as it is), and index.html for any other page a browser asks for (client-side
 * routes). Without a build, pages get a 503 explaining why.
 */
export function createStaticHandler(distDir: string) {
  const root = path.resolve(distDir)
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    let relative: string
    try {
      relative = decodeURIComponent(pathname).replace(/^\/+/, '')
    } catch {
      res.statusCode = 400
      return void res.end()
    }
    // Not even the app shell for these: a map or the manifest must not look like it exists.
    if (isPrivate(relative) || relative.includes('\0')) return notFound(res)
    const file = path.resolve(root, relative)
    if (relative !== '' && file.startsWith(root + path.sep)) {
      const stats = await fileAt(file)
      if (stats) return send(req, res, file, stats, cacheControl(relative))
    }
    const wantsPage = (req.headers.accept ?? '').includes('text/html')
    if (!wantsPage && relative !== '') return notFound(res)
    const index = path.join(root, 'index.html')
    const stats = await fileAt(index)
    if (stats) return send(req, res, index, stats, 'no-cache')
    res.statusCode = 503
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', 'no-store')
    res.end(NOT_BUILT)
  }
}
