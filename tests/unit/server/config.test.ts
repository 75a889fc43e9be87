import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../../server/config.ts'

describe('server config', () => {
  it('has working defaults for a self-hoster who sets nothing', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.dataDir).toBe(path.resolve('data'))
    expect(config.baseUrl).toBeNull()
    expect(config.authSecret).toBeNull()
    expect(config.roomIdleMs).toBe(30_000)
  })

  it('accepts PORT=0 and a BASE_URL origin, dropping a trailing slash', () => {
    const config = loadConfig({ PORT: '0', BASE_URL: 'https://khata.example.com/' })
    expect(config.port).toBe(0)
    expect(config.baseUrl).toBe('https://khata.example.com')
  })

  it.each([
    [{ PORT: '80a' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer from 0 to 65535/],
    [{ BASE_URL: 'khata.example.com' }, /BASE_URL must be an absolute URL/],
    [{ BASE_URL: 'ftp://khata.example.com' }, /BASE_URL must start with http/],
    [{ BASE_URL: 'https://example.com/khata' }, /without a path/],
    [{ AUTH_SECRET: 'short' }, /AUTH_SECRET must be at least 32 characters/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})

describe('sync limits', () => {
  const MiB = 1024 * 1024

  it('defaults: 32 sockets and one largest message per account, 256 MiB for the process', () => {
    const config = loadConfig({})
    expect(config.maxSyncBytes).toBe(64 * MiB)
    expect(config.accountSockets).toBe(32)
    expect(config.accountSyncBytes).toBe(64 * MiB)
    expect(config.serverSyncBytes).toBe(256 * MiB)
    expect(config.citiesPerDay).toBe(200)
  })

  it('follows a larger MAX_SYNC_BYTES, so that a book that size can always be sent', () => {
    const config = loadConfig({ MAX_SYNC_BYTES: String(512 * MiB) })
    expect(config.accountSyncBytes).toBe(512 * MiB)
    expect(config.serverSyncBytes).toBe(512 * MiB)
  })

  it.each([
    [
      { ACCOUNT_SYNC_BYTES: String(8 * MiB) },
      /ACCOUNT_SYNC_BYTES must be an integer from 67108864/,
    ],
    [
      { ACCOUNT_SYNC_BYTES: String(100 * MiB), SERVER_SYNC_BYTES: String(99 * MiB) },
      /SERVER_SYNC_BYTES must be an integer from 104857600/,
    ],
    [{ ACCOUNT_SOCKETS: '1' }, /ACCOUNT_SOCKETS must be an integer from 2/],
    [{ CITIES_PER_DAY: '0' }, /CITIES_PER_DAY must be an integer from 1/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })
})
