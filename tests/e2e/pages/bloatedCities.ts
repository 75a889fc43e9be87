/**
 * The cities every lender shares, as one account left them before the server capped them: many
 * cities and one with a 15 MiB createdAt. A server of its own holds them (so that no other test
 * syncs the bloat), and another lender opens the Cities screen and the person form over them.
 * The browser test runs this on 20,000 cities; `npm run bench` on 200,000.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, type Browser } from '@playwright/test'
import Database from 'better-sqlite3'
import * as Y from 'yjs'
import { CITIES_ROOM } from '../../../shared/protocol.ts'
import { CitiesPage } from './CitiesPage.ts'
import { LoginPage, newLender } from './LoginPage.ts'
import { PersonFormPage } from './PersonFormPage.ts'

const ROOT = path.resolve(import.meta.dirname, '../../..')

/** A cities doc of `count` junk cities, Ujjain, and Huge (15 MiB), as an older server kept it. */
function bloatedCities(count: number): Uint8Array {
  const doc = new Y.Doc()
  const cities = doc.getMap('cities')
  doc.transact(() => {
    cities.set('c-ujjain', { name: 'Ujjain', createdAt: '2026-11-20T09:00:00.000Z' })
    cities.set('c-huge', {
      name: 'Huge',
      createdAt: `2026-11-21T10:00:00.000Z${'0'.repeat(15 * 1024 * 1024)}`,
    })
    for (let i = 0; i < count; i++) {
      cities.set(`junk-${i}`, { name: `zz junk ${i}`, createdAt: '2026-11-21T10:00:00.000Z' })
    }
  })
  return Y.encodeStateAsUpdate(doc)
}

/** The built server (dist-server/) on a fresh data directory holding the bloated cities. */
export async function startBloatedServer(
  count: number,
): Promise<{ url: string; stop: () => void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rin-khata-bloat-'))
  const db = new Database(path.join(dataDir, 'docs.sqlite'))
  db.exec(`CREATE TABLE IF NOT EXISTS doc_updates (
    room TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (room, seq)
  ) WITHOUT ROWID`)
  db.prepare('INSERT INTO doc_updates (room, seq, data) VALUES (?, ?, ?)').run(
    CITIES_ROOM,
    1,
    bloatedCities(count),
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
  const stop = () => {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /listening on (http:\/\/\S+)/.exec(out)
        if (match) resolve(match[1]!.replace('127.0.0.1', 'localhost'))
      })
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
    })
    return { url, stop }
  } catch (error) {
    stop()
    throw error
  }
}

/**
 * A new lender on the bloated server opens the Cities screen (Ujjain shown, Huge skipped) and
 * the person form (which offers the long list by search), and adds Kamala of Ujjain. Resolves
 * with how long each screen took.
 */
export async function openOverBloat(
  browser: Browser,
  baseURL: string,
): Promise<{ citiesMs: number; formMs: number }> {
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    const lender = newLender()
    await new LoginPage(page).signUp(lender.email, lender.password)
    const cities = new CitiesPage(page)
    let start = Date.now()
    // Longer than the page object's default wait: outside the test runner (the bench) that is 5 s.
    await cities.goto(120_000)
    await expect(cities.rows.filter({ hasText: 'Ujjain' })).toHaveCount(1, { timeout: 120_000 })
    const citiesMs = Date.now() - start
    // The city of 15 MiB is skipped, not shown.
    await expect(cities.rows.filter({ hasText: 'Huge' })).toHaveCount(0)

    const form = new PersonFormPage(page)
    start = Date.now()
    await form.gotoAdd()
    const formMs = Date.now() - start
    // A new lender lives nowhere yet: the long list is offered by search, not drawn whole.
    await expect(page.getByText(/^0 of [\d,]+ cities shown/)).toBeVisible()
    await expect(page.getByLabel('City', { exact: true }).locator('option')).toHaveCount(1)
    await form.fill({ name: 'Kamala', city: 'Ujjain' })
    await form.submit()
    await expect(page).toHaveURL(/\/people$/, { timeout: 60_000 })
    // The People screen reads the cities too: on a busy two-core machine that takes a while.
    await expect(page.getByText('Kamala').first()).toBeVisible({ timeout: 60_000 })
    return { citiesMs, formMs }
  } finally {
    await context.close()
  }
}
