/**
 * A link that drops: a TCP proxy that carries the answers to chosen requests at a set rate, and
 * cuts the connection of the first of them once so many bytes of its answer have come down, as
 * a phone's link drops part way through a download. The answers after it pass whole; everything
 * else passes at full speed.
 */
import { startTcpProxy, type TcpProxy } from './tcpProxy.ts'

export interface CuttingProxy extends TcpProxy {
  /** Bytes of answers to the chosen requests carried to the browser, cut or not. */
  readonly chosenDownBytes: number
  /** Whether the cut was made. */
  readonly cut: boolean
}

/** A piece of a chosen answer: written one every `SLICE_BYTES / rate` seconds. */
const SLICE_BYTES = 16 * 1024

/**
 * Listens on a free port of 127.0.0.1 and forwards to `target`. A request is chosen when `chosen`
 * says so of the bytes that carry it (a browser reuses connections, so every request on a
 * connection is looked at, not only its first); chosen answers come at `bytesPerSecond`, and the
 * first is cut after `cutAfter` bytes.
 */
export async function startCuttingProxy(
  target: { host: string; port: number },
  chosen: (requestBytes: Buffer) => boolean,
  { cutAfter, bytesPerSecond }: { cutAfter: number; bytesPerSecond: number },
): Promise<CuttingProxy> {
  let chosenDownBytes = 0
  let cut = false
  const proxy = await startTcpProxy(target, (client, upstream) => {
    // Whether the request now on this connection is a chosen one, and if it is the one to cut.
    let pacing = false
    let cutting = false
    client.on('data', (bytes: Buffer) => {
      pacing = chosen(bytes)
      if (pacing && !cut) {
        cut = true
        cutting = true
      }
      upstream.write(bytes)
    })
    // A chosen answer, a slice at a time: the browser reads it as it comes, as over a real link.
    const queue: Buffer[] = []
    let sent = 0
    let timer: NodeJS.Timeout | null = null
    const pump = () => {
      timer = null
      const head = queue[0]
      if (!head || client.destroyed) return
      let piece = head.subarray(0, SLICE_BYTES)
      if (cutting) piece = piece.subarray(0, cutAfter - sent)
      if (piece.length === head.length) queue.shift()
      else queue[0] = head.subarray(piece.length)
      sent += piece.length
      chosenDownBytes += piece.length
      client.write(piece)
      if (queue.length < 4) upstream.resume()
      if (cutting && sent >= cutAfter) {
        // The link drops: the browser's connection closes part way through the answer (closed,
        // not reset: a reset makes its system throw away what arrived and was not yet read),
        // and the server's too.
        cutting = false
        queue.length = 0
        client.end()
        upstream.destroy()
        return
      }
      timer = setTimeout(pump, (piece.length / bytesPerSecond) * 1000)
    }
    upstream.on('data', (bytes: Buffer) => {
      if (!pacing) return void client.write(bytes)
      queue.push(bytes)
      if (queue.length > 16) upstream.pause()
      timer ??= setTimeout(pump, 0)
    })
    const finish = () => {
      if (queue.length === 0) return void client.end()
      setTimeout(finish, 50)
    }
    upstream.on('end', finish)
    client.on('end', () => upstream.end())
    client.on('close', () => {
      if (timer) clearTimeout(timer)
    })
  })
  return {
    port: proxy.port,
    get chosenDownBytes() {
      return chosenDownBytes
    },
    get cut() {
      return cut
    },
    close: proxy.close,
  }
}
