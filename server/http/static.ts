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
  '.map': 'application/json; charset=utf-8',
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

async function fileAt(file: string): Promise<Stats | null> {
  try {
    const stats = await stat(file)
    return stats.isFile() ? stats : null
  } catch {
    return null
  }
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  stats: Stats,
  cache: string,
) {
  res.statusCode = 200
  res.setHeader(
    'Content-Type',
    CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
  )
  res.setHeader('Content-Length', stats.size)
  res.setHeader('Cache-Control', cache)
  res.setHeader('Last-Modified', stats.mtime.toUTCString())
  if (req.method === 'HEAD') return void res.end()
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res)
}

/**
 * Serves the built app from `distDir`: files as they are, and index.html for any other page a
 * browser asks for (client-side routes). Without a build, pages get a 503 explaining why.
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
    const file = path.resolve(root, relative)
    if (relative !== '' && file.startsWith(root + path.sep) && !relative.includes('\0')) {
      const stats = await fileAt(file)
      if (stats) return send(req, res, file, stats, cacheControl(relative))
    }
    const wantsPage = (req.headers.accept ?? '').includes('text/html')
    if (!wantsPage && relative !== '') {
      res.statusCode = 404
      res.setHeader('Content-Type', 'text/plain; charset=utf-8')
      return void res.end('Not found\n')
    }
    const index = path.join(root, 'index.html')
    const stats = await fileAt(index)
    if (stats) return send(req, res, index, stats, 'no-cache')
    res.statusCode = 503
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', 'no-store')
    res.end(NOT_BUILT)
  }
}
