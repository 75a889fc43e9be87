import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { TIME_ZONE } from './tests/e2e/pages/clock.ts'
import { E2E_MAX_FRAME, E2E_PING_INTERVAL_MS } from './tests/e2e/pages/server.ts'
import { CHROMIUM } from './tests/support/chromium.ts'

/**
 * A free TCP port, found once by the runner. Playwright loads this file again in each worker;
 * the port and data dir travel to them through the environment, so all agree on one server.
 */
function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })
}

process.env.E2E_PORT ??= freePort()
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'rin-khata-e2e-'))
const port = process.env.E2E_PORT

/**
 * Each worker's browsers reach the server as a phone of their own would, from an address of their
 * own: the server runs as behind a reverse proxy (TRUST_PROXY=1), and every request of a worker's
 * contexts carries the address that proxy would append. Its sign-in and sign-up limit (a few per
 * address per 10 s) then counts one worker's tests, not both workers' together. With one shared
 * address, a full run spent about 210 s of its tests' time waiting that limit out; with one per
 * worker, about 30 s. The worker index is set before Playwright loads this file in a worker.
 */
const workerAddress = `198.51.100.${(Number(process.env.TEST_WORKER_INDEX ?? 0) % 250) + 1}`

// `localhost`, because that is the origin the server trusts when BASE_URL is not set.
const baseURL = `http://localhost:${port}`

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A screen can take several seconds to appear on a busy two-core machine; nothing here is a
  // speed check (the bench measures speed), so waits are generous.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    // A click or a fill that cannot happen fails within a minute (with its call log), rather than
    // holding its worker until the test's own limit of up to 15 minutes.
    actionTimeout: 60_000,
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': workerAddress },
    locale: 'en-IN',
    timezoneId: TIME_ZONE,
    // A trace of the retry of a failed test (CI retries once): recording one for every test
    // (snapshots at each action) took about a third of the browser tier's CPU on two cores.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The production build (app and server, as `npm start` builds them) served by the built
    // server with plain node, on a fresh data directory.
    command: 'npm run --silent build && node dist-server/index.js',
    url: `${baseURL}/`,
    // A small frame limit, so the big-book test's book is larger than one frame (see E2E_MAX_FRAME),
    // and a short ping interval, so the slow-link test outlasts two (see E2E_PING_INTERVAL_MS).
    env: {
      PORT: port,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      MAX_MESSAGE_BYTES: String(E2E_MAX_FRAME),
      PING_INTERVAL_MS: String(E2E_PING_INTERVAL_MS),
      TRUST_PROXY: '1',
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
