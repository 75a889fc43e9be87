/**
 * Runs npm scripts at the same time, each line of their output prefixed with the script's name,
 * and exits non-zero if any of them failed (after all have finished, so every failure is shown).
 *
 *   tsx scripts/side-by-side.ts test:integration test:e2e
 *
 * `npm test` runs its two slow tiers this way: the integration tier leaves about half of the two
 * cores idle (it waits on sockets, timers and the Docker build), and the browser tier fills them.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

function run(script: string): Promise<number> {
  const child = spawn('npm', ['run', '--silent', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  })
  const prefix = `[${script}] `
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream }).on('line', (line) => out.write(prefix + line + '\n'))
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`${prefix}could not start: ${error.message}\n`)
      resolve(1)
    })
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const scripts = process.argv.slice(2)
if (scripts.length === 0) {
  process.stderr.write('usage: tsx scripts/side-by-side.ts <npm script>...\n')
  process.exit(2)
}
const started = Date.now()
const codes = await Promise.all(scripts.map(run))
const failed = scripts.filter((_, i) => codes[i] !== 0)
const minutes = ((Date.now() - started) / 60_000).toFixed(1)
if (failed.length > 0) {
  process.stderr.write(`failed: ${failed.join(', ')} (${minutes} min)\n`)
  process.exit(1)
}
process.stdout.write(`passed: ${scripts.join(', ')} (${minutes} min)\n`)
