/**
 * Shipping benchmark (issue 12): what a signed-out visit to /login costs a phone, and what the
 * server costs the host. Builds the app and the server once (`npm run build`), then prints
 *  - the login screen's initial JS: the entry chunk, everything it imports statically (Vite's
 *    modulepreloads) and the login route's lazy chunk with its imports, read from
 *    the build's chunk graph (dist/.vite/manifest.json), raw, gzip and brotli;
 *  - the bytes the real built server puts on the wire for those files when asked with
 *    `Accept-Encoding: br, gzip`;
 *  - the built server's resident memory, idle after start (SQLite, the default);
 *  - with Chromium at /usr/bin/chromium: the time until the login form shows under a cheap-phone
 *    profile (400 kbit/s, 400 ms round trip, CPU 4x slower), on a first visit;
 *  - and everything a first visit to /login downloads in its first 8 s on slow 4G, the service
 *    worker's fetches included.
 * Each figure is printed beside its goal.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { SLOW_4G, startShapingProxy } from '../tests/support/shapingProxy.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const DIST = path.join(ROOT, 'dist')
const CHROMIUM = '/usr/bin/chromium'

/** Modules the router loads for a signed-out visit to /login, besides the entry. */
const LOGIN_ROUTE_MODULES = ['src/features/auth/LoginScreen.tsx']

const GOAL_INITIAL_GZIP = 150_000
const GOAL_IDLE_RSS = 80 * 1024 * 1024
const IDLE_SETTLE_MS = 3_000
/** Issue 30: what a first visit to /login may download in its first seconds on slow 4G. */
const LOGIN_VISIT = { ms: 8_000, goalBytes: 250_000 }
/** The cheap phone. */
const PHONE = { kbitPerSecond: 400, rttMs: 400, cpuSlowdown: 4 }

interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}

interface Sizes {
  raw: number
  gzip: number
  brotli: number
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** The files a signed-out /login visit loads, as paths inside dist/ (entry first). */
export function loginInitialFiles(distDir = DIST): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the build manifest has no ${key}`)
    if (files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry)
  for (const key of [...entries, ...LOGIN_ROUTE_MODULES]) visit(key)
  return [...files]
}

/** Raw size and the compressed sizes the build wrote (computed the same way if absent). */
function sizesOf(file: string): Sizes {
  const raw = readFileSync(file)
  const stored = (suffix: string, make: () => Buffer) =>
    existsSync(file + suffix) ? statSync(file + suffix).size : Math.min(raw.length, make().length)
  return {
    raw: raw.length,
    gzip: stored('.gz', () => gzipSync(raw, { level: 9 })),
    brotli: stored('.br', () =>
      brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ),
  }
}

interface Served {
  url: string
  pid: number
  stop(): Promise<void>
}

/** Starts `node dist-server/index.js` as production does, on a free port and a fresh DATA_DIR. */
async function startBuiltServer(dataDir: string): Promise<Served> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist-server', 'index.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (match) resolve(match[1]!)
    })
    void exited.then(() => reject(new Error('the built server exited at start')))
  })
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** Resident set size of a process, from /proc (Linux). */
function residentBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
    return kib ? Number(kib) * 1024 : null
  } catch {
    return null
  }
}

/** GETs `route` as a browser would; resolves with the bytes on the wire and their coding. */
function wireBytes(url: string, route: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(route, url),
      { headers: { 'accept-encoding': 'br, gzip' } },
      (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') })
            : reject(new Error(`${route}: HTTP ${res.statusCode}`)),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/**
 * Milliseconds from navigation until the login form's Email field shows, in a fresh profile
 * (nothing cached, no service worker yet), under the cheap-phone profile. Also returns the
 * encoded bytes of JavaScript the page loaded before the form showed.
 */
async function cheapPhoneLogin(url: string): Promise<{ ms: number; jsBytes: number }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    const bytesPerSecond = (PHONE.kbitPerSecond * 1000) / 8
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.rttMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown })
    const scripts = new Set<string>()
    let jsBytes = 0
    let formShown = false
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.add(event.requestId)
    })
    cdp.on('Network.loadingFinished', (event) => {
      if (!formShown && scripts.has(event.requestId)) jsBytes += event.encodedDataLength
    })
    const start = Date.now()
    await page.goto(new URL('/login', url).href, { waitUntil: 'commit' })
    await page.getByLabel('Email').waitFor({ state: 'visible', timeout: 120_000 })
    formShown = true
    return { ms: Date.now() - start, jsBytes }
  } finally {
    await browser.close()
  }
}

/**
 * Bytes a first visit to /login downloads in its first LOGIN_VISIT.ms through a slow-4G shaping
 * proxy (every connection shaped on its own): the page, its code and whatever the service worker
 * fetches meanwhile, on a fresh profile.
 */
async function loginVisitBytes(url: string): Promise<number> {
  const target = new URL(url)
  const proxy = await startShapingProxy({ host: '127.0.0.1', port: Number(target.port) }, SLOW_4G)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    const page = await browser.newPage()
    const start = Date.now()
    await page.goto(`http://localhost:${proxy.port}/login`, { waitUntil: 'commit' })
    await sleep(LOGIN_VISIT.ms - (Date.now() - start))
    return proxy.shapedDownBytes
  } finally {
    await browser.close()
    await proxy.close()
  }
}

/** Prints the shipping figures; builds the app and the server first. */
export async function benchShipping(): Promise<void> {
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  })

  const files = loginInitialFiles()
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0 }
  for (const file of files) {
    const sizes = sizesOf(path.join(DIST, file))
    total.raw += sizes.raw
    total.gzip += sizes.gzip
    total.brotli += sizes.brotli
  }
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
  console.log(
    `shipping: login initial JS (${files.length} files) raw ${kB(total.raw)}, ` +
      `gzip ${kB(total.gzip)}, brotli ${kB(total.brotli)} ` +
      `(goal gzip <= ${kB(GOAL_INITIAL_GZIP)}: ${verdict(total.gzip <= GOAL_INITIAL_GZIP)})`,
  )

  const dataDir = mkdtempSync(path.join(tmpdir(), 'rin-bench-shipping-'))
  const server = await startBuiltServer(dataDir)
  try {
    await sleep(IDLE_SETTLE_MS)
    const rss = residentBytes(server.pid)
    console.log(
      rss === null
        ? 'shipping: server idle RSS: not measured (no /proc)'
        : `shipping: built server idle RSS ${MB(rss)} after ${IDLE_SETTLE_MS / 1000} s, SQLite ` +
            `(goal <= ${MB(GOAL_IDLE_RSS)}: ${verdict(rss <= GOAL_IDLE_RSS)})`,
    )

    let wire = 0
    const encodings = new Set<string>()
    for (const file of files) {
      const { bytes, encoding } = await wireBytes(server.url, `/${file}`)
      wire += bytes
      encodings.add(encoding)
    }
    console.log(
      `shipping: login initial JS on the wire, Accept-Encoding br, gzip: ${kB(wire)} ` +
        `(${[...encodings].join(', ')}; goal: sent compressed: ${verdict(!encodings.has('identity'))})`,
    )

    if (!existsSync(CHROMIUM)) {
      console.log(`shipping: cheap-phone first login: skipped (no ${CHROMIUM})`)
      return
    }
    const phone = await cheapPhoneLogin(server.url)
    console.log(
      `shipping: cheap-phone first login form (${PHONE.kbitPerSecond} kbit/s, ` +
        `${PHONE.rttMs} ms RTT, ${PHONE.cpuSlowdown}x CPU) ${(phone.ms / 1000).toFixed(1)} s, ` +
        `${kB(phone.jsBytes)} of JS on the wire (the issue measured 14.9 s before this work)`,
    )
    const visit = await loginVisitBytes(server.url)
    console.log(
      `shipping: first visit to /login, slow 4G, first ${LOGIN_VISIT.ms / 1000} s: ` +
        `${kB(visit)} downloaded (goal <= ${kB(LOGIN_VISIT.goalBytes)}: ` +
        `${verdict(visit <= LOGIN_VISIT.goalBytes)})`,
    )
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
