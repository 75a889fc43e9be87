/**
 * The two servers the sync benchmark compares, started in the calling process: ours on a fresh
 * data directory, and the stock `@y/websocket-server` (memory only).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { WebSocketServer } from 'ws'
import { setupWSConnection } from '@y/websocket-server/utils'
import { SYNC_PATH } from '../shared/protocol.ts'
import { startServer } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'

/** Our server on `dataDir`, quiet, with no app to serve; `env` adds or overrides settings. */
export function startOurs(dataDir: string, env: Record<string, string> = {}) {
  return startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'silent',
      ...env,
    }),
  )
}

export async function startStock(): Promise<{ server: Server; syncUrl: string }> {
  const wss = new WebSocketServer({ noServer: true })
  const server = createServer((_req, res) => res.end('stock'))
  server.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      const docName = (req.url ?? '/').slice(SYNC_PATH.length + 1).split('?')[0]!
      setupWSConnection(ws, req, { docName })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return { server, syncUrl: `ws://127.0.0.1:${port}${SYNC_PATH}` }
}
