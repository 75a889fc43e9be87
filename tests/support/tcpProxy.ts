/**
 * What the tests' TCP proxies share: a listener on a free port of 127.0.0.1 that opens a
 * connection to `target` for each one it accepts and hands the pair to `carry`, which decides
 * how the bytes go. An error on either side closes both; `close` closes every connection.
 */
import net from 'node:net'

export interface TcpProxy {
  readonly port: number
  close(): Promise<void>
}

/** Starts listening; resolves once the port is open. */
export async function startTcpProxy(
  target: { host: string; port: number },
  carry: (client: net.Socket, upstream: net.Socket) => void,
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    carry(client, upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
