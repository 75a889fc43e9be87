/**
 * A Chromium page driven over the DevTools protocol directly, with only the Page and Network
 * domains on, for the figures of the app's first start in a browser process (a new phone's
 * first visit, the app opened from cold).
 *
 * Playwright turns on the Runtime domain in every page it drives. With it on, each time Blink
 * notes where a request or a message came from, V8 records the whole stack with line numbers,
 * and for a script whose positions it has not needed before it parses that script again
 * (`V8.CollectSourcePositions` in a trace). Measured on the app opened from cold, 10,000-payment
 * book, 4× CPU, one traced start each: 424 ms of such parsing with the domain on, 5 ms without.
 * A lender's phone, with no DevTools attached, never spends it. Compiled code keeps its
 * positions, so a reload in the same browser does not pay it again: the reloads stay on
 * Playwright.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import WebSocket from 'ws'

/** How long the browser may take to start and list its page. */
const START_TIMEOUT_MS = 30_000

interface Reply {
  id: number
  result?: unknown
  error?: { message: string }
}

interface Event {
  method: string
  params: unknown
}

/** One page of a browser this module started, and the browser's own end of the protocol. */
export interface QuietPage {
  /** Sends a command to the page's target. */
  send<T = unknown>(method: string, params?: object): Promise<T>
  /** Calls `handler` with every `method` event of the page's target. */
  on(method: string, handler: (params: unknown) => void): void
  /** The value of `expression` in the page, awaited if it is a promise. */
  evaluate<T>(expression: string): Promise<T>
  /** Navigates to `url` and resolves once the new document's `ready` expression is true. */
  goto(url: string, ready: string): Promise<void>
  close(): Promise<void>
}

/** A protocol connection: commands with their replies, and events by name. */
function connect(url: string) {
  const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 })
  const pending = new Map<number, (reply: Reply) => void>()
  const handlers = new Map<string, ((params: unknown) => void)[]>()
  let next = 0
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Reply | Event
    if ('id' in message) {
      pending.get(message.id)?.(message)
      pending.delete(message.id)
    } else {
      for (const handler of handlers.get(message.method) ?? []) handler(message.params)
    }
  })
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  return {
    opened,
    send<T>(method: string, params: object = {}): Promise<T> {
      const id = ++next
      return new Promise<T>((resolve, reject) => {
        pending.set(id, (reply) =>
          reply.error
            ? reject(new Error(`${method}: ${reply.error.message}`))
            : resolve(reply.result as T),
        )
        socket.send(JSON.stringify({ id, method, params }))
      })
    },
    on(method: string, handler: (params: unknown) => void) {
      handlers.set(method, [...(handlers.get(method) ?? []), handler])
    },
    close: () => socket.close(),
  }
}

/** Resolves once `file` exists (the browser writes it once it listens). */
async function appeared(file: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (!existsSync(file)) {
    if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}`)
    if (Date.now() > deadline) throw new Error('chromium did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Starts Chromium (`executablePath`, `args`: the bench's own) on the profile in `profile`
 * (created if missing), headless, and opens the protocol to its first page.
 */
export async function launchQuietPage(
  browser: { executablePath: string; args: string[] },
  profile: string,
): Promise<QuietPage> {
  const portFile = path.join(profile, 'DevToolsActivePort')
  // A browser that ran on this profile before may have left its own.
  rmSync(portFile, { force: true })
  const child = spawn(
    browser.executablePath,
    [...browser.args, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: 'ignore' },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    await appeared(portFile, child)
    const [port, browserPath] = readFileSync(portFile, 'utf8').split('\n')
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      type: string
      webSocketDebuggerUrl: string
    }[]
    const target = targets.find((candidate) => candidate.type === 'page')
    if (!target) throw new Error('chromium opened no page')
    const page = connect(target.webSocketDebuggerUrl)
    await page.opened
    await page.send('Page.enable')
    const evaluate = async <T>(expression: string): Promise<T> => {
      const { result, exceptionDetails } = await page.send<{
        result: { value: T }
        exceptionDetails?: { text: string }
      }>('Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      })
      if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`)
      return result.value
    }
    return {
      send: (method, params) => page.send(method, params),
      on: (method, handler) => page.on(method, handler),
      evaluate,
      async goto(url, ready) {
        await page.send('Page.navigate', { url })
        // The reply can come before the new document runs: wait for it, not for about:blank.
        const deadline = Date.now() + START_TIMEOUT_MS
        while (!(await evaluate<boolean>(`!!(${ready})`).catch(() => false))) {
          if (Date.now() > deadline) throw new Error(`${url} did not load`)
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      },
      /** Closes the browser as its own menu would, so that it leaves its profile whole. */
      async close() {
        page.close()
        const browserEnd = connect(`ws://127.0.0.1:${port}${browserPath}`)
        try {
          await browserEnd.opened
          // The browser may close before it answers: its exit is the answer.
          browserEnd.send('Browser.close').catch(() => {})
        } catch {
          child.kill()
        }
        const killer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS)
        await exited
        clearTimeout(killer)
        browserEnd.close()
      },
    }
  } catch (error) {
    child.kill()
    await exited
    throw error
  }
}
