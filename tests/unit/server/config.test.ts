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
