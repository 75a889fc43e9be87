import type { IncomingMessage, ServerResponse } from 'node:http'
import { COLLECT_PATH } from '../../shared/collect.ts'
import {
  BOOKS_PATH,
  INVITABLE_ROLES,
  MEMBERS_PATH,
  isMemberRole,
  normalizeInviteCode,
  readVillages,
  type MemberRole,
} from '../../shared/members.ts'
import { sessionFromHeaders, type Auth } from '../auth/auth.ts'
import { BodyTooLarge, readBody } from '../http/body.ts'
import { originAllowed } from '../http/origin.ts'
import type { Logger } from '../log.ts'
import { readDeposits, readSheet, recordCollected, type ServerBooks } from './collect.ts'
import type { MembersStore } from './store.ts'

/** The members API's bodies are a role or a code: a few dozen bytes. */
const MAX_BODY_BYTES = 4 * 1024

/** A collector's deposits, up to MAX_DEPOSITS_PER_REQUEST of a few hundred bytes each. */
const MAX_DEPOSITS_BODY_BYTES = 128 * 1024

export interface MembersApiOptions {
  auth: Auth
  store: MembersStore
  /** Origins a browser may call from, besides the request's own host. */
  trustedOrigin: string
  /**
   * A member's role changed or they were removed: their open sockets on the book must close now,
   * in every process (they reconnect with what they may do now, or are turned away).
   */
  accessChanged(ownerId: string, memberId: string): void
  /** The books themselves, for a collector's sheet and deposits. */
  books: ServerBooks
  /** The server's secret: a collector's deposits get ids in the book keyed with it. */
  secret: string
  log: Logger
  now?: () => Date
}

class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown = null,
  ) {}
}

const refusal = (status: number, error: string) => new Answer(status, { error })

/** A path segment decoded, or null when its escapes are malformed. */
function segment(text: string): string | null {
  try {
    const value = decodeURIComponent(text)
    return value === '' || value.includes('/') ? null : value
  } catch {
    return null
  }
}

function send(res: ServerResponse, answer: Answer): void {
  res.statusCode = answer.status
  res.setHeader('Cache-Control', 'no-store')
  if (answer.body === null) return void res.end()
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.end(JSON.stringify(answer.body))
}

/** The request's JSON object, or an Answer that says what is wrong with it. */
async function jsonBody(
  req: IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<Record<string, unknown> | Answer> {
  if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
    return refusal(415, 'send JSON (Content-Type: application/json)')
  }
  let raw: Buffer
  try {
    raw = await readBody(req, limit)
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      req.resume()
      return refusal(413, 'request body too large')
    }
    throw error
  }
  try {
    const body: unknown = JSON.parse(raw.toString('utf8'))
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      return body as Record<string, unknown>
    }
  } catch {
    // Answered below.
  }
  return refusal(400, 'the body is not a JSON object')
}

/** A role and, for a collector, his villages, from a request's body; a refusal otherwise. */
function roleOf(body: Record<string, unknown>): { role: MemberRole; villages: string[] } | Answer {
  if (!isMemberRole(body.role) || !INVITABLE_ROLES.includes(body.role)) {
    return refusal(400, `role must be one of: ${INVITABLE_ROLES.join(', ')}`)
  }
  if (body.role !== 'collector') return { role: body.role, villages: [] }
  const villages = readVillages(body.villages)
  if (villages === null) return refusal(400, 'a collector needs his villages: a list of city ids')
  return { role: body.role, villages }
}

const JOIN_REFUSALS = {
  'unknown code': 404,
  'your own book': 409,
  'already a member': 409,
  'book full': 409,
} as const

/**
 * `/api/members/…` and `/api/books`: the owner invites, lists, changes and removes members; an
 * account joins with a code and lists the books shared with it. Every call needs a session; the
 * members of a book are managed by its owner only (a partner runs the book, not who is in it).
 *
 *     GET    /api/books                   the books shared with me
 *     GET    /api/members                 my book's members and waiting invitations
 *     POST   /api/members/invites         { role } → { code, invite } (the code, this once)
 *     DELETE /api/members/invites/<id>    withdraw an invitation
 *     POST   /api/members/join            { code } → { ownerId, role }
 *     PATCH  /api/members/<id>            { role }
 *     DELETE /api/members/<id>            remove a member (their row stays, marked removed)
 */
export function createMembersApi(options: MembersApiOptions) {
  const { auth, store, log } = options
  const now = options.now ?? (() => new Date())

  async function answer(req: IncomingMessage, pathname: string): Promise<Answer> {
    const method = req.method ?? 'GET'
    if (method !== 'GET' && !originAllowed(req, options.trustedOrigin)) {
      return refusal(403, 'not from this site')
    }
    const session = await sessionFromHeaders(auth, req.headers)
    if (!session) return refusal(401, 'not signed in')
    const me = session.userId

    if (pathname.startsWith(COLLECT_PATH + '/')) return collect(req, me, pathname)
    if (pathname === BOOKS_PATH) {
      if (method !== 'GET') return refusal(405, 'method not allowed')
      return new Answer(200, { books: await store.booksOf(me) })
    }
    const rest = pathname.slice(MEMBERS_PATH.length)
    if (rest === '' || rest === '/') {
      if (method !== 'GET') return refusal(405, 'method not allowed')
      const [members, invites] = await Promise.all([store.members(me), store.invites(me, now())])
      return new Answer(200, { members, invites })
    }
    if (rest === '/invites') {
      if (method !== 'POST') return refusal(405, 'method not allowed')
      const body = await jsonBody(req)
      if (body instanceof Answer) return body
      const given = roleOf(body)
      if (given instanceof Answer) return given
      const made = await store.invite(me, given.role, given.villages, now())
      if (!made.ok) return refusal(409, made.reason)
      return new Answer(201, { code: made.code, invite: made.invite })
    }
    if (rest.startsWith('/invites/')) {
      if (method !== 'DELETE') return refusal(405, 'method not allowed')
      const inviteId = segment(rest.slice('/invites/'.length))
      if (inviteId === null) return refusal(404, 'no such invitation')
      const revoked = await store.revokeInvite(me, inviteId, now())
      return revoked ? new Answer(204) : refusal(404, 'no such invitation')
    }
    if (rest === '/join') {
      if (method !== 'POST') return refusal(405, 'method not allowed')
      const body = await jsonBody(req)
      if (body instanceof Answer) return body
      const code = typeof body.code === 'string' ? normalizeInviteCode(body.code) : null
      if (code === null) return refusal(400, 'that is not an invitation code')
      const joined = await store.join(code, me, now())
      if (!joined.ok) return refusal(JOIN_REFUSALS[joined.reason], joined.reason)
      log.info(`user ${me} joined the book of ${joined.ownerId} as ${joined.role}`)
      return new Answer(200, { ownerId: joined.ownerId, role: joined.role })
    }
    if (rest === '/held') {
      if (method !== 'GET') return refusal(405, 'method not allowed')
      return new Answer(200, { held: await store.held(me) })
    }
    const memberId = rest.startsWith('/') ? segment(rest.slice(1)) : null
    if (memberId === null) return refusal(404, 'not found')
    if (method === 'PATCH') {
      const body = await jsonBody(req)
      if (body instanceof Answer) return body
      const given = roleOf(body)
      if (given instanceof Answer) return given
      if (!(await store.setRole(me, memberId, given.role, given.villages))) {
        return refusal(404, 'no such member')
      }
      options.accessChanged(me, memberId)
      return new Answer(200, { id: memberId, ...given })
    }
    if (method === 'DELETE') {
      if (!(await store.remove(me, memberId, now()))) return refusal(404, 'no such member')
      options.accessChanged(me, memberId)
      return new Answer(204)
    }
    return refusal(405, 'method not allowed')
  }

  /**
   * `GET /api/collect/<ownerId>`: a collector's sheet of that book; `POST …/deposits`
   * `{ deposits }`: what he recorded, each recorded, refused with a reason, or (from a collector
   * removed since) held for the owner to review. Nobody but the book's collectors is answered.
   */
  async function collect(req: IncomingMessage, me: string, pathname: string): Promise<Answer> {
    const [ownerId, action, extra] = pathname
      .slice(COLLECT_PATH.length + 1)
      .split('/')
      .map((part) => segment(part))
    if (!ownerId || extra !== undefined || (action !== undefined && action !== 'deposits')) {
      return refusal(404, 'not found')
    }
    const collector = await store.membership(ownerId, me)
    if (collector?.role !== 'collector') return refusal(403, 'you do not collect for this book')
    if (action === undefined) {
      if (req.method !== 'GET') return refusal(405, 'method not allowed')
      if (collector.removedAt !== null) return refusal(403, 'you do not collect for this book')
      return new Answer(200, await readSheet(options.books, ownerId, collector, now()))
    }
    if (req.method !== 'POST') return refusal(405, 'method not allowed')
    const body = await jsonBody(req, MAX_DEPOSITS_BODY_BYTES)
    if (body instanceof Answer) return body
    const read = readDeposits(body.deposits)
    if (read === null) return refusal(400, 'deposits must be a list of 1 to 100 deposits')
    if (collector.removedAt !== null) {
      // Recorded by someone the owner has since removed: kept apart, counted nowhere.
      if (!(await store.hold(ownerId, me, body.deposits as unknown[], now()))) {
        return refusal(429, 'too many deposits wait for review already')
      }
      log.info(`held ${read.length} deposit(s) from removed collector ${me} for ${ownerId}`)
      return new Answer(202, {
        outcomes: read.map((item) =>
          typeof item === 'number'
            ? { index: item, outcome: 'refused', reason: 'malformed' }
            : { depositId: item.depositId, outcome: 'held for review' },
        ),
      })
    }
    const good = read.filter((item) => typeof item !== 'number')
    const recorded =
      good.length === 0
        ? []
        : await recordCollected(
            options.books,
            ownerId,
            { id: me, secret: options.secret, collector },
            good,
            now(),
          )
    let next = 0
    const outcomes = read.map((item) =>
      typeof item === 'number'
        ? { index: item, outcome: 'refused', reason: 'malformed' }
        : recorded[next++]!,
    )
    return new Answer(200, { outcomes })
  }

  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    send(res, await answer(req, pathname))
  }
}
