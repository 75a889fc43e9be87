/**
 * The Dockerfile, replayed without a Docker engine (`npm run docker:replay`): built from a clean
 * copy of the context, started as the image would start, answering /healthz and a sign-up.
 * Slow by nature: `npm ci` compiles better-sqlite3 (about three minutes on two cores).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
let replay: ChildProcess | null = null

// Removing two stages' node_modules takes a while on a busy machine.
afterAll(async () => {
  if (!replay || replay.exitCode !== null || replay.signalCode !== null) return
  const exited = new Promise((resolve) => replay!.once('exit', resolve))
  replay.kill('SIGTERM') // the replay stops the server and removes its directory
  await exited
}, 180_000)

it(
  'builds and runs the image: /healthz answers, a lender can sign up',
  { timeout: 900_000 },
  async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/docker-replay.ts', '--port', '0'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    replay = child
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString()
        const match = /Rin Khata listening on (http:\/\/\S+)/.exec(stdout)
        if (match) resolve(match[1]!)
      })
      child.once('exit', (code) => reject(new Error(`replay exited with ${code}:\n${stderr}`)))
    })

    // The runtime stage holds production dependencies only, the compiled addon among them.
    // (Vite and Vitest stay: better-auth names Vitest as an optional peer, so npm keeps them,
    // and with Vite its optional peers tsx and esbuild. Nothing runs them: see the CMD below.)
    const root = /built in \d+ s \((.+)\)/.exec(stderr)?.[1]
    expect(root).toBeDefined()
    const app = path.join(root!, 'stage1', 'app')
    const runtime = path.join(app, 'node_modules')
    expect(existsSync(path.join(runtime, 'better-sqlite3', 'build', 'Release'))).toBe(true)
    for (const tool of ['typescript', 'eslint', 'prettier', '@playwright/test']) {
      expect(existsSync(path.join(runtime, tool)), tool).toBe(false)
    }
    // No TypeScript at run time: the image holds the bundle and no sources, and starts it with
    // plain node.
    expect(existsSync(path.join(app, 'dist-server', 'index.js'))).toBe(true)
    for (const sources of ['server', 'shared', 'scripts', 'src']) {
      expect(existsSync(path.join(app, sources)), sources).toBe(false)
    }
    expect(stderr).toContain('[replay] CMD ["node", "dist-server/index.js"]')

    const health = await fetch(`${url}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })

    const email = `docker-${process.pid}@example.com`
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email, password: 'correct horse', name: email }),
    })
    expect(signUp.status).toBe(200)
    expect(signUp.headers.getSetCookie().length).toBeGreaterThan(0)

    // The built app is served, compressed, so the build stage really ran `npm run build`.
    const page = await fetch(url, { headers: { 'accept-encoding': 'br' } })
    expect(page.headers.get('content-encoding')).toBe('br')
    expect(await page.text()).toContain('<div id="root">')
    await waitForLine(() => stderr, 'HEALTHCHECK exit 0')
  },
)

async function waitForLine(read: () => string, line: string): Promise<void> {
  const start = Date.now()
  while (!read().includes(line)) {
    if (Date.now() - start > 10_000) throw new Error(`no "${line}" in:\n${read()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
