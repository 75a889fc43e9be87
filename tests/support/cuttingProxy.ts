/**
 * A link that drops: a TCP proxy that carries everything at full speed, except that it cuts the
 * connection of a chosen request once so many bytes of its answer have come down, as a phone's
 * link drops part way through a download. Only the first such request is cut; the ones after it
 * pass whole.
 */
import net from 'node:net'

export interface CuttingProxy {
  readonly port: number
  /** Bytes of answers to the chosen requests carried to the browser, cut or not. */
  readonly chosenDownBytes: number
  /** Whether the cut was made. */
  readonly cut: boolean
  close(): Promise<void>
}

/**
 * Listens on a free port of 127.0.0.1 and forwards to `target`. A request is chosen when `chosen`
 * says so of the bytes that carry it (a browser reuses connections, so every request on a
 * connection is looked at, not only its first); the first chosen one is cut after `cutAfter`
 * bytes of its answer.
 */
export async function startCuttingProxy(
  target: { host: string; port: number },
  chosen: (requestBytes: Buffer) => boolean,
  cutAfter: number,
): Promise<CuttingProxy> {
  let chosenDownBytes = 0
  let cut = false
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    const both = () => {
      client.destroy()
      upstream.destroy()
    }
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', both)
    }
    // Whether the request now on this connection is a chosen one, and if it is to be cut.
    let counting = false
    let cutting = false
    client.on('data', (bytes: Buffer) => {
      counting = chosen(bytes)
      if (counting && !cut) {
        cut = true
        cutting = true
      }
      upstream.write(bytes)
    })
    let sent = 0
    upstream.on('data', (bytes: Buffer) => {
      if (!counting) return void client.write(bytes)
      if (!cutting) {
        chosenDownBytes += bytes.length
        return void client.write(bytes)
      }
      const piece = bytes.subarray(0, cutAfter - sent)
      sent += piece.length
      chosenDownBytes += piece.length
      client.write(piece)
      if (sent < cutAfter) return
      // The link drops: the browser sees its connection reset part way through the answer, and
      // the server its own connection closed.
      cutting = false
      client.resetAndDestroy()
      upstream.destroy()
    })
    upstream.on('end', () => client.end())
    client.on('end', () => upstream.end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    get chosenDownBytes() {
      return chosenDownBytes
    },
    get cut() {
      return cut
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
