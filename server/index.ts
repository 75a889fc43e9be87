import { ConfigError, loadConfig } from './config.ts'
import { startServer } from './app.ts'

// CLI entry, bundled into dist-server/index.js by `npm run build:server` (`npm run dev:server`
// runs it through tsx). Configuration comes from the environment (see config.ts).
async function main(): Promise<void> {
  let config
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`)
      process.exit(2)
    }
    throw error
  }
  const server = await startServer(config)
  process.stdout.write(`Rin Khata listening on ${server.url}\n`)

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    process.stderr.write(`[info] ${signal}: storing and closing\n`)
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`[error] shutdown failed: ${String(error)}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[error] could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
  )
  process.exit(1)
})
