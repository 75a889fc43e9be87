/**
 * `npm run backup -- <file>`: a consistent copy of the installation while the server runs.
 * SQLite (the default): SQLite's online backup of each database plus the auth secret, packed
 * into one .tar.gz. PostgreSQL (DATABASE_URL set): the documented pg_dump line.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { loadConfig } from '../server/config.ts'
import { DATABASE_FILES, PLAIN_FILES, PG_DUMP, fileArgument, pgTool, tar } from './backupFormat.ts'

const file = path.resolve(fileArgument('backup'))
const databaseUrl = process.env.DATABASE_URL?.trim()

if (databaseUrl) {
  process.stderr.write(`PostgreSQL: ${PG_DUMP.replace('<file>', file)}\n`)
  pgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, databaseUrl])
} else {
  const { dataDir } = loadConfig(process.env)
  const staging = mkdtempSync(path.join(tmpdir(), 'rin-backup-'))
  try {
    for (const name of DATABASE_FILES) {
      const source = path.join(dataDir, name)
      if (!existsSync(source)) throw new Error(`${source} does not exist: is DATA_DIR right?`)
      // The online backup API copies a consistent snapshot while the server keeps writing.
      const db = new Database(source, { readonly: true, fileMustExist: true })
      try {
        await db.backup(path.join(staging, name))
      } finally {
        db.close()
      }
    }
    for (const name of PLAIN_FILES) {
      const source = path.join(dataDir, name)
      if (existsSync(source)) copyFileSync(source, path.join(staging, name))
    }
    tar(['-czf', file, '-C', staging, '.'])
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
  process.stderr.write(`backed up ${dataDir} to ${file}\n`)
}
