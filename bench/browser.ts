/**
 * The big book in the browser: Debian's Chromium, the production build, the real server. A
 * lender's book of 1,000 people, 10,000 loans and 100,000 payments is uploaded once (as a device
 * that kept it offline would, through the chunked socket); then the figures a lender waits for:
 *
 * - the dashboard's first rows after a reload, from IndexedDB (the network is cut, so nothing
 *   but the device's own copy can answer): from the navigation's start to the first frame that
 *   shows one, timed in the page, three reloads (at 1×, the first is the first since the app was
 *   installed); and the main thread's long tasks meanwhile; at this machine's speed and with the
 *   CPU slowed 4× (a phone-class CPU, as Lighthouse's mobile profile has it);
 * - a new phone's first visit on slow 4G (a shaping proxy of its own) with the CPU slowed 4×:
 *   the dashboard's first rows, the bytes downloaded and the sync sockets it took;
 * - the JS heap once it is shown;
 * - the longest main-thread task as the network comes back with the book open (4× CPU);
 * - one deposit, from the tap on Record to the first frame of the person's page that shows it;
 * - the app opened from cold (the browser started afresh on a profile that keeps the book), at 4×
 *   CPU: the dashboard's first rows, the book open, and the longest task meanwhile;
 * - then, each for a lender of its own: a new phone's first visit to a book a tenth the size, and
 *   the offline reload at 4× CPU and the heap of a book three times the size (300,000 payments).
 *
 * A new phone's first visit and the app opened from cold are a first start of the app in a
 * browser process: those are timed in a page driven without Playwright (see `quietPage.ts`).
 *
 * `BENCH_BOOK=small` runs the first part on a book a tenth the size, for a quick look.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test'
import { SYNC_PATH } from '../shared/protocol.ts'
import { readLender } from '../shared/schema/lender.ts'
import { DepositPage } from '../tests/e2e/pages/DepositPage.ts'
import { buildBook, LENDER_DEVICE } from '../tests/fixtures/book.ts'
import { CHROMIUM } from '../tests/support/chromium.ts'
import { SLOW_4G, startShapingProxy } from '../tests/support/shapingProxy.ts'
import { signUp, startServer, upload } from './lender.ts'
import { launchQuietPage, type QuietPage } from './quietPage.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const SMALL = process.env.BENCH_BOOK === 'small'
const SIZE = SMALL
  ? { people: 100, loans: 1_000, payments: 10_000 }
  : { people: 1_000, loans: 10_000, payments: 100_000 }

/**
 * Starts timing, in the page, from the next click to the first animation frame whose
 * `/users/…/loans` page shows `figure` in its main region. A string, not a function: tsx would
 * wrap a function with a helper that the page does not have.
 */
async function armFigureProbe(page: Page, figure: string): Promise<void> {
  await page.evaluate(`(() => {
    const figure = ${JSON.stringify(figure)}
    window.__figureShown = new Promise((resolve) => {
      let tapped = 0
      const frame = () => {
        const main = document.querySelector('main')
        const shown = location.pathname.endsWith('/loans') && main?.textContent?.includes(figure)
        if (shown) resolve(performance.now() - tapped)
        else requestAnimationFrame(frame)
      }
      document.addEventListener('click', (event) => {
        tapped = event.timeStamp
        requestAnimationFrame(frame)
      }, { capture: true, once: true })
    })
  })()`)
}

/** Milliseconds from the click to the frame that showed the figure (see `armFigureProbe`). */
async function readFigureProbe(page: Page): Promise<number> {
  return (await page.evaluate('window.__figureShown')) as number
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const mb1 = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`
const ms = (value: number) => `${Math.round(value).toLocaleString('en-IN')} ms`

/** The median of an odd number of figures (the middle one once sorted). */
const middle = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Infinity

/** A phone-class CPU, as Lighthouse's mobile profile slows a desktop one (issue 30). */
const PHONE_CPU = 4
/** Issue 30's goals for the 100,000-payment book (at 1× the earlier goal was 1,500 ms). */
const GOAL_RELOAD_MS = 700
const GOAL_RELOAD_PHONE_MS = 1_500
/** No main-thread task longer while a big book opens: the 100,000- and the 300,000-payment one. */
const GOAL_LONGEST_TASK_MS = 200

/**
 * Reloads the page (the network already cut, so only the device's own copy can answer) and times
 * the dashboard's first rows: in the page, from the navigation's start to the first frame that
 * shows one (`inPage`); as Playwright sees it (`polled`); until the book itself replaces the
 * dashboard the device kept (`open`); and the main thread's long tasks until then.
 */
async function offlineReload(page: Page): Promise<{
  inPage: number
  polled: number
  open: number
  longest: number
  longTasks: number
}> {
  const start = performance.now()
  await page.reload({ waitUntil: 'commit' })
  const inPage = await shownInPage(page, 'rowsShown')
  const polled = performance.now() - start
  const open = await shownInPage(page, 'bookOpen')
  const longTasks = await page.evaluate(() => (window as unknown as PageWatch).longTasks)
  return { inPage, polled, open, longest: Math.max(0, ...longTasks), longTasks: longTasks.length }
}

/** How many offline reloads each figure takes, and how long the page settles before each. */
const RELOADS = 3
const RELOAD_SETTLE_MS = 2_000
const FIRST_SINCE_INSTALL = ' (the first since the app was installed)'

/**
 * `RELOADS` offline reloads of `page`, each once the page before has settled, and a line that
 * prints them beside `goal`. The first reload after the app was installed compiles the app's
 * code afresh (the browser keeps compiled code only for code it has run before): on this machine
 * 0.74-1.05 s at 1× where the next take 0.34-0.44 s. A lender opens the app many times a day, so
 * the goal is judged on the median; the first is printed too (said to be the first since the
 * install when `firstSinceInstall`), and the longest task is the longest over all of them (each
 * reload's is printed too: a major GC comes in some reloads and not others).
 */
async function offlineReloads(
  page: Page,
  label: string,
  goal: number,
  firstSinceInstall: boolean,
): Promise<string> {
  const reloads = []
  for (let i = 0; i < RELOADS; i++) {
    await page.waitForTimeout(RELOAD_SETTLE_MS)
    reloads.push(await offlineReload(page))
  }
  const rows = reloads.map((reload) => reload.inPage)
  const median = middle(rows)
  const longest = Math.max(...reloads.map((reload) => reload.longest))
  return (
    `${label}: dashboard rows ${rows.map(ms).join(', ')} from the navigation's start to the ` +
    `first frame that shows them${firstSinceInstall ? FIRST_SINCE_INSTALL : ''}; median ` +
    `${ms(median)} (goal ≤ ${ms(goal)}: ${median <= goal ? 'met' : 'NOT met'}); longest task ` +
    `${ms(longest)} (goal ≤ ${ms(GOAL_LONGEST_TASK_MS)}: ` +
    `${longest <= GOAL_LONGEST_TASK_MS ? 'met' : 'NOT met'}; each reload's: ` +
    `${reloads.map((reload) => ms(reload.longest)).join(', ')}), ` +
    `${reloads.map((reload) => reload.longTasks).join(', ')} long tasks until the book is ` +
    `open, at ${reloads.map((reload) => ms(reload.open)).join(', ')}; ` +
    `${reloads.map((reload) => ms(reload.polled)).join(', ')} as Playwright sees the rows`
  )
}

/** How long a page is watched after its network comes back. */
const BACK_ONLINE_MS = 4_000

/**
 * Gives an offline page its network back, with the CPU slowed to a phone's, and returns the
 * longest main-thread task in the `BACK_ONLINE_MS` after (0 if none reached 50 ms): the sync
 * reconnects, and a village network drops and comes back all day.
 */
async function backOnline(context: BrowserContext, cdp: CDPSession, page: Page): Promise<number> {
  // The long tasks the page has seen so far (see `watchPage`): those after are the reconnect's.
  const seen = () => page.evaluate(() => (window as unknown as PageWatch).longTasks)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU })
  const before = (await seen()).length
  await context.setOffline(false)
  await page.waitForTimeout(BACK_ONLINE_MS)
  const tasks = (await seen()).slice(before)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  return Math.max(0, ...tasks)
}

/**
 * The dashboard's first borrower row. It lists people by what they owe and renders only the
 * rows on screen, so which borrower comes first depends on the book: any borrower's name will do.
 */
function firstRow(page: Page) {
  return page
    .getByRole('main')
    .getByText(/^Person \d+$/)
    .first()
}

/** How long the server's session cookie lasts (better-auth's default session, 7 days). */
const SESSION_COOKIE_S = 7 * 24 * 60 * 60

/**
 * A `Cookie` header's pairs as Playwright's cookies for `url`, lasting as the server's own do.
 * Without an expiry they were session cookies, which a browser drops when it is closed: the cold
 * starts' profile then kept the cached lender but no cookie, the app's check of the session (sent
 * on by the service worker while the page is offline) was told "no session", and the lender was
 * signed out on the device, so that a later start stopped on the login page and the run hung.
 */
function cookiesFor(
  header: string,
  url: string,
): { name: string; value: string; url: string; expires: number }[] {
  const expires = Math.floor(Date.now() / 1000) + SESSION_COOKIE_S
  return header.split('; ').map((pair) => {
    const at = pair.indexOf('=')
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url, expires }
  })
}

/** Issue 30's goals for a new phone's first sync on slow 4G at 4× CPU, by book size. */
const GOAL_FIRST_SYNC_SMALL: FirstSyncGoal = { ms: 6_000 }
const GOAL_FIRST_SYNC: FirstSyncGoal = SMALL
  ? GOAL_FIRST_SYNC_SMALL
  : { ms: 45_000, bytes: 4_000_000 }

interface FirstSyncGoal {
  ms: number
  bytes?: number
}

/** Prints a new phone's first visit to a book of `label`, beside `goal`. */
async function reportFirstSync(
  server: string,
  cookie: string,
  label: string,
  goal: FirstSyncGoal,
): Promise<void> {
  const phone = await newPhoneFirstSync(server, cookie)
  const met =
    phone.ms <= goal.ms &&
    phone.sockets === 1 &&
    (goal.bytes === undefined || phone.bytes <= goal.bytes)
  console.log(
    `new phone, ${label}, slow 4G (150 ms RTT, 1.6/0.75 Mbit/s), ${PHONE_CPU}× CPU, first visit: ` +
      `dashboard rows after ${ms(phone.ms)} from the navigation's start, timed in the page (the ` +
      `book itself open after ${ms(phone.open)}), ` +
      `${mb1(phone.bytes)} downloaded, ` +
      `${phone.sockets} sync socket(s) (goal ≤ ${ms(goal.ms)}, one socket` +
      `${goal.bytes === undefined ? '' : `, ≤ ${mb1(goal.bytes)}`}: ${met ? 'met' : 'NOT met'})`,
  )
}

/**
 * A new phone opens the book for the first time: a fresh profile (nothing cached, no service
 * worker yet, no IndexedDB) signed in as the lender, every connection through a slow-4G shaping
 * proxy, the CPU slowed 4×. The proxy shapes each connection on its own, where a phone's link
 * is shared: the app's files, fetched side by side, arrive sooner here than on a phone. Times
 * the navigation to the dashboard's first rows (the server's picture of them, as a rule: see
 * `shared/dashboardPicture.ts`) and to the book itself open, and counts the bytes that came down
 * and the sync sockets it took. A first start of the app in a browser process: timed in a page
 * that DevTools does not weigh on (see `quietPage.ts`).
 */
async function newPhoneFirstSync(
  server: string,
  cookie: string,
): Promise<{ ms: number; open: number; bytes: number; sockets: number }> {
  const target = new URL(server)
  const proxy = await startShapingProxy({ host: '127.0.0.1', port: Number(target.port) }, SLOW_4G)
  const url = `http://localhost:${proxy.port}`
  const profile = mkdtempSync(path.join(tmpdir(), 'rin-khata-phone-'))
  const page = await openWatched(profile, { width: 390, height: 844 })
  try {
    await page.send('Network.setCookies', { cookies: cookiesFor(cookie, url) })
    let sockets = 0
    page.on('Network.webSocketCreated', (params) => {
      if ((params as { url: string }).url.includes(`${SYNC_PATH}/users/`)) sockets++
    })
    await page.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU })
    await page.goto(`${url}/dashboard`, WATCHED)
    const ms = await page.evaluate<number>('window.rowsShown')
    const open = await page.evaluate<number>('window.bookOpen')
    return { ms, open, bytes: proxy.shapedDownBytes, sockets }
  } finally {
    await page.close()
    await proxy.close()
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 })
  }
}

/** What `watchPage` keeps in each page. */
interface PageWatch {
  longTasks: number[]
  rowsShown: Promise<number>
  bookOpen: Promise<number>
}

/**
 * Run in each page before its own scripts (an init script): records the main thread's long tasks
 * from the first byte of each load, and, in ms from the navigation's start, the first frame that
 * shows a borrower's row (`rowsShown`) and the first that shows the book's own figures
 * (`bookOpen`: no line saying they are the figures kept on this device or the server's). Timed
 * in the page so that the benchmark itself stays off the page's main thread while it loads:
 * Playwright's wait for a row injects its selector engine, 80 ms of script at this machine's
 * speed, and polls ever less often (after 270 ms, every 500 ms).
 */
function watchPage(): void {
  const w = window as unknown as PageWatch
  w.longTasks = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.longTasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: true })
  const rows = /Person \d/
  // Anonymous functions only: tsx names the named ones with a helper the page does not have.
  const moments: [keyof PageWatch, (main: string) => boolean][] = [
    ['rowsShown', (main) => rows.test(main)],
    [
      'bookOpen',
      (main) =>
        rows.test(main) &&
        !main.includes('Figures as kept on this device') &&
        !main.includes('Figures from the server at'),
    ],
  ]
  for (const [moment, shown] of moments) {
    ;(w as unknown as Record<string, Promise<number>>)[moment] = new Promise((resolve) => {
      const watch = new MutationObserver(() => {
        if (!shown(document.querySelector('main')?.textContent ?? '')) return
        watch.disconnect()
        requestAnimationFrame(() => resolve(performance.now()))
      })
      watch.observe(document, { childList: true, subtree: true, characterData: true })
    })
  }
}

/** Waits in `page` for one of `watchPage`'s moments, and returns it. */
async function shownInPage(page: Page, moment: 'rowsShown' | 'bookOpen'): Promise<number> {
  return (await page.evaluate(
    (moment) => (window as unknown as PageWatch)[moment],
    moment,
  )) as number
}

/** True in a page once its document runs `watchPage`. */
const WATCHED = `location.protocol.startsWith('http') && 'rowsShown' in window`

/**
 * Chromium on `profile` with a page of `viewport`'s size that DevTools does not weigh on (see
 * `quietPage.ts`), its network events on and each of its documents watched (see `watchPage`).
 */
async function openWatched(
  profile: string,
  viewport: { width: number; height: number },
): Promise<QuietPage> {
  const page = await launchQuietPage(CHROMIUM, profile)
  try {
    await page.send('Emulation.setDeviceMetricsOverride', {
      ...viewport,
      deviceScaleFactor: 1,
      mobile: false,
    })
    await page.send('Network.enable')
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${watchPage})()` })
    return page
  } catch (error) {
    await page.close()
    throw error
  }
}

/** A desktop-sized context signed in as the lender, each page watched (see `watchPage`). */
async function readerContext(browser: Browser, server: string, cookie: string) {
  const context = await browser.newContext({
    baseURL: server,
    viewport: { width: 1280, height: 800 },
  })
  await context.addCookies(cookiesFor(cookie, server))
  await context.addInitScript(watchPage)
  return context
}

/** A book of `size` uploaded for a new lender on `server`: the lender's cookie and the book. */
async function newLenderWithBook(server: string, size: typeof SIZE) {
  const { doc } = buildBook(size, { by: LENDER_DEVICE })
  const { cookie, userId } = await signUp(server)
  await upload(server, userId, cookie, doc)
  return { cookie, doc }
}

/**
 * The page's JS heap after a full collection: as the book has just opened (`first`), and once it
 * is settled (`settled`: two readings 5 s apart within 1 MB, or the last of a minute's). Just
 * opened, the book's first receipt check may be under way (every receipt gathered by series, a
 * few MB for a big book, let go when it is done), so a reading then varies by when it is taken.
 */
async function settledHeap(
  cdp: CDPSession,
  page: Page,
): Promise<{ first: number; settled: number; seconds: number }> {
  const read = async () => {
    await cdp.send('HeapProfiler.collectGarbage')
    return ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize
  }
  const first = await read()
  let last = first
  for (let waited = 5; waited <= 60; waited += 5) {
    await page.waitForTimeout(5_000)
    const next = await read()
    if (Math.abs(next - last) < 1024 * 1024) return { first, settled: next, seconds: waited }
    last = next
  }
  return { first, settled: last, seconds: 60 }
}

/** How many times the app is opened from cold, and how long the new browser idles first. */
const COLD_STARTS = 3
const BROWSER_IDLE_MS = 5_000

/**
 * The app opened from cold, as a lender opens it from the phone's home screen: the browser started
 * afresh on a profile that keeps the book (it loaded it once, online), so none of the app's code
 * is compiled in memory and nothing of it is on the heap, where a reload finds both. Each start
 * waits `BROWSER_IDLE_MS` for the browser's own start (headless Chromium loads its omnibox's
 * pages; cut off at once, it also failed the navigation rather than hand it to the service
 * worker), then the network is cut and the app opened with the CPU slowed 4×, in a page that
 * DevTools does not weigh on (see `quietPage.ts`). Prints the dashboard's rows and the book open,
 * from the navigation's start, and the longest task until then, beside the reload's goals.
 */
async function coldStarts(server: string, cookie: string): Promise<string> {
  const profile = mkdtempSync(path.join(tmpdir(), 'rin-khata-profile-'))
  try {
    const first = await chromium.launchPersistentContext(profile, {
      ...CHROMIUM,
      baseURL: server,
      viewport: { width: 1280, height: 800 },
    })
    try {
      await first.addCookies(cookiesFor(cookie, server))
      await first.addInitScript(watchPage)
      const page = first.pages()[0] ?? (await first.newPage())
      await page.goto('/dashboard')
      await shownInPage(page, 'bookOpen')
      // Let the device keep what arrived, compacted into segments, as the reloads do.
      await page.waitForTimeout(5_000)
    } finally {
      await first.close()
    }
    const opens: { rows: number; open: number; longest: number }[] = []
    for (let i = 0; i < COLD_STARTS; i++) {
      const page = await openWatched(profile, { width: 1280, height: 800 })
      try {
        await new Promise((resolve) => setTimeout(resolve, BROWSER_IDLE_MS))
        await page.send('Network.emulateNetworkConditions', {
          offline: true,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        })
        await page.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU })
        await page.goto(`${server}/dashboard`, WATCHED)
        const rows = await page.evaluate<number>('window.rowsShown')
        const open = await page.evaluate<number>('window.bookOpen')
        const longTasks = await page.evaluate<number[]>('window.longTasks')
        opens.push({ rows, open, longest: Math.max(0, ...longTasks) })
      } finally {
        await page.close()
      }
    }
    const rows = opens.map((open) => open.rows)
    const median = middle(rows)
    const longest = Math.max(...opens.map((open) => open.longest))
    return (
      `opened from cold (the browser started afresh), ${PHONE_CPU}× CPU: dashboard rows ` +
      `${rows.map(ms).join(', ')} from the navigation's start, median ${ms(median)} (the ` +
      `reload's goal ≤ ${ms(GOAL_RELOAD_PHONE_MS)}: ${median <= GOAL_RELOAD_PHONE_MS ? 'met' : 'NOT met'}); ` +
      `longest task ${ms(longest)} (goal ≤ ${ms(GOAL_LONGEST_TASK_MS)}: ` +
      `${longest <= GOAL_LONGEST_TASK_MS ? 'met' : 'NOT met'}); the book open at ` +
      `${opens.map((open) => ms(open.open)).join(', ')}`
    )
  } finally {
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 })
  }
}

/** Issue 30's goals for the 300,000-payment book. */
const LARGE = { people: 3_000, loans: 30_000, payments: 300_000 }
const GOAL_LARGE_RELOAD_PHONE_MS = 2_500
const GOAL_LARGE_HEAP = 100 * 1024 * 1024

/**
 * The 300,000-payment book: its offline reload at 4× CPU, and the JS heap once it is open (the
 * page loads it once first, as the device that keeps it would have).
 */
async function largeBook(browser: Browser, server: string): Promise<void> {
  const { cookie } = await newLenderWithBook(server, LARGE)
  const context = await readerContext(browser, server, cookie)
  try {
    const page = await context.newPage()
    await page.goto(`${server}/dashboard`)
    await shownInPage(page, 'bookOpen')
    await page.waitForTimeout(5_000)
    await context.setOffline(true)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU })
    console.log(
      await offlineReloads(
        page,
        `300k book, offline reloads, ${PHONE_CPU}× CPU`,
        GOAL_LARGE_RELOAD_PHONE_MS,
        true,
      ),
    )
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const heap = await settledHeap(cdp, page)
    console.log(
      `300k book, JS heap once open and settled: ${mb(heap.settled)} (goal ≤ ` +
        `${mb(GOAL_LARGE_HEAP)}: ${heap.settled <= GOAL_LARGE_HEAP ? 'met' : 'NOT met'}); ` +
        `${mb(heap.first)} as the book opened, ${heap.seconds} s before it settled`,
    )
  } finally {
    await context.close()
  }
}

/** Prints the browser figures of the big book. */
export async function benchBrowser(): Promise<void> {
  console.log(
    `\n## Browser (Chromium, production build): ${SIZE.people.toLocaleString('en-IN')} people, ` +
      `${SIZE.loans.toLocaleString('en-IN')} loans, ${SIZE.payments.toLocaleString('en-IN')} payments`,
  )
  // The app as it ships: brotli and gzip files beside each of its files. A bare `vite build`
  // has none, and the server then sends every file whole (1.2 MB, not 0.4 MB, on a first visit).
  if (!existsSync(path.join(ROOT, 'dist', 'index.html.br'))) {
    console.log('building the app first (npm run build:app)')
    await new Promise((resolve) =>
      spawn('npm', ['run', 'build:app'], { cwd: ROOT, stdio: 'ignore' }).once('exit', resolve),
    )
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rin-khata-bench-'))
  const server = await startServer(dataDir, { localhost: true })
  const browser = await chromium.launch(CHROMIUM)
  try {
    const { doc } = buildBook(SIZE, { by: LENDER_DEVICE })
    const book = readLender(doc)
    const { cookie, userId } = await signUp(server.url)
    let start = performance.now()
    await upload(server.url, userId, cookie, doc)
    console.log(
      `upload through the chunked socket, stored: ${(performance.now() - start).toFixed(0)} ms`,
    )

    const label = `${SIZE.payments.toLocaleString('en-IN')}-payment book`
    await reportFirstSync(server.url, cookie, label, GOAL_FIRST_SYNC)

    const context = await readerContext(browser, server.url, cookie)
    const page = await context.newPage()
    start = performance.now()
    await page.goto(`${server.url}/dashboard`)
    await firstRow(page).waitFor({ timeout: 300_000 })
    const rows = performance.now() - start
    // Before it goes offline: the rows come first from the server's picture (see
    // `shared/dashboardPicture.ts`), and only the book's own mean the book is on the device.
    await shownInPage(page, 'bookOpen')
    console.log(
      `dashboard, first visit: rows after ${rows.toFixed(0)} ms, the book open (download + ` +
        `IndexedDB) after ${(performance.now() - start).toFixed(0)} ms`,
    )
    // Let the device finish keeping what arrived (and compact it into segments) before the reload.
    await page.waitForTimeout(3_000)

    await context.setOffline(true)
    const cdp = await context.newCDPSession(page)
    for (const cpu of [1, PHONE_CPU]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
      const goal = cpu === 1 ? GOAL_RELOAD_MS : GOAL_RELOAD_PHONE_MS
      console.log(await offlineReloads(page, `offline reloads, ${cpu}× CPU`, goal, cpu === 1))
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const heap = await settledHeap(cdp, page)
    console.log(
      `JS heap after load, settled: ${mb(heap.settled)} (goal ≤ 60 MB); ${mb(heap.first)} as ` +
        `the book opened, ${heap.seconds} s before it settled`,
    )
    const online = await backOnline(context, cdp, page)
    console.log(
      `back online with the book open (${PHONE_CPU}× CPU): longest task ${ms(online)} in the ` +
        `${BACK_ONLINE_MS / 1000} s after (goal ≤ ${ms(GOAL_LONGEST_TASK_MS)}: ` +
        `${online <= GOAL_LONGEST_TASK_MS ? 'met' : 'NOT met'})`,
    )

    // One deposit for the person with the most loans, through the deposit page.
    const person = book.people[0]
    if (person) {
      const deposit = new DepositPage(page)
      // A full load of the big book: longer than the page object's default wait.
      await deposit.goto(person.id, 120_000)
      await deposit.amount.fill('1234.56')
      await deposit.autoAllocate()
      // Timed twice: in the page, from the tap's event to the first frame that shows the new
      // figure (what the lender waits for), and from outside, as Playwright sees it (its click
      // and its polling add their own round trips; kept to compare with earlier runs).
      await armFigureProbe(page, '₹1,234.56')
      start = performance.now()
      await deposit.record()
      await page.waitForURL(`**/users/${person.id}/loans`, { timeout: 60_000 })
      await page
        .getByText('₹1,234.56')
        .filter({ visible: true })
        .first()
        .waitFor({ timeout: 60_000 })
      const outside = performance.now() - start
      const inPage = await readFigureProbe(page)
      console.log(
        `one deposit → the person's figures: ${inPage.toFixed(0)} ms from the tap to the frame ` +
          `that shows them (goal ≤ 100 ms); ${outside.toFixed(0)} ms as Playwright sees it`,
      )
    }
    await context.close()
    console.log(await coldStarts(server.url, cookie))

    if (!SMALL) {
      const small = await newLenderWithBook(server.url, {
        people: 100,
        loans: 1_000,
        payments: 10_000,
      })
      await reportFirstSync(server.url, small.cookie, '10,000-payment book', GOAL_FIRST_SYNC_SMALL)
      await largeBook(browser, server.url)
    }
  } finally {
    await browser.close()
    server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
