import path from 'node:path'
import { CHUNK_BYTES } from '../shared/chunks.ts'
import { MAX_MESSAGE_BYTES } from '../shared/protocol.ts'
import { MAX_CITIES_PER_UPDATE } from '../shared/schema/city.ts'

const MiB = 1024 * 1024

/** Log levels, quietest last. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** Everything the server reads from its environment, parsed and checked once at start-up. */
export interface ServerConfig {
  port: number
  host: string
  /** Accounts, the auth secret and the documents live here. */
  dataDir: string
  /** The public origin (e.g. https://khata.example.com); null means "http://localhost:<port>". */
  baseUrl: string | null
  /** null: generate one on first start and keep it in dataDir. */
  authSecret: string | null
  /** The built app (`vite build`); it may be missing, e.g. under integration tests. */
  distDir: string
  logLevel: LogLevel
  maxMessageBytes: number
  /** Largest message a client may send in chunks (see `shared/chunks.ts`). */
  maxSyncBytes: number
  /** Open sockets one account may have in this process. */
  accountSockets: number
  /** Bytes of unfinished chunked messages one account's sockets may hold together. */
  accountSyncBytes: number
  /** Bytes of unfinished chunked messages all sockets of this process may hold together. */
  serverSyncBytes: number
  /** Cities one account may add per day (UTC), counted in each process. */
  citiesPerDay: number
  /** How long a room stays in memory after its last socket left. */
  roomIdleMs: number
  /** How often live sockets' sessions are checked for expiry or revocation. */
  sessionCheckMs: number
  /** Stored update rows per room before they are compacted into one snapshot. */
  compactEvery: number
  /** Interval of server pings; a socket that missed the previous pong is dropped. */
  pingIntervalMs: number
  /** PostgreSQL for accounts and documents; null: SQLite files in dataDir. */
  databaseUrl: string | null
  /** Redis carrying updates between server processes; null: this is the only process. */
  redisUrl: string | null
  /** Prefix of the Redis channel names (installations sharing one Redis keep apart). */
  redisPrefix: string
  /** With Redis: how often rooms ask storage for updates whose Redis message was lost. */
  catchUpMs: number
  /** A reverse proxy in front appends the client address to X-Forwarded-For. */
  trustProxy: boolean
}

/** A configuration mistake, reported to the operator as one readable line. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

function origin(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(
      `${name} must be an absolute URL such as https://khata.example.com, got "${raw}"`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must start with http:// or https://, got "${raw}"`)
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(`${name} must be an origin without a path, got "${raw}"`)
  }
  return url.origin
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? ''
  if (raw === '' || raw === '0' || raw === 'false') return false
  if (raw === '1' || raw === 'true') return true
  throw new ConfigError(`${name} must be 1, true, 0 or false, got "${env[name]}"`)
}

/** A connection URL whose scheme is one of `schemes`, or null when the variable is unset. */
function serviceUrl(env: NodeJS.ProcessEnv, name: string, schemes: string[], example: string) {
  const raw = env[name]?.trim()
  if (!raw) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`${name} must be a URL such as ${example}`)
  }
  if (!schemes.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${schemes.join(' or ')}//, such as ${example}`)
  }
  return raw
}

/** Reads the server's configuration from `env`; throws a ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`,
    )
  }
  const authSecret = env.AUTH_SECRET?.trim() || null
  if (authSecret !== null && authSecret.length < 32) {
    throw new ConfigError('AUTH_SECRET must be at least 32 characters (or unset to generate one)')
  }
  const databaseUrl = serviceUrl(
    env,
    'DATABASE_URL',
    ['postgres:', 'postgresql:'],
    'postgres://rin:secret@db:5432/rin',
  )
  const redisUrl = serviceUrl(env, 'REDIS_URL', ['redis:', 'rediss:'], 'redis://redis:6379')
  if (redisUrl !== null && databaseUrl === null) {
    // Processes that share rooms must share the documents: SQLite files are per process.
    throw new ConfigError('REDIS_URL needs DATABASE_URL: several processes share one PostgreSQL')
  }
  // Chunks (64 KiB parts) must always fit in a frame.
  const maxMessageBytes = integer(
    env,
    'MAX_MESSAGE_BYTES',
    MAX_MESSAGE_BYTES,
    2 * CHUNK_BYTES,
    2 ** 30,
  )
  const maxSyncBytes = integer(env, 'MAX_SYNC_BYTES', 64 * MiB, MiB, 2 ** 32)
  // An account must be able to send the largest message allowed, and the process to take it.
  const accountSyncBytes = integer(env, 'ACCOUNT_SYNC_BYTES', maxSyncBytes, maxSyncBytes, 2 ** 36)
  const serverSyncBytes = integer(
    env,
    'SERVER_SYNC_BYTES',
    Math.max(256 * MiB, accountSyncBytes),
    accountSyncBytes,
    2 ** 38,
  )
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    baseUrl: origin(env, 'BASE_URL'),
    authSecret,
    distDir: path.resolve(env.DIST_DIR?.trim() || './dist'),
    logLevel,
    maxMessageBytes,
    maxSyncBytes,
    accountSockets: integer(env, 'ACCOUNT_SOCKETS', 32, 2, 100_000),
    accountSyncBytes,
    serverSyncBytes,
    citiesPerDay: integer(env, 'CITIES_PER_DAY', MAX_CITIES_PER_UPDATE, 1, 1_000_000),
    roomIdleMs: integer(env, 'ROOM_IDLE_MS', 30_000, 0, 86_400_000),
    sessionCheckMs: integer(env, 'SESSION_CHECK_MS', 60_000, 100, 86_400_000),
    compactEvery: integer(env, 'COMPACT_EVERY', 500, 1, 1_000_000),
    pingIntervalMs: integer(env, 'PING_INTERVAL_MS', 30_000, 100, 3_600_000),
    databaseUrl,
    redisUrl,
    redisPrefix: env.REDIS_PREFIX?.trim() || 'rin-khata:',
    catchUpMs: integer(env, 'CATCH_UP_MS', 500, 50, 60_000),
    trustProxy: flag(env, 'TRUST_PROXY'),
  }
}
