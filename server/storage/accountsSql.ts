/**
 * The accounts database as the stores kept beside the accounts use it (members, passbook links):
 * one small interface over both dialects, written with `?` placeholders, which PostgreSQL's
 * numbered ones replace.
 */
import type Database from 'better-sqlite3'
import type pg from 'pg'

/** What a store needs of a database. */
export interface Sql {
  all(query: string, params: unknown[]): Promise<Record<string, unknown>[]>
  /** Runs a write; resolves with the rows it changed. */
  run(query: string, params: unknown[]): Promise<number>
  exec(statements: string): Promise<void>
}

/** The accounts database (SQLite's or PostgreSQL's) as `Sql`. */
export function accountsSql(accounts: Database.Database | pg.Pool): Sql {
  return 'prepare' in accounts ? sqliteSql(accounts) : postgresSql(accounts as pg.Pool)
}

function sqliteSql(db: Database.Database): Sql {
  return {
    async all(query, params) {
      return db.prepare(query).all(...params) as Record<string, unknown>[]
    },
    async run(query, params) {
      return db.prepare(query).run(...params).changes
    },
    async exec(statements) {
      db.exec(statements)
    },
  }
}

function postgresSql(pool: pg.Pool): Sql {
  const numbered = (query: string) => {
    let n = 0
    return query.replace(/\?/g, () => `$${++n}`)
  }
  return {
    async all(query, params) {
      return (await pool.query(numbered(query), params)).rows as Record<string, unknown>[]
    },
    async run(query, params) {
      return (await pool.query(numbered(query), params)).rowCount ?? 0
    },
    async exec(statements) {
      await pool.query(statements)
    },
  }
}
