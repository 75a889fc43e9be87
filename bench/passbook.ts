/**
 * A borrower's passbook page (issue 32, item 3) on a cheap phone: the benchmark's book (1,000
 * people, 100,000 payments; `BENCH_BOOK=small` a tenth) on the real server, one link to the
 * borrower with the most loans, opened in Debian's Chromium through a slow-4G shaping proxy of
 * its own with the CPU slowed 4×. Printed: the page's JavaScript (compressed), every byte the
 * phone downloaded, and the time from the tap until the figures are painted; then the server's
 * time to answer the page, warm.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { brotliCompressSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { passbookLinksPath, type PassbookLinkCreated } from '../shared/passbook.ts'
import { readLender } from '../shared/schema/lender.ts'
import { buildBook, LENDER_DEVICE } from '../tests/fixtures/book.ts'
import { SLOW_4G, startShapingProxy } from '../tests/support/shapingProxy.ts'
import { signUp, startServer, upload } from './lender.ts'

const SMALL = process.env.BENCH_BOOK === 'small'
const SIZE = SMALL
  ? { people: 100, loans: 1_000, payments: 10_000 }
  : { people: 1_000, loans: 10_000, payments: 100_000 }
const PHONE_CPU = 4
const GOAL_JS_BYTES = 50 * 1024
const GOAL_FIGURES_MS = 2_000

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const met = (ok: boolean) => (ok ? 'met' : 'NOT met')

export async function benchPassbook(): Promise<void> {
  console.log(
    `\n## Passbook page (Chromium, slow 4G, ${PHONE_CPU}× CPU): a borrower of a ` +
      `${SIZE.payments.toLocaleString('en-IN')}-payment book`,
  )
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rin-khata-passbook-'))
  const server = await startServer(dataDir)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const { doc } = buildBook(SIZE, { by: LENDER_DEVICE })
    const book = readLender(doc)
    const loansOf = new Map<string, number>()
    for (const loan of book.loans) loansOf.set(loan.personId, (loansOf.get(loan.personId) ?? 0) + 1)
    const person = [...book.people].sort(
      (a, b) => (loansOf.get(b.id) ?? 0) - (loansOf.get(a.id) ?? 0),
    )[0]!
    const loanIds = new Set(book.loans.filter((l) => l.personId === person.id).map((l) => l.id))
    const payments = book.payments.filter((p) => loanIds.has(p.loanId)).length
    const { cookie, userId } = await signUp(server.url)
    await upload(server.url, userId, cookie, doc)
    const made = await fetch(server.url + passbookLinksPath(userId), {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ personId: person.id }),
    })
    if (made.status !== 201) throw new Error(`link refused: ${made.status}`)
    const link = (await made.json()) as PassbookLinkCreated
    const pagePath = new URL(link.url).pathname

    // The server's own time, warm (the room is in memory after the first), within the rate limit.
    const times: number[] = []
    let html = ''
    for (let i = 0; i < 11; i++) {
      const start = performance.now()
      const response = await fetch(server.url + pagePath, {
        headers: { 'accept-encoding': 'identity' },
      })
      html = await response.text()
      if (response.status !== 200) throw new Error(`page answered ${response.status}`)
      if (i > 0) times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)
    const brotli = brotliCompressSync(Buffer.from(html)).length

    const target = new URL(server.url)
    const proxy = await startShapingProxy({ host: '127.0.0.1', port: Number(target.port) }, SLOW_4G)
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
    try {
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU })
      let jsBytes = 0
      let requests = 0
      page.on('response', async (response) => {
        requests++
        if (response.request().resourceType() === 'script') {
          jsBytes += Number((await response.headerValue('content-length')) ?? 0)
        }
      })
      const start = performance.now()
      await page.goto(`http://127.0.0.1:${proxy.port}${pagePath}`)
      await page.locator('[data-f="dueToday"]').waitFor({ state: 'visible' })
      const seen = performance.now() - start
      const paint = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      )
      console.log(
        `${person.name}: ${loanIds.size} loans, ${payments} payments; page ${kb(html.length)} ` +
          `(${kb(brotli)} brotli), ${requests} request(s)`,
      )
      console.log(
        `JavaScript: ${kb(jsBytes)} compressed (goal ≤ ${kb(GOAL_JS_BYTES)}: ` +
          `${met(jsBytes <= GOAL_JS_BYTES)}); downloaded in all: ${kb(proxy.shapedDownBytes)}`,
      )
      console.log(
        `figures visible: first paint ${paint.toFixed(0)} ms from the navigation's start, ` +
          `${seen.toFixed(0)} ms as Playwright sees it (goal ≤ ${GOAL_FIGURES_MS} ms: ` +
          `${met(Math.max(paint, seen) <= GOAL_FIGURES_MS)})`,
      )
    } finally {
      await context.close()
      await proxy.close()
    }
    console.log(
      `server, warm: median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, ` +
        `slowest ${times.at(-1)!.toFixed(1)} ms of ${times.length} pages`,
    )
  } finally {
    await browser.close()
    server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
