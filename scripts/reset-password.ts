/**
 * `npm run reset-password -- <email>`: gives an account a new password and ends every session
 * of it, for a self-hoster whose lender forgot theirs (no email server is assumed). It prints a
 * new random password; `--password-stdin` takes one from the first line of stdin instead. It
 * works on the installation the environment names: SQLite in DATA_DIR, or DATABASE_URL.
 *
 * The server may keep running: every server process closes that account's sockets within about
 * a quarter of a second. On PostgreSQL this command announces the ended sessions (NOTIFY, see
 * server/auth/pgSessionsEnded.ts); on SQLite the server notices that another process wrote its
 * accounts file (server/backends/sqlite.ts). Either way each process then checks the sessions of
 * its open sockets.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { createAuth } from '../server/auth/auth.ts'
import { newPasswordProblem, passwordProblemMessage } from '../server/auth/passwordPolicy.ts'
import { ConfigError, loadConfig } from '../server/config.ts'
import type { Pool } from 'pg'

const USAGE = 'usage: npm run reset-password -- <email> [--password-stdin]'

class Refusal extends Error {}

async function readFirstLine(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) text += String(chunk)
  return text.split(/\r?\n/)[0] ?? ''
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const fromStdin = args.includes('--password-stdin')
  const rest = args.filter((arg) => arg !== '--password-stdin')
  if (rest.length !== 1 || rest[0]!.startsWith('-')) throw new Refusal(USAGE)
  const email = rest[0]!.trim().toLowerCase()

  const config = loadConfig(process.env)
  const password = fromStdin ? await readFirstLine() : randomBytes(12).toString('base64url')
  // The same rule as sign-up and Settings (the random one passes it: 16 characters).
  const problem = newPasswordProblem(password)
  if (problem !== null) throw new Refusal(passwordProblemMessage[problem])

  let database: Database.Database | Pool
  if (config.databaseUrl !== null) {
    // PostgreSQL and Redis code is loaded only when configured, as in the server.
    const { createPgPool } = await import('../server/storage/pgPool.ts')
    database = createPgPool(config.databaseUrl)
  } else {
    const file = path.join(config.dataDir, 'accounts.sqlite')
    if (!existsSync(file)) throw new Refusal(`${file} does not exist: is DATA_DIR right?`)
    database = new Database(file, { fileMustExist: true })
    database.pragma('busy_timeout = 5000')
  }
  const ended: string[] = []
  try {
    const auth = createAuth({
      database,
      // Nothing is signed here; the secret only has to be present.
      secret: randomBytes(32).toString('base64url'),
      baseUrl: config.baseUrl ?? 'http://localhost',
      onSessionEnded: (session) => ended.push(session.token),
      verbose: false,
    })
    const context = await auth.$context
    const found = await context.internalAdapter.findUserByEmail(email)
    if (!found) throw new Refusal(`No account has the email ${email}.`)
    const account = await context.internalAdapter.findCredentialAccount(found.user.id)
    if (!account) throw new Refusal(`The account ${email} has no password to reset.`)
    await context.internalAdapter.updateAccount(account.id, {
      password: await context.password.hash(password),
    })
    await context.internalAdapter.deleteUserSessions(found.user.id)
    if (ended.length > 0 && !('pragma' in database)) {
      const { announceEndedSessions } = await import('../server/auth/pgSessionsEnded.ts')
      await announceEndedSessions(database)
    }
  } finally {
    if ('pragma' in database) database.close()
    else await database.end()
  }

  const devices = ended.length === 1 ? '1 device' : `${ended.length} devices`
  process.stderr.write(`Password of ${email} reset; signed out ${devices}.\n`)
  if (!fromStdin) process.stdout.write(`New password: ${password}\n`)
}

main().catch((error: unknown) => {
  if (error instanceof Refusal || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }
  process.stderr.write(`reset-password failed: ${error instanceof Error ? error.stack : error}\n`)
  process.exit(1)
})
