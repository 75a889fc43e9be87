/**
 * What a backup of an SQLite installation holds, shared by `backup.ts` and `restore.ts`: the two
 * databases and the auth secret (without it every session would end at restore), packed with
 * tar + gzip so that one file is one backup. PostgreSQL installations use pg_dump instead.
 */
import { spawnSync } from 'node:child_process'

/** The SQLite databases of DATA_DIR, copied with SQLite's online backup. */
export const DATABASE_FILES = ['accounts.sqlite', 'docs.sqlite'] as const

/** Plain files of DATA_DIR copied as they are. */
export const PLAIN_FILES = ['auth-secret'] as const

/** The documented PostgreSQL commands (README "Self-hosting"); `$DATABASE_URL` is left to sh. */
export const PG_DUMP = 'pg_dump --format=custom --no-owner --file=<file> "$DATABASE_URL"'
export const PG_RESTORE =
  'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" <file>'

/** The archive commands run tar; it ships with every Debian image, the Docker one included. */
export function tar(args: string[]): void {
  const result = spawnSync('tar', args, { stdio: ['ignore', 'inherit', 'inherit'] })
  if (result.status !== 0) throw new Error(`tar ${args.join(' ')} failed`)
}

/** Runs a PostgreSQL client tool (pg_dump, pg_restore) and fails loudly if it is missing. */
export function pgTool(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] })
  if (result.error)
    throw new Error(`${command} is not installed (apt-get install postgresql-client)`)
  if (result.status !== 0) throw new Error(`${command} failed with exit code ${result.status}`)
}

/** The file argument of `npm run backup -- <file>`, or a usage error. */
export function fileArgument(script: string): string {
  const file = process.argv[2]
  if (!file || file.startsWith('-')) {
    process.stderr.write(`usage: npm run ${script} -- <file>\n`)
    process.exit(2)
  }
  return file
}
