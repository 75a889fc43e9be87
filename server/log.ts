import type { LogLevel } from './config.ts'

/** A tiny leveled logger writing `[level] message` lines to stderr. */
export interface Logger {
  debug(message: string, detail?: unknown): void
  info(message: string, detail?: unknown): void
  warn(message: string, detail?: unknown): void
  error(message: string, detail?: unknown): void
}

const rank: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 }

function describe(detail: unknown): string {
  if (detail === undefined) return ''
  if (detail instanceof Error) return ` ${detail.stack ?? detail.message}`
  try {
    return ` ${JSON.stringify(detail)}`
  } catch {
    return ` ${String(detail)}`
  }
}

/** A logger that drops messages below `level`. */
export function createLogger(level: LogLevel): Logger {
  const at =
    (lineLevel: Exclude<LogLevel, 'silent'>) =>
    (message: string, detail?: unknown): void => {
      if (rank[lineLevel] < rank[level]) return
      process.stderr.write(`[${lineLevel}] ${message}${describe(detail)}\n`)
    }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}
