import { mkdirSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import path from 'node:path'
import Database from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { CloseCode } from '../../shared/protocol.ts'
import { authPost, openBook, signUp, startTestServer, tempDir, waitFor } from './harness.ts'
import type { TestServer } from './harness.ts'

let server: TestServer

beforeAll(async () => {
  const dist = tempDir('rin-khata-dist-')
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Rin Khata</title>')
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd.js'), 'console.log(1)')
  writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting()')
  // The default 60 s session check: a socket closed at sign-out was closed by the sign-out.
  server = await startTestServer({ env: { DIST_DIR: dist } })
})

describe('http', () => {
  it('answers the health check', async () => {
    const response = await fetch(`${server.url}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('sends security headers on every kind of response', async () => {
    for (const route of ['/', '/healthz', '/api/auth/get-session', '/assets/missing.js']) {
      const response = await fetch(server.url + route)
      expect(response.headers.get('x-content-type-options'), route).toBe('nosniff')
      expect(response.headers.get('x-frame-options'), route).toBe('DENY')
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp, route).toContain("frame-ancestors 'none'")
      expect(csp, route).toContain("script-src 'self'")
      expect(csp, route).toContain(`ws://${new URL(server.url).host}`)
    }
  })

  it('serves the app, with the shell for client-side routes', async () => {
    const page = await fetch(`${server.url}/people/edit/42`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>Rin Khata</title>')
    expect(page.headers.get('cache-control')).toBe('no-cache')

    const asset = await fetch(`${server.url}/assets/index-Ab12Cd.js`)
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await fetch(`${server.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache')
    expect((await fetch(`${server.url}/assets/gone.js`)).status).toBe(404)
    // fetch would normalise the dots away; a raw request sends them as they are.
    const escape = await new Promise<number>((resolve, reject) => {
      get({ host: '127.0.0.1', port: server.port, path: '/..%2f..%2f..%2fetc%2fpasswd' }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      }).on('error', reject)
    })
    expect(escape).toBe(404)
  })

  it('explains that the app is not built when dist is missing', async () => {
    const bare = await startTestServer()
    const response = await fetch(bare.url + '/', { headers: { accept: 'text/html' } })
    expect(response.status).toBe(503)
    expect(await response.text()).toContain('not built')
    await bare.stop()
  })
})

describe('accounts', () => {
  it('refuses a password shorter than 8 characters', async () => {
    const response = await authPost(server, 'sign-up/email', {
      email: 'short@example.com',
      password: 'seven77',
      name: 'Short',
    })
    expect(response.status).toBe(400)
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('sets an HttpOnly, SameSite=Lax session cookie and rate-limits sign-in', async () => {
    const lender = await signUp(server)
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const response = await authPost(server, 'sign-in/email', {
        email: lender.email,
        password: i === 0 ? lender.password : 'wrong password',
      })
      if (i === 0) {
        const cookie = response.headers.getSetCookie()[0] ?? ''
        expect(cookie).toMatch(/HttpOnly/i)
        expect(cookie).toMatch(/SameSite=Lax/i)
      }
      statuses.push(response.status)
    }
    expect(statuses).toEqual([200, 401, 401, 429])
    // A forged forwarding header does not buy a fresh budget.
    const spoofed = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        'x-forwarded-for': '203.0.113.9',
      },
      body: JSON.stringify({ email: lender.email, password: lender.password }),
    })
    expect(spoofed.status).toBe(429)
  })

  it('answers every session check, however many come from one address', async () => {
    // Every app start asks; better-auth's default limit answered the 101st in 10 s with a 429.
    // (Without a cookie: the limit counts by address and path, and a sign-up here would spend
    // the next test's budget of three.)
    const statuses = new Set<number>()
    for (let i = 0; i < 150; i++) {
      const response = await fetch(`${server.url}/api/auth/get-session`)
      statuses.add(response.status)
      await response.body?.cancel()
    }
    expect([...statuses]).toEqual([200])
  })

  it('closes the sockets of a session when it signs out', async () => {
    const lender = await signUp(server)
    const client = await openBook(server, lender)
    const response = await authPost(server, 'sign-out', {}, lender.cookie)
    expect(response.status).toBe(200)
    await waitFor(() => client.closes.length > 0, 'the socket to close')
    expect(client.closes[0]!.code).toBe(CloseCode.unauthorized)
    // The stock client treats 44xx as final and stays disconnected.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(client.closes).toHaveLength(1)
  })
})

describe('sessions ended elsewhere', () => {
  it('closes a socket whose session was revoked outside this process', async () => {
    const fresh = await startTestServer({ env: { SESSION_CHECK_MS: '200' } })
    const lender = await signUp(fresh)
    const client = await openBook(fresh, lender)
    const accounts = new Database(path.join(fresh.dataDir, 'accounts.sqlite'))
    accounts.prepare('DELETE FROM session WHERE userId = ?').run(lender.userId)
    accounts.close()
    await waitFor(() => client.closes.length > 0, 'the periodic check to close the socket')
    expect(client.closes[0]!.code).toBe(CloseCode.unauthorized)
  })
})
