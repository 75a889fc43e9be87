/**
 * A new device's first sync as one HTTP download. Over the socket the whole book is one Yjs
 * message, deflated (the socket's only compression a browser can undo in script): 4.5 MB for the
 * benchmark's book of 100,000 payments (9.9 MB, receipts included). Over HTTP the browser undoes
 * brotli itself: 3.4 MB, a quarter less to carry over slow 4G. The app fetches this before its socket's handshake, which
 * then brings only what changed since (see `src/data/sync/room.ts`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Brotli quality 5 with a 4 MiB window: for the benchmark's 9.9 MB book, 3.4 MB in 0.5 s of
 * zlib's thread pool (quality 9: 3.2 MB in 2.1 s; gzip: 4.5 MB).
 */
export const BROTLI_QUALITY = 5
export const BROTLI_WINDOW_BITS = 22

/** The encodings of an Accept-Encoding header that are not refused with q=0. */
function accepted(header: string | undefined): Set<string> {
  const encodings = new Set<string>()
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param))
    if (name && !refused) encodings.add(name)
  }
  return encodings
}

/**
 * Answers with `content` (a book's state, or a picture of its dashboard), compressed as the client
 * accepts (brotli, else gzip, else as it is), with `headers` besides; `type` is its Content-Type.
 */
export async function sendCompressed(
  req: IncomingMessage,
  res: ServerResponse,
  content: Uint8Array,
  headers: Readonly<Record<string, string | number>> = {},
  type = 'application/octet-stream',
): Promise<void> {
  const encodings = accepted(req.headers['accept-encoding'])
  let body: Uint8Array = content
  let encoding: string | null = null
  if (encodings.has('br')) {
    body = await brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    })
    encoding = 'br'
  } else if (encodings.has('gzip')) {
    body = await gzipAsync(content)
    encoding = 'gzip'
  }
  if (res.destroyed) return
  res.statusCode = 200
  res.setHeader('Content-Type', type)
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Vary', 'Accept-Encoding')
  if (encoding) res.setHeader('Content-Encoding', encoding)
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.setHeader('Content-Length', body.byteLength)
  res.end(req.method === 'HEAD' ? undefined : body)
}
