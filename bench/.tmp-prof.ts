import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { request } from 'node:http'
import { startServer } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { SYNC_PATH, userRoom } from '../shared/protocol.ts'
import { editPair } from './sync-clients.ts'
const dataDir = mkdtempSync(path.join(tmpdir(), 'rin-prof-'))
const ours = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'x'), LOG_LEVEL: 'silent' }))
const body = JSON.stringify({ email: 'p@example.com', password: 'benchmark password', name: 'p' })
const user = await new Promise<{ cookie: string; userId: string }>((resolve) => {
  const req = request(new URL('/api/auth/sign-up/email', ours.url), { method: 'POST', headers: { 'content-type': 'application/json', origin: ours.url, 'content-length': Buffer.byteLength(body) } }, (res) => {
    let t = ''; res.on('data', (c) => (t += c)); res.on('end', () => resolve({ cookie: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '), userId: JSON.parse(t).user.id }))
  }); req.end(body)
})
import { createServer } from 'node:http'
import { WebSocketServer } from 'ws'
import { setupWSConnection } from '@y/websocket-server/utils'
let target = { label: 'ours' as const, syncUrl: ours.url.replace('http', 'ws') + SYNC_PATH, cookie: user.cookie }
if (process.env.STOCK) {
  const wss = new WebSocketServer({ noServer: true })
  const server = createServer()
  server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => setupWSConnection(ws, req, { docName: 'x' })))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  target = { label: 'ours', syncUrl: `ws://127.0.0.1:${(server.address() as any).port}${SYNC_PATH}`, cookie: '' }
}
const pair = await editPair(target, userRoom(user.userId))
await pair.measure(200)
const s = await pair.measure(Number(process.env.N ?? 3000))
s.sort((a, b) => a - b)
console.log('p50', s[Math.floor(s.length / 2)].toFixed(3))
pair.close(); await ours.close(); process.exit(0)
