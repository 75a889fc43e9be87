import { createHash, randomBytes, randomInt } from 'node:crypto'
import type Database from 'better-sqlite3'
import type pg from 'pg'
import { accountsSql } from '../storage/accountsSql.ts'
import {
  MAX_HANDOVERS_PER_MEMBER,
  MAX_WAITING_VOID_REQUESTS,
  type Handover,
  type VoidRequestInfo,
} from '../../shared/collect.ts'
import type { IsoDate, Paise } from '../../shared/ledger/types.ts'
import {
  INVITE_ALPHABET,
  INVITE_CODE_LENGTH,
  INVITE_TTL_MS,
  isMemberRole,
  type InviteInfo,
  type MemberInfo,
  type MemberRole,
  type SharedBook,
} from '../../shared/members.ts'

/** Members one book may have at once, and invitations it may have waiting. */
export const MEMBER_LIMITS = { members: 50, invites: 20, heldBatches: 50 } as const

/** Why a code did not let an account in. An unknown, used, revoked or expired code look alike. */
export type JoinRefusal = 'unknown code' | 'your own book' | 'already a member' | 'book full'

export type JoinResult =
  { ok: true; ownerId: string; role: MemberRole } | { ok: false; reason: JoinRefusal }

/** A member as the server checks them, removed ones included. */
export interface Membership {
  role: MemberRole
  villages: string[]
  email: string
  /** When they were removed (ISO timestamp); null while they are a member. */
  removedAt: string | null
}

/** Deposits a removed collector sent, kept for the owner to look at (never in the book). */
export interface HeldDeposits {
  id: string
  memberId: string
  email: string
  receivedAt: string
  deposits: unknown[]
}

/** What the owner made of a batch of held deposits. */
export type HeldReview = 'accepted' | 'dismissed'

/** Why a collector's request to void was not taken. */
export type VoidAskRefusal = 'already asked' | 'too many requests'

/** Why a handover was not added. */
export type HandoverRefusal = 'too many handovers'

/**
 * The books' members and invitations, kept beside the accounts (the same SQLite file or
 * PostgreSQL database as better-auth's tables). A member who is removed keeps their row, marked
 * removed: who was in a book, and when, is part of its history.
 *
 * An invitation's code is kept only as its SHA-256: someone who reads the database cannot join.
 */
export interface MembersStore {
  /** Tables and indexes, created if missing. */
  migrate(): Promise<void>
  /**
   * A new invitation to `ownerId`'s book (a collector's with his villages); its code is returned
   * once and never again.
   */
  invite(
    ownerId: string,
    role: MemberRole,
    villages: readonly string[],
    now: Date,
  ): Promise<
    { ok: true; code: string; invite: InviteInfo } | { ok: false; reason: 'too many invitations' }
  >
  /** Uses an invitation code: `userId` becomes a member, or is told why not. */
  join(code: string, userId: string, now: Date): Promise<JoinResult>
  /** `userId`'s role in `ownerId`'s book; null when they are not (or no longer) a member. */
  roleOf(ownerId: string, userId: string): Promise<MemberRole | null>
  /** `userId` in `ownerId`'s book, removed or not; null when they never were a member. */
  membership(ownerId: string, userId: string): Promise<Membership | null>
  /** The book's members, first joined first. */
  members(ownerId: string): Promise<MemberInfo[]>
  /** The book's invitations that can still be used. */
  invites(ownerId: string, now: Date): Promise<InviteInfo[]>
  /** Withdraws an unused invitation; false when there is none by that id. */
  revokeInvite(ownerId: string, inviteId: string, now: Date): Promise<boolean>
  /** Gives a member another role (a collector his villages); false when they are not a member. */
  setRole(
    ownerId: string,
    memberId: string,
    role: MemberRole,
    villages: readonly string[],
  ): Promise<boolean>
  /** Removes a member (the row stays, marked removed); false when they are not a member. */
  remove(ownerId: string, memberId: string, now: Date): Promise<boolean>
  /** The books shared with `userId`. */
  booksOf(userId: string): Promise<SharedBook[]>
  /**
   * Keeps what a removed collector sent, for the owner to review; false once MEMBER_LIMITS's
   * `heldBatches` of his wait already (a removed member must not fill the server's disk).
   */
  hold(ownerId: string, memberId: string, deposits: unknown[], now: Date): Promise<boolean>
  /** What removed collectors sent to `ownerId`'s book and the owner has not reviewed, oldest first. */
  held(ownerId: string): Promise<HeldDeposits[]>
  /** One batch of `ownerId`'s not reviewed yet; null when there is none by that id. */
  heldBatch(ownerId: string, batchId: string): Promise<HeldDeposits | null>
  /**
   * Marks a batch reviewed, so that it leaves the list and is never accepted again; false when it
   * was reviewed already (or never was `ownerId`'s). One statement: of two calls at once, one wins.
   */
  reviewHeld(ownerId: string, batchId: string, review: HeldReview, now: Date): Promise<boolean>
  /**
   * A collector asks the owner to void one of his deposits (checked against the book by the
   * caller). Refused while he has a request for that deposit waiting, or MAX_WAITING_VOID_REQUESTS
   * of any.
   */
  askVoid(
    ownerId: string,
    memberId: string,
    depositId: string,
    reason: string,
    now: Date,
  ): Promise<{ ok: true; request: VoidRequestInfo } | { ok: false; reason: VoidAskRefusal }>
  /** A collector's requests to `ownerId`'s book, decided ones included, newest first (100 at most). */
  voidRequestsOf(ownerId: string, memberId: string): Promise<VoidRequestInfo[]>
  /** The requests waiting for `ownerId`'s answer, oldest first. */
  waitingVoidRequests(ownerId: string): Promise<VoidRequestInfo[]>
  /** One request to `ownerId`'s book still waiting; null when there is none by that id. */
  waitingVoidRequest(ownerId: string, requestId: string): Promise<VoidRequestInfo | null>
  /**
   * Records the owner's answer to a waiting request; null when it was decided already (one
   * statement: of two answers at once, one counts). Resolves with the request as decided.
   */
  decideVoid(
    ownerId: string,
    requestId: string,
    status: 'accepted' | 'refused',
    now: Date,
  ): Promise<VoidRequestInfo | null>
  /**
   * Cash a collector handed over on `day`; refused once MAX_HANDOVERS_PER_MEMBER of his are kept
   * (withdrawn ones count: they stay, as history).
   */
  addHandover(
    ownerId: string,
    memberId: string,
    handover: { day: IsoDate; amount: Paise; note: string },
    now: Date,
  ): Promise<{ ok: true; handover: Handover } | { ok: false; reason: HandoverRefusal }>
  /** A collector's handovers, withdrawn ones included, newest day first. */
  handovers(ownerId: string, memberId: string): Promise<Handover[]>
  /** Withdraws a handover (a mistake); false when there is none by that id, or it is withdrawn. */
  withdrawHandover(
    ownerId: string,
    memberId: string,
    handoverId: string,
    now: Date,
  ): Promise<boolean>
}

// Times are ISO strings in UTC (`toISOString`), so they compare as text in both databases.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS book_member (
  owner_id TEXT NOT NULL,
  member_id TEXT NOT NULL,
  role TEXT NOT NULL,
  joined_at TEXT NOT NULL,
  removed_at TEXT,
  villages TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (owner_id, member_id)
);
CREATE INDEX IF NOT EXISTS book_member_by_member ON book_member (member_id);
CREATE TABLE IF NOT EXISTS book_invite (
  id TEXT PRIMARY KEY,
  code_hash TEXT NOT NULL UNIQUE,
  owner_id TEXT NOT NULL,
  role TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  used_by TEXT,
  revoked_at TEXT,
  villages TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS book_invite_by_owner ON book_invite (owner_id);
CREATE TABLE IF NOT EXISTS book_held_deposits (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  member_id TEXT NOT NULL,
  received_at TEXT NOT NULL,
  deposits TEXT NOT NULL,
  reviewed_at TEXT,
  review TEXT
);
CREATE INDEX IF NOT EXISTS book_held_deposits_by_owner ON book_held_deposits (owner_id);
CREATE TABLE IF NOT EXISTS book_void_request (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  member_id TEXT NOT NULL,
  deposit_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  status TEXT NOT NULL,
  decided_at TEXT
);
CREATE INDEX IF NOT EXISTS book_void_request_by_member
  ON book_void_request (owner_id, member_id, created_at);
CREATE INDEX IF NOT EXISTS book_void_request_waiting
  ON book_void_request (owner_id, status, created_at);
CREATE UNIQUE INDEX IF NOT EXISTS book_void_request_one_waiting
  ON book_void_request (owner_id, deposit_id) WHERE status = 'waiting';
CREATE TABLE IF NOT EXISTS book_handover (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  member_id TEXT NOT NULL,
  day TEXT NOT NULL,
  amount BIGINT NOT NULL,
  note TEXT NOT NULL,
  created_at TEXT NOT NULL,
  withdrawn_at TEXT
);
CREATE INDEX IF NOT EXISTS book_handover_by_member ON book_handover (owner_id, member_id, day);
`

/** Columns added after the tables were first made, for a database made before them. */
const ADDED_COLUMNS = [
  "ALTER TABLE book_member ADD COLUMN villages TEXT NOT NULL DEFAULT '[]'",
  "ALTER TABLE book_invite ADD COLUMN villages TEXT NOT NULL DEFAULT '[]'",
  'ALTER TABLE book_held_deposits ADD COLUMN reviewed_at TEXT',
  'ALTER TABLE book_held_deposits ADD COLUMN review TEXT',
]

/** A stored list of villages; an unreadable one is none. */
function villagesOf(value: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(value))
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

const newId = () => randomBytes(9).toString('base64url')

const heldOf = (row: Record<string, unknown>): HeldDeposits => ({
  id: String(row.id),
  memberId: String(row.member_id),
  email: String(row.email),
  receivedAt: String(row.received_at),
  deposits: JSON.parse(String(row.deposits)) as unknown[],
})

const voidRequestOf = (row: Record<string, unknown>): VoidRequestInfo => ({
  id: String(row.id),
  memberId: String(row.member_id),
  name: String(row.name),
  email: String(row.email),
  depositId: String(row.deposit_id),
  reason: String(row.reason),
  createdAt: String(row.created_at),
  status: row.status as VoidRequestInfo['status'],
  decidedAt: row.decided_at == null ? null : String(row.decided_at),
})

// PostgreSQL hands a BIGINT back as text: the amount is read back as a number.
const handoverOf = (row: Record<string, unknown>): Handover => ({
  id: String(row.id),
  memberId: String(row.member_id),
  day: String(row.day),
  amount: Number(row.amount),
  note: String(row.note),
  createdAt: String(row.created_at),
  withdrawnAt: row.withdrawn_at == null ? null : String(row.withdrawn_at),
})

/** A void request's columns with its collector's name and email (`r` and `u`). */
const VOID_REQUEST_COLUMNS = `r.id, r.member_id, u.name, u.email, r.deposit_id, r.reason,
  r.created_at, r.status, r.decided_at`

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex')

function newCode(): string {
  let code = ''
  for (let i = 0; i < INVITE_CODE_LENGTH; i++)
    code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]
  return code
}

/** The members store on better-auth's database, whichever it is. */
export function openMembersStore(accounts: Database.Database | pg.Pool): MembersStore {
  const sql = accountsSql(accounts)
  const inviteOf = (row: Record<string, unknown>): InviteInfo => ({
    id: String(row.id),
    role: row.role as MemberRole,
    villages: villagesOf(row.villages),
    createdAt: String(row.created_at),
    expiresAt: String(row.expires_at),
  })
  const usable = 'used_at IS NULL AND revoked_at IS NULL AND expires_at > ?'
  const countMembers = async (ownerId: string) =>
    Number(
      (
        await sql.all(
          'SELECT COUNT(*) AS n FROM book_member WHERE owner_id = ? AND removed_at IS NULL',
          [ownerId],
        )
      )[0]?.n ?? 0,
    )

  const store: MembersStore = {
    async migrate() {
      await sql.exec(SCHEMA)
      for (const statement of ADDED_COLUMNS) {
        // Already there (a new database, or one migrated before): nothing to add.
        await sql.exec(statement).catch(() => {})
      }
    },

    async invite(ownerId, role, villages, now) {
      const waiting = await store.invites(ownerId, now)
      if (waiting.length >= MEMBER_LIMITS.invites)
        return { ok: false, reason: 'too many invitations' }
      const code = newCode()
      const invite: InviteInfo = {
        id: newId(),
        role,
        villages: role === 'collector' ? [...villages] : [],
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
      }
      await sql.run(
        `INSERT INTO book_invite (id, code_hash, owner_id, role, villages, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          invite.id,
          hashCode(code),
          ownerId,
          role,
          JSON.stringify(invite.villages),
          invite.createdAt,
          invite.expiresAt,
        ],
      )
      return { ok: true, code, invite }
    },

    async join(code, userId, now) {
      const at = now.toISOString()
      const [invite] = await sql.all(
        `SELECT id, owner_id, role, villages FROM book_invite WHERE code_hash = ? AND ${usable}`,
        [hashCode(code), at],
      )
      if (!invite || !isMemberRole(invite.role)) return { ok: false, reason: 'unknown code' }
      const ownerId = String(invite.owner_id)
      if (ownerId === userId) return { ok: false, reason: 'your own book' }
      if ((await store.roleOf(ownerId, userId)) !== null) {
        return { ok: false, reason: 'already a member' }
      }
      if ((await countMembers(ownerId)) >= MEMBER_LIMITS.members) {
        return { ok: false, reason: 'book full' }
      }
      // Claimed by one statement: of two accounts using one code at once, one gets in.
      const claimed = await sql.run(
        `UPDATE book_invite SET used_at = ?, used_by = ? WHERE id = ? AND ${usable}`,
        [at, userId, invite.id, at],
      )
      if (claimed === 0) return { ok: false, reason: 'unknown code' }
      await sql.run(
        `INSERT INTO book_member (owner_id, member_id, role, villages, joined_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (owner_id, member_id)
         DO UPDATE SET role = excluded.role, villages = excluded.villages,
           joined_at = excluded.joined_at, removed_at = NULL`,
        [ownerId, userId, invite.role, JSON.stringify(villagesOf(invite.villages)), at],
      )
      return { ok: true, ownerId, role: invite.role }
    },

    async roleOf(ownerId, userId) {
      const [row] = await sql.all(
        'SELECT role FROM book_member WHERE owner_id = ? AND member_id = ? AND removed_at IS NULL',
        [ownerId, userId],
      )
      return row && isMemberRole(row.role) ? row.role : null
    },

    async membership(ownerId, userId) {
      const [row] = await sql.all(
        `SELECT m.role, m.villages, m.removed_at, u.email
         FROM book_member m JOIN "user" u ON u.id = m.member_id
         WHERE m.owner_id = ? AND m.member_id = ?`,
        [ownerId, userId],
      )
      if (!row || !isMemberRole(row.role)) return null
      return {
        role: row.role,
        villages: villagesOf(row.villages),
        email: String(row.email),
        removedAt: row.removed_at == null ? null : String(row.removed_at),
      }
    },

    async members(ownerId) {
      const rows = await sql.all(
        `SELECT m.member_id, u.name, u.email, m.role, m.villages, m.joined_at
         FROM book_member m JOIN "user" u ON u.id = m.member_id
         WHERE m.owner_id = ? AND m.removed_at IS NULL
         ORDER BY m.joined_at, m.member_id`,
        [ownerId],
      )
      return rows.map((row) => ({
        id: String(row.member_id),
        name: String(row.name),
        email: String(row.email),
        role: row.role as MemberRole,
        villages: villagesOf(row.villages),
        joinedAt: String(row.joined_at),
      }))
    },

    async invites(ownerId, now) {
      const rows = await sql.all(
        `SELECT id, role, villages, created_at, expires_at FROM book_invite
         WHERE owner_id = ? AND ${usable} ORDER BY created_at, id`,
        [ownerId, now.toISOString()],
      )
      return rows.map(inviteOf)
    },

    async revokeInvite(ownerId, inviteId, now) {
      const at = now.toISOString()
      return (
        (await sql.run(
          `UPDATE book_invite SET revoked_at = ? WHERE owner_id = ? AND id = ? AND ${usable}`,
          [at, ownerId, inviteId, at],
        )) > 0
      )
    },

    async setRole(ownerId, memberId, role, villages) {
      const kept = role === 'collector' ? [...villages] : []
      return (
        (await sql.run(
          `UPDATE book_member SET role = ?, villages = ?
           WHERE owner_id = ? AND member_id = ? AND removed_at IS NULL`,
          [role, JSON.stringify(kept), ownerId, memberId],
        )) > 0
      )
    },

    async remove(ownerId, memberId, now) {
      return (
        (await sql.run(
          'UPDATE book_member SET removed_at = ? WHERE owner_id = ? AND member_id = ? AND removed_at IS NULL',
          [now.toISOString(), ownerId, memberId],
        )) > 0
      )
    },

    async booksOf(userId) {
      const rows = await sql.all(
        `SELECT m.owner_id, u.name, m.role
         FROM book_member m JOIN "user" u ON u.id = m.owner_id
         WHERE m.member_id = ? AND m.removed_at IS NULL
         ORDER BY u.name, m.owner_id`,
        [userId],
      )
      return rows.map((row) => ({
        ownerId: String(row.owner_id),
        ownerName: String(row.name),
        role: row.role as MemberRole,
      }))
    },

    async hold(ownerId, memberId, deposits, now) {
      const [count] = await sql.all(
        'SELECT COUNT(*) AS n FROM book_held_deposits WHERE owner_id = ? AND member_id = ?',
        [ownerId, memberId],
      )
      if (Number(count?.n ?? 0) >= MEMBER_LIMITS.heldBatches) return false
      await sql.run(
        `INSERT INTO book_held_deposits (id, owner_id, member_id, received_at, deposits)
         VALUES (?, ?, ?, ?, ?)`,
        [newId(), ownerId, memberId, now.toISOString(), JSON.stringify(deposits)],
      )
      return true
    },

    async held(ownerId) {
      const rows = await sql.all(
        `SELECT h.id, h.member_id, u.email, h.received_at, h.deposits
         FROM book_held_deposits h JOIN "user" u ON u.id = h.member_id
         WHERE h.owner_id = ? AND h.reviewed_at IS NULL ORDER BY h.received_at, h.id`,
        [ownerId],
      )
      return rows.map(heldOf)
    },

    async heldBatch(ownerId, batchId) {
      const [row] = await sql.all(
        `SELECT h.id, h.member_id, u.email, h.received_at, h.deposits
         FROM book_held_deposits h JOIN "user" u ON u.id = h.member_id
         WHERE h.owner_id = ? AND h.id = ? AND h.reviewed_at IS NULL`,
        [ownerId, batchId],
      )
      return row ? heldOf(row) : null
    },

    async reviewHeld(ownerId, batchId, review, now) {
      return (
        (await sql.run(
          `UPDATE book_held_deposits SET reviewed_at = ?, review = ?
           WHERE owner_id = ? AND id = ? AND reviewed_at IS NULL`,
          [now.toISOString(), review, ownerId, batchId],
        )) > 0
      )
    },

    async askVoid(ownerId, memberId, depositId, reason, now) {
      const waiting = await sql.all(
        `SELECT deposit_id FROM book_void_request
         WHERE owner_id = ? AND member_id = ? AND status = 'waiting'`,
        [ownerId, memberId],
      )
      if (waiting.some((row) => row.deposit_id === depositId)) {
        return { ok: false, reason: 'already asked' }
      }
      if (waiting.length >= MAX_WAITING_VOID_REQUESTS) {
        return { ok: false, reason: 'too many requests' }
      }
      const id = newId()
      // The unique index on waiting requests settles two asks for one deposit at once.
      const added = await sql.run(
        `INSERT INTO book_void_request
           (id, owner_id, member_id, deposit_id, reason, created_at, status)
         VALUES (?, ?, ?, ?, ?, ?, 'waiting')
         ON CONFLICT DO NOTHING`,
        [id, ownerId, memberId, depositId, reason, now.toISOString()],
      )
      if (added === 0) return { ok: false, reason: 'already asked' }
      const [row] = await sql.all(
        `SELECT ${VOID_REQUEST_COLUMNS}
         FROM book_void_request r JOIN "user" u ON u.id = r.member_id WHERE r.id = ?`,
        [id],
      )
      return { ok: true, request: voidRequestOf(row!) }
    },

    async voidRequestsOf(ownerId, memberId) {
      const rows = await sql.all(
        `SELECT ${VOID_REQUEST_COLUMNS}
         FROM book_void_request r JOIN "user" u ON u.id = r.member_id
         WHERE r.owner_id = ? AND r.member_id = ?
         ORDER BY r.created_at DESC, r.id DESC LIMIT 100`,
        [ownerId, memberId],
      )
      return rows.map(voidRequestOf)
    },

    async waitingVoidRequests(ownerId) {
      const rows = await sql.all(
        `SELECT ${VOID_REQUEST_COLUMNS}
         FROM book_void_request r JOIN "user" u ON u.id = r.member_id
         WHERE r.owner_id = ? AND r.status = 'waiting'
         ORDER BY r.created_at, r.id`,
        [ownerId],
      )
      return rows.map(voidRequestOf)
    },

    async waitingVoidRequest(ownerId, requestId) {
      const [row] = await sql.all(
        `SELECT ${VOID_REQUEST_COLUMNS}
         FROM book_void_request r JOIN "user" u ON u.id = r.member_id
         WHERE r.owner_id = ? AND r.id = ? AND r.status = 'waiting'`,
        [ownerId, requestId],
      )
      return row ? voidRequestOf(row) : null
    },

    async decideVoid(ownerId, requestId, status, now) {
      const request = await store.waitingVoidRequest(ownerId, requestId)
      if (!request) return null
      const decidedAt = now.toISOString()
      const decided = await sql.run(
        `UPDATE book_void_request SET status = ?, decided_at = ?
         WHERE owner_id = ? AND id = ? AND status = 'waiting'`,
        [status, decidedAt, ownerId, requestId],
      )
      return decided > 0 ? { ...request, status, decidedAt } : null
    },

    async addHandover(ownerId, memberId, { day, amount, note }, now) {
      const [count] = await sql.all(
        'SELECT COUNT(*) AS n FROM book_handover WHERE owner_id = ? AND member_id = ?',
        [ownerId, memberId],
      )
      if (Number(count?.n ?? 0) >= MAX_HANDOVERS_PER_MEMBER) {
        return { ok: false, reason: 'too many handovers' }
      }
      const handover: Handover = {
        id: newId(),
        memberId,
        day,
        amount,
        note,
        createdAt: now.toISOString(),
        withdrawnAt: null,
      }
      await sql.run(
        `INSERT INTO book_handover (id, owner_id, member_id, day, amount, note, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [handover.id, ownerId, memberId, day, amount, note, handover.createdAt],
      )
      return { ok: true, handover }
    },

    async handovers(ownerId, memberId) {
      const rows = await sql.all(
        `SELECT id, member_id, day, amount, note, created_at, withdrawn_at FROM book_handover
         WHERE owner_id = ? AND member_id = ?
         ORDER BY day DESC, created_at DESC, id DESC`,
        [ownerId, memberId],
      )
      return rows.map(handoverOf)
    },

    async withdrawHandover(ownerId, memberId, handoverId, now) {
      return (
        (await sql.run(
          `UPDATE book_handover SET withdrawn_at = ?
           WHERE owner_id = ? AND member_id = ? AND id = ? AND withdrawn_at IS NULL`,
          [now.toISOString(), ownerId, memberId, handoverId],
        )) > 0
      )
    },
  }
  return store
}
