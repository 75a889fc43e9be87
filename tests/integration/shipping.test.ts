/**
 * How the app and the server ship: pre-compressed files chosen by Accept-Encoding, cache headers
 * that let a phone keep hashed files for a year and revalidate the shell, no public source maps,
 * and a server that runs as built JavaScript with nothing from the source tree.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../scripts/precompress.ts'
import { SERVER_BUNDLE, signUp, startTestServer, tempDir } from './harness.ts'
import type { TestServer } from './harness.ts'

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A GET as a browser sends it, read byte for byte (fetch would decode the body for us). */
function get(server: TestServer, route: string, headers: Record<string, string> = {}) {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: route, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

// Big enough that compression pays, so the build writes both variants.
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(',')}]\n`
const PAGE = `<!doctype html><title>Rin Khata</title><script src="/assets/index-Ab12Cd.js"></script>${'<!-- shell -->'.repeat(40)}`

let server: TestServer
let dist: string

beforeAll(async () => {
  dist = tempDir('rin-khata-dist-')
  mkdirSync(path.join(dist, 'assets'))
  mkdirSync(path.join(dist, '.vite'))
  writeFileSync(path.join(dist, 'index.html'), PAGE)
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd.js'), SCRIPT)
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd.js.map'), '{"version":3,"sources":[]}')
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}')
  writeFileSync(path.join(dist, 'sw.js'), `self.skipWaiting()\n${'// precache\n'.repeat(50)}`)
  writeFileSync(path.join(dist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  // The build's own step, on this small app.
  await precompress(dist)
  server = await startTestServer({ env: { DIST_DIR: dist } })
})

describe('pre-compressed files', () => {
  it('writes .br and .gz beside compressible files, not beside images or maps', () => {
    const script = path.join(dist, 'assets', 'index-Ab12Cd.js')
    expect(brotliDecompressSync(readFileSync(`${script}.br`)).toString()).toBe(SCRIPT)
    expect(gunzipSync(readFileSync(`${script}.gz`)).toString()).toBe(SCRIPT)
    expect(() => readFileSync(path.join(dist, 'icon-192.png.br'))).toThrow()
    expect(() => readFileSync(path.join(dist, 'assets', 'index-Ab12Cd.js.map.br'))).toThrow()
  })

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip', async () => {
    const raw = Buffer.from(SCRIPT)
    const br = await get(server, '/assets/index-Ab12Cd.js', { 'accept-encoding': 'gzip, br' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(br.headers['vary']).toBe('Accept-Encoding')
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(br.body.length).toBeLessThan(raw.length)
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT)

    const gz = await get(server, '/assets/index-Ab12Cd.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length)
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT)

    // br;q=0 refuses brotli even though gzip comes first in preference otherwise.
    const refused = await get(server, '/assets/index-Ab12Cd.js', {
      'accept-encoding': 'br;q=0, gzip;q=0.5',
    })
    expect(refused.headers['content-encoding']).toBe('gzip')
  })

  it('sends the file as it is to a client that accepts no coding', async () => {
    const plain = await get(server, '/assets/index-Ab12Cd.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['vary']).toBe('Accept-Encoding')
    expect(plain.body.toString()).toBe(SCRIPT)
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT))

    const image = await get(server, '/icon-192.png', { 'accept-encoding': 'br, gzip' })
    expect(image.headers['content-encoding']).toBeUndefined()
    expect(image.headers['content-type']).toBe('image/png')
  })

  it('compresses the app shell of a client-side route too', async () => {
    const page = await get(server, '/people/add', {
      accept: 'text/html',
      'accept-encoding': 'br, gzip',
    })
    expect(page.status).toBe(200)
    expect(page.headers['content-encoding']).toBe('br')
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(brotliDecompressSync(page.body).toString()).toBe(PAGE)
  })
})

describe('caching', () => {
  it('lets hashed files be kept for a year and makes the shell and worker revalidate', async () => {
    const asset = await get(server, '/assets/index-Ab12Cd.js', { 'accept-encoding': 'br' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const route of ['/', '/index.html', '/sw.js']) {
      const response = await get(server, route, { accept: 'text/html' })
      expect(response.headers['cache-control'], route).toBe('no-cache')
    }
  })

  it('answers a revalidation of an unchanged shell with 304 and no body', async () => {
    const first = await get(server, '/sw.js', { 'accept-encoding': 'br' })
    const etag = first.headers['etag'] as string
    expect(etag).toMatch(/^".+"$/)
    const again = await get(server, '/sw.js', { 'accept-encoding': 'br', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    // The gzip answer is another representation: the brotli tag does not match it.
    const gz = await get(server, '/sw.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })
    expect(gz.status).toBe(200)
    expect(gunzipSync(gz.body).toString()).toContain('skipWaiting')
  })
})

describe('private files', () => {
  it('answers 404 for source maps and the build manifest, even to a page request', async () => {
    for (const route of ['/assets/index-Ab12Cd.js.map', '/.vite/manifest.json']) {
      for (const accept of ['*/*', 'text/html']) {
        const response = await get(server, route, { accept })
        expect(response.status, `${route} (${accept})`).toBe(404)
        expect(response.body.toString()).not.toContain('sources')
      }
    }
  })
})

describe('the built server', () => {
  it('runs from dist-server alone, with plain node and no source tree', async () => {
    // A directory holding only the bundle and the installed packages, as in the image.
    const app = tempDir('rin-khata-app-')
    cpSync(path.dirname(SERVER_BUNDLE), path.join(app, 'dist-server'), { recursive: true })
    symlinkSync(
      path.resolve(import.meta.dirname, '../../node_modules'),
      path.join(app, 'node_modules'),
    )
    const moved = await startTestServer({ bundle: path.join(app, 'dist-server', 'index.js') })
    expect(moved.process.spawnargs.slice(1)).toEqual([path.join(app, 'dist-server', 'index.js')])

    const health = await fetch(`${moved.url}/healthz`)
    expect(await health.json()).toEqual({ status: 'ok' })
    // Accounts (better-auth, bundled) and their SQLite tables work from the bundle.
    const lender = await signUp(moved)
    const session = await fetch(`${moved.url}/api/auth/get-session`, {
      headers: { cookie: lender.cookie },
    })
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(lender.email)
    await moved.stop()
  })
})
