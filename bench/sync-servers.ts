/**
 * The sync benchmark's server process: our server and the stock one, side by side in a process of
 * their own, as they would run in production (a server never shares a thread with its clients).
 * Prints `{"ours": <base URL>, "stock": <sync URL>}` on one line once both listen, and closes
 * them when its standard input ends.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startOurs, startStock } from './sync-servers-start.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'rin-khata-bench-'))
const ours = await startOurs(dataDir)
const stock = await startStock()
process.stdout.write(`${JSON.stringify({ ours: ours.url, stock: stock.syncUrl })}\n`)
process.stdin.resume()
process.stdin.on('end', () => {
  void ours.close().then(() => {
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
})
