/**
 * `npm run docker:replay [-- --port N] [--keep]`: builds and starts the Dockerfile without a
 * Docker engine. Each stage gets a fresh directory standing in for the image's `/`; WORKDIR,
 * ENV, COPY (from the context minus .dockerignore, or `--from` an earlier stage) and RUN are
 * replayed in order, then the last stage's CMD starts with its ENV, and its HEALTHCHECK is run
 * once the server listens. The server's own output is passed through, so a caller can wait for
 * "Rin Khata listening on ...". Ctrl-C (or SIGTERM) stops it and removes the directory.
 *
 * What cannot be replayed is said, not hidden: the base image is this machine's Node (its major
 * version is checked against FROM), `apt-get` lines only check that their tools are on PATH,
 * `chown` and USER are skipped (the replay runs as the invoking user), and `npm ci` may use the
 * local npm cache (`prefer-offline`) but fetches nothing beyond the lockfile.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'

const CONTEXT = path.resolve(import.meta.dirname, '..')

interface Instruction {
  op: string
  args: string
}

/** Dockerfile lines as instructions: comments dropped, `\` continuations joined. */
function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = []
  let pending = ''
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (pending === '' && (line === '' || line.startsWith('#'))) continue
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' '
      continue
    }
    const full = pending + line
    pending = ''
    const match = /^(\w+)\s+(.*)$/.exec(full)
    if (!match) throw new Error(`cannot parse Dockerfile line: ${full}`)
    instructions.push({ op: match[1]!.toUpperCase(), args: match[2]! })
  }
  return instructions
}

/** A .dockerignore pattern as a RegExp over context-relative paths (no `!` exceptions). */
function ignoreMatcher(patterns: string[]): (relative: string) => boolean {
  const regexes = patterns.map((pattern) => {
    if (pattern.startsWith('!')) throw new Error(`.dockerignore exceptions are not replayed`)
    const source = pattern
      .replace(/^\/+|\/+$/g, '')
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*/g, '\uE000')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')
      .replace(/\uE000/g, '.*')
    // A pattern naming a directory also excludes everything inside it.
    return new RegExp(`^${source}(/.*)?$`)
  })
  return (relative) => regexes.some((regex) => regex.test(relative))
}

function readIgnore(): (relative: string) => boolean {
  const file = path.join(CONTEXT, '.dockerignore')
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []
  return ignoreMatcher(lines.map((line) => line.trim()).filter((l) => l && !l.startsWith('#')))
}

/** Splits `a b "c d"` and `["a", "b"]` (exec form) into words. */
function words(args: string): string[] {
  const trimmed = args.trim()
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as string[]
  return [...trimmed.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!)
}

interface Stage {
  name: string
  root: string
  workdir: string
  env: Record<string, string>
  cmd: string[] | null
  healthcheck: string | null
}

class Replay {
  private readonly stages: Stage[] = []
  private readonly ignored = readIgnore()

  /** `track` hears of every process started, so that a signal can stop the one running. */
  constructor(
    private readonly dir: string,
    private readonly track: (child: ChildProcess) => void,
  ) {}

  /** A path inside the image, as a path inside this stage's stand-in root. */
  private host(stage: Stage, containerPath: string): string {
    const absolute = path.posix.resolve(stage.workdir, containerPath)
    return path.join(stage.root, absolute)
  }

  private get stage(): Stage {
    const stage = this.stages[this.stages.length - 1]
    if (!stage) throw new Error('Dockerfile must start with FROM')
    return stage
  }

  async run(instructions: Instruction[]): Promise<Stage> {
    for (const { op, args } of instructions) {
      process.stderr.write(`[replay] ${op} ${args}\n`)
      switch (op) {
        case 'FROM':
          this.from(args)
          break
        case 'WORKDIR':
          this.stage.workdir = path.posix.resolve(this.stage.workdir, args.trim())
          mkdirSync(this.host(this.stage, '.'), { recursive: true })
          break
        case 'ENV':
          for (const [, key, value] of args.matchAll(/(\w+)=("[^"]*"|\S*)/g)) {
            this.stage.env[key!] = value!.replace(/^"|"$/g, '')
          }
          break
        case 'COPY':
          this.copy(args)
          break
        case 'RUN':
          await this.runShell(args)
          break
        case 'CMD':
          this.stage.cmd = words(args)
          break
        case 'HEALTHCHECK': {
          const at = args.indexOf('CMD ')
          this.stage.healthcheck = at >= 0 ? args.slice(at + 4) : null
          break
        }
        case 'USER':
        case 'VOLUME':
        case 'EXPOSE':
        case 'LABEL':
        case 'ARG':
          process.stderr.write(
            `[replay]   (recorded only; the replay runs as ${userInfo().username})\n`,
          )
          break
        default:
          throw new Error(`the replay does not know ${op}`)
      }
    }
    return this.stage
  }

  private from(args: string): void {
    const [image, as, name] = words(args)
    const major = /^node:(\d+)\./.exec(image ?? '')?.[1]
    const ours = process.versions.node.split('.')[0]
    if (major !== ours) throw new Error(`FROM ${image} needs Node ${major}; this is ${ours}`)
    const stageName = as?.toUpperCase() === 'AS' && name ? name : `stage${this.stages.length}`
    const root = path.join(this.dir, stageName)
    mkdirSync(root, { recursive: true })
    this.stages.push({
      name: stageName,
      root,
      workdir: '/',
      env: {},
      cmd: null,
      healthcheck: null,
    })
  }

  private copy(args: string): void {
    const parts = words(args)
    const from = parts.find((p) => p.startsWith('--from='))?.slice('--from='.length)
    const paths = parts.filter((p) => !p.startsWith('--'))
    const destination = paths.pop()!
    const target = this.host(this.stage, destination)
    const intoDir = destination.endsWith('/') || destination === '.' || paths.length > 1
    for (const source of paths) {
      if (from !== undefined) {
        const origin = this.stages.find((s) => s.name === from)
        if (!origin) throw new Error(`COPY --from=${from}: no such stage`)
        const src = path.join(origin.root, path.posix.resolve('/', source))
        const dest = intoDir ? path.join(target, path.basename(src)) : target
        cpSync(src, dest, { recursive: true, verbatimSymlinks: true })
        continue
      }
      const src = path.resolve(CONTEXT, source)
      const relative = path.relative(CONTEXT, src)
      if (relative === '') {
        this.copyContext(target)
        continue
      }
      if (this.ignored(relative)) throw new Error(`COPY ${source}: excluded by .dockerignore`)
      const dest = intoDir ? path.join(target, path.basename(src)) : target
      cpSync(src, dest, {
        recursive: true,
        filter: (file) => !this.ignored(path.relative(CONTEXT, file)),
      })
    }
  }

  /** `COPY . dest`: the whole build context minus .dockerignore. */
  private copyContext(target: string): void {
    mkdirSync(target, { recursive: true })
    for (const entry of readdirSync(CONTEXT)) {
      if (this.ignored(entry)) continue
      cpSync(path.join(CONTEXT, entry), path.join(target, entry), {
        recursive: true,
        filter: (file) => !this.ignored(path.relative(CONTEXT, file)),
      })
    }
  }

  private async runShell(args: string): Promise<void> {
    const stage = this.stage
    for (const step of args.split('&&').map((s) => s.trim())) {
      const [command] = step.split(/\s+/)
      if (command === 'apt-get') {
        const tools = step.includes('install') ? ['python3', 'make', 'g++'] : []
        const missing = tools.filter((tool) => spawnSync('which', [tool]).status !== 0)
        if (missing.length > 0) throw new Error(`missing system tools: ${missing.join(', ')}`)
        process.stderr.write(`[replay]   ${step.slice(0, 40)}...: skipped, tools present\n`)
        continue
      }
      if (command === 'chown' || step.startsWith('rm -rf /var/lib/apt')) {
        process.stderr.write(`[replay]   ${step}: skipped\n`)
        continue
      }
      // Absolute paths in the command mean the stage's stand-in root.
      const mapped = step.replace(/(^|\s)(\/[\w./-]*)/g, (_m, space: string, p: string) => {
        return space + this.host(stage, p)
      })
      // Its own process group, so that stopping the replay stops e.g. npm's compiler too.
      // `exec`: the step's own process is the one we wait for and signal, not a wrapping shell.
      const shell = spawn('sh', ['-c', `exec ${mapped}`], {
        cwd: this.host(stage, '.'),
        env: this.env(stage),
        stdio: ['ignore', 'inherit', 'inherit'],
        detached: true,
      })
      this.track(shell)
      const status = await new Promise<number | null>((resolve) => shell.once('exit', resolve))
      if (status !== 0) throw new Error(`RUN ${step} failed with ${status}`)
    }
  }

  /** The stage's ENV over a minimal host environment, container paths mapped into its root. */
  env(stage: Stage, overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // Installs may come from the local cache; nothing outside the lockfile is fetched.
      npm_config_prefer_offline: 'true',
    }
    for (const [key, value] of Object.entries({ ...stage.env, ...overrides })) {
      env[key] = value.startsWith('/') ? this.host(stage, value) : value
    }
    return env
  }
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name)
  return at >= 0 ? process.argv[at + 1] : undefined
}

const dir = mkdtempSync(path.join(tmpdir(), 'rin-docker-replay-'))
let child: ChildProcess | null = null

let finishing = false

/** Stops the server (letting it store and close), removes the stand-in roots, exits. */
function finish(code: number): void {
  if (finishing) return
  finishing = true
  const done = () => {
    if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true })
    process.exit(code)
  }
  if (child && child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    const group = -child.pid
    child.once('exit', done)
    process.kill(group, 'SIGTERM')
    // npm may take its time (or ignore SIGTERM mid-install); the server gets 10 s to store.
    setTimeout(() => {
      try {
        process.kill(group, 'SIGKILL')
      } catch {
        // already gone
      }
    }, 10_000).unref()
  } else {
    done()
  }
}

async function main(): Promise<void> {
  process.on('SIGINT', () => finish(0))
  process.on('SIGTERM', () => finish(0))

  const replay = new Replay(dir, (started) => (child = started))
  const started = Date.now()
  const final = await replay.run(
    parseDockerfile(readFileSync(path.join(CONTEXT, 'Dockerfile'), 'utf8')),
  )
  if (!final.cmd) throw new Error('the last stage has no CMD')
  process.stderr.write(
    `[replay] built in ${((Date.now() - started) / 1000).toFixed(0)} s (${dir})\n`,
  )

  const port = option('--port') ?? final.env.PORT ?? '3000'
  const env = replay.env(final, { PORT: port })
  const [command, ...args] = final.cmd
  const cwd = path.join(final.root, final.workdir)
  const server = spawn(command!, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  child = server
  server.on('exit', (code) => {
    process.stderr.write(`[replay] server exited with ${code}\n`)
    finish(code ?? 1)
  })
  let output = ''
  server.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk)
    output += chunk.toString()
    const url = /listening on (http:\/\/\S+)/.exec(output)?.[1]
    if (url && final.healthcheck) {
      const healthcheck = final.healthcheck
      final.healthcheck = null
      // The image's own HEALTHCHECK, pointed at the port the server really took.
      const check = spawnSync('sh', ['-c', healthcheck], {
        cwd,
        env: { ...env, PORT: new URL(url).port },
      })
      process.stderr.write(`[replay] HEALTHCHECK exit ${check.status}\n`)
    }
  })
}

main().catch((error: unknown) => {
  process.stderr.write(`[replay] ${error instanceof Error ? error.message : String(error)}\n`)
  finish(1)
})
