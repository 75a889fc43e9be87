import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Browser } from '@playwright/test'
import Database from 'better-sqlite3'
import * as Y from 'yjs'
import { CITIES_ROOM } from '../../shared/protocol.ts'
import { CitiesPage } from './pages/CitiesPage.ts'
import { LoginPage, newLender } from './pages/LoginPage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'

/**
 * The cities every lender shares, as one account left them before the server capped them:
 * 200,000 cities and one with a 15 MiB createdAt (30 MiB). Another lender's Cities screen and
 * person form still open: the reader skips the oversized city, and the screens stay usable.
 * On a server of its own, so that no other test syncs the bloat.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const CITIES = 200_000

/** A cities doc as an older server let one account store it. */
function bloatedCities(): Uint8Array {
  const doc = new Y.Doc()
  const cities = doc.getMap('cities')
  doc.transact(() => {
    cities.set('c-ujjain', { name: 'Ujjain', createdAt: '2026-11-20T09:00:00.000Z' })
    cities.set('c-huge', {
      name: 'Huge',
      createdAt: `2026-11-21T10:00:00.000Z${'0'.repeat(15 * 1024 * 1024)}`,
    })
    for (let i = 0; i < CITIES; i++) {
      cities.set(`junk-${i}`, { name: `zz junk ${i}`, createdAt: '2026-11-21T10:00:00.000Z' })
    }
  })
  return Y.encodeStateAsUpdate(doc)
}

async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const db = new Database(path.join(dataDir, 'docs.sqlite'))
  db.exec(`CREATE TABLE IF NOT EXISTS doc_updates (
    room TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (room, seq)
  ) WITHOUT ROWID`)
  db.prepare('INSERT INTO doc_updates (room, seq, data) VALUES (?, ?, ?)').run(
    CITIES_ROOM,
    1,
    bloatedCities(),
  )
  db.close()
  const child = spawn(process.execPath, [path.join(ROOT, 'dist-server', 'index.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(ROOT, 'dist'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (match) resolve(match[1]!.replace('127.0.0.1', 'localhost'))
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
  return { url, child }
}

async function lenderPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const lender = newLender()
  await new LoginPage(page).signUp(lender.email, lender.password)
  return { context, page }
}

test('another lender’s Cities screen and person form open over 200,000 cities', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rin-khata-bloat-'))
  const { url, child } = await startServer(dataDir)
  try {
    const { context, page } = await lenderPage(browser, url)
    const cities = new CitiesPage(page)
    let start = Date.now()
    await cities.goto()
    await expect(cities.rows.filter({ hasText: 'Ujjain' })).toHaveCount(1, { timeout: 120_000 })
    console.log(`cities bloat: the Cities screen showed Ujjain in ${Date.now() - start} ms`)
    // The city of 15 MiB is skipped, not shown.
    await expect(cities.rows.filter({ hasText: 'Huge' })).toHaveCount(0)

    const form = new PersonFormPage(page)
    start = Date.now()
    await form.gotoAdd()
    console.log(`cities bloat: the person form showed in ${Date.now() - start} ms`)
    await form.fill({ name: 'Kamala', city: 'Ujjain' })
    await form.submit()
    await expect(page).toHaveURL(/\/people$/, { timeout: 60_000 })
    // The People screen reads the 200,000 cities too: on a busy two-core machine that takes a while.
    await expect(page.getByText('Kamala').first()).toBeVisible({ timeout: 60_000 })
    await context.close()
  } finally {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
})
