/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` back in place. Stop the
 * server first: the restore refuses to replace a database another process has open.
 * SQLite: the archive's databases (checked with integrity_check) and auth secret replace those
 * in DATA_DIR. PostgreSQL (DATABASE_URL set): the documented pg_restore line.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { loadConfig } from '../server/config.ts'
import {
  DATABASE_FILES,
  PLAIN_FILES,
  PG_RESTORE,
  fileArgument,
  pgTool,
  tar,
} from './backupFormat.ts'

const file = path.resolve(fileArgument('restore'))
const databaseUrl = process.env.DATABASE_URL?.trim()

/** Throws if another connection (a running server) has the database at `file` open. */
function assertNotInUse(file: string): void {
  if (!existsSync(file)) return
  const db = new Database(file, { timeout: 200 })
  try {
    // A server's WAL connection keeps a shared lock; an exclusive one is then refused.
    db.pragma('locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE; COMMIT')
  } catch {
    throw new Error(`${file} is in use: stop the server before restoring`)
  } finally {
    db.close()
  }
}

if (!existsSync(file)) throw new Error(`${file} does not exist`)

if (databaseUrl) {
  process.stderr.write(`PostgreSQL: ${PG_RESTORE.replace('<file>', file)}\n`)
  pgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${databaseUrl}`, file])
} else {
  const { dataDir } = loadConfig(process.env)
  const staging = mkdtempSync(path.join(tmpdir(), 'rin-restore-'))
  try {
    tar(['-xzf', file, '-C', staging])
    for (const name of DATABASE_FILES) {
      const db = new Database(path.join(staging, name), { readonly: true, fileMustExist: true })
      try {
        const result = db.pragma('integrity_check', { simple: true })
        if (result !== 'ok') throw new Error(`${name} in the backup is damaged: ${result}`)
      } finally {
        db.close()
      }
    }
    mkdirSync(dataDir, { recursive: true })
    for (const name of DATABASE_FILES) assertNotInUse(path.join(dataDir, name))
    for (const name of DATABASE_FILES) {
      const target = path.join(dataDir, name)
      // A leftover WAL would be replayed over the restored file on the next open.
      rmSync(`${target}-wal`, { force: true })
      rmSync(`${target}-shm`, { force: true })
      copyFileSync(path.join(staging, name), target)
    }
    for (const name of PLAIN_FILES) {
      const source = path.join(staging, name)
      if (existsSync(source)) copyFileSync(source, path.join(dataDir, name))
    }
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
  process.stderr.write(`restored ${file} into ${dataDir}\n`)
}
