import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The secret that signs session cookies: AUTH_SECRET if set, else one generated on the first
 * start and kept in `dataDir/auth-secret` (mode 0600), so sessions survive restarts.
 */
export function loadAuthSecret(dataDir: string, configured: string | null): string {
  if (configured !== null) return configured
  const file = path.join(dataDir, 'auth-secret')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = randomBytes(32).toString('base64url')
  try {
    // 'wx': if another process created it first, keep theirs.
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' })
    return secret
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return readFileSync(file, 'utf8').trim()
  }
}
