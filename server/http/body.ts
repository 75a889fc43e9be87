import type { IncomingMessage } from 'node:http'

/** Thrown while reading a body over its limit. */
export class BodyTooLarge extends Error {}

/** Reads the body, throwing BodyTooLarge as soon as it passes `limit` (chunked bodies too). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.off('data', onData)
        req.pause()
        reject(new BodyTooLarge())
        return
      }
      chunks.push(chunk)
    }
    req.on('data', onData)
    req.once('end', () => resolve(Buffer.concat(chunks)))
    req.once('error', reject)
    // A client that gives up half-way: nothing more comes (a no-op after 'end').
    req.once('close', () => reject(new Error('request closed before its body ended')))
  })
}
