import { createHash, randomBytes } from 'node:crypto'
import type Database from 'better-sqlite3'
import type pg from 'pg'
import { accountsSql } from '../storage/accountsSql.ts'
import type { IsoDate } from '../../shared/ledger/types.ts'
import {
  MAX_LINKS_PER_BOOK,
  MAX_LINKS_PER_PERSON,
  PASSBOOK_TOKEN_BYTES,
  passbookLinkLive,
  type PassbookLinkInfo,
} from '../../shared/passbook.ts'

/** Why a link was not made (the person is checked against the book by the caller). */
export type LinkLimit = 'too many links for this person' | 'too many links in this book'

/** Whose passbook a live link opens. */
export interface LinkTarget {
  ownerId: string
  personId: string
}

/**
 * The passbook links (see `shared/passbook.ts`), kept beside the accounts and the members (the
 * same SQLite file or PostgreSQL database). A link's token is kept only as its SHA-256: someone
 * who reads the database cannot open a passbook. A revoked link keeps its row, marked revoked.
 *
 * Nothing is cached: every page asks the database whether its link is live, so a revocation
 * holds at once on every process that shares the database.
 */
export interface PassbookLinks {
  /** Tables and indexes, created if missing. */
  migrate(): Promise<void>
  /** A new link to `personId`'s passbook; its token is returned once and never again. */
  create(
    ownerId: string,
    link: { personId: string; expiresOn?: IsoDate; createdBy: string },
    now: Date,
    today: IsoDate,
  ): Promise<{ ok: true; token: string; link: PassbookLinkInfo } | { ok: false; reason: LinkLimit }>
  /** The book's links not revoked (one person's, given `personId`), oldest first. */
  list(ownerId: string, personId: string | undefined, today: IsoDate): Promise<PassbookLinkInfo[]>
  /** Revokes a link; false when the book has no such link not revoked. */
  revoke(ownerId: string, linkId: string, now: Date): Promise<boolean>
  /** Whose passbook `token` opens on `today`; null when it is unknown, revoked or expired. */
  open(token: string, today: IsoDate): Promise<LinkTarget | null>
}

// Times are ISO strings in UTC; expires_on is a day (India) as 'YYYY-MM-DD': both compare as text.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS passbook_link (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  owner_id TEXT NOT NULL,
  person_id TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_on TEXT,
  revoked_at TEXT
);
CREATE INDEX IF NOT EXISTS passbook_link_by_owner ON passbook_link (owner_id, person_id);
`

/** A link that opens the page on the day given as the last parameter. */
const LIVE = 'revoked_at IS NULL AND (expires_on IS NULL OR expires_on >= ?)'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The passbook links on better-auth's database, whichever it is. */
export function openPassbookLinks(accounts: Database.Database | pg.Pool): PassbookLinks {
  const sql = accountsSql(accounts)
  const count = async (where: string, params: unknown[]) =>
    Number(
      (await sql.all(`SELECT COUNT(*) AS n FROM passbook_link WHERE ${where}`, params))[0]?.n ?? 0,
    )
  const infoOf = (row: Record<string, unknown>, today: IsoDate): PassbookLinkInfo => {
    const expiresOn = row.expires_on == null ? undefined : String(row.expires_on)
    return {
      id: String(row.id),
      personId: String(row.person_id),
      createdAt: String(row.created_at),
      ...(expiresOn !== undefined && { expiresOn }),
      expired: !passbookLinkLive(expiresOn, today),
    }
  }

  return {
    async migrate() {
      await sql.exec(SCHEMA)
    },

    async create(ownerId, { personId, expiresOn, createdBy }, now, today) {
      if (
        (await count(`owner_id = ? AND person_id = ? AND ${LIVE}`, [ownerId, personId, today])) >=
        MAX_LINKS_PER_PERSON
      ) {
        return { ok: false, reason: 'too many links for this person' }
      }
      if ((await count(`owner_id = ? AND ${LIVE}`, [ownerId, today])) >= MAX_LINKS_PER_BOOK) {
        return { ok: false, reason: 'too many links in this book' }
      }
      const token = randomBytes(PASSBOOK_TOKEN_BYTES).toString('base64url')
      const link: PassbookLinkInfo = {
        id: randomBytes(9).toString('base64url'),
        personId,
        createdAt: now.toISOString(),
        ...(expiresOn !== undefined && { expiresOn }),
        expired: false,
      }
      await sql.run(
        `INSERT INTO passbook_link
           (id, token_hash, owner_id, person_id, created_by, created_at, expires_on)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          link.id,
          hashToken(token),
          ownerId,
          personId,
          createdBy,
          link.createdAt,
          expiresOn ?? null,
        ],
      )
      return { ok: true, token, link }
    },

    async list(ownerId, personId, today) {
      const rows = await sql.all(
        `SELECT id, person_id, created_at, expires_on FROM passbook_link
         WHERE owner_id = ? AND revoked_at IS NULL ${personId === undefined ? '' : 'AND person_id = ?'}
         ORDER BY created_at, id`,
        personId === undefined ? [ownerId] : [ownerId, personId],
      )
      return rows.map((row) => infoOf(row, today))
    },

    async revoke(ownerId, linkId, now) {
      return (
        (await sql.run(
          'UPDATE passbook_link SET revoked_at = ? WHERE owner_id = ? AND id = ? AND revoked_at IS NULL',
          [now.toISOString(), ownerId, linkId],
        )) > 0
      )
    },

    async open(token, today) {
      const [row] = await sql.all(
        `SELECT owner_id, person_id FROM passbook_link WHERE token_hash = ? AND ${LIVE}`,
        [hashToken(token), today],
      )
      return row ? { ownerId: String(row.owner_id), personId: String(row.person_id) } : null
    },
  }
}
