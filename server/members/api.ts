import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  COLLECT_PATH,
  MAX_HANDOVER_NOTE,
  MAX_VOID_REASON,
  VOID_REQUESTS,
} from '../../shared/collect.ts'
import { isIsoDate } from '../../shared/dates.ts'
import {
  BOOKS_PATH,
  INVITABLE_ROLES,
  MEMBERS_PATH,
  isMemberRole,
  normalizeInviteCode,
  readVillages,
  type MemberRole,
} from '../../shared/members.ts'
import { isPaise } from '../../shared/schema/guards.ts'
import { sessionFromHeaders, type Auth, type SessionInfo } from '../auth/auth.ts'
import { BodyTooLarge, readBody } from '../http/body.ts'
import { originAllowed } from '../http/origin.ts'
import type { Logger } from '../log.ts'
import { indianDay, readDeposits, readSheet, recordSent, type ServerBooks } from './collect.ts'
import { acceptHeld, checkOwnDeposit, dismissHeld, voidAsked } from './review.ts'
import type { MembersStore, Membership } from './store.ts'

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

/** The owner's answer to something waiting for review: `{ accept: true | false }`. */
/** The owner's decision, `POST`ed as `{ accept: boolean }`; a refusal otherwise. */
async function decisionOf(req: IncomingMessage): Promise<boolean | Answer> {
  if (req.method !== 'POST') return refusal(405, 'method not allowed')
  const body = await jsonBody(req)
  if (body instanceof Answer) return body
  if (typeof body.accept !== 'boolean') return refusal(400, 'accept must be true or false')
  return body.accept
}

/** A handover from a request's body, on a day not after `today`; a refusal otherwise. */
function handoverOf(
  body: Record<string, unknown>,
  today: string,
): { day: string; amount: number; note: string } | Answer {
  const { day, amount, note = '' } = body
  if (!isIsoDate(day) || day > today) {
    return refusal(400, 'day must be a date (YYYY-MM-DD), not after today')
  }
  if (!isPaise(amount)) return refusal(400, 'amount must be a positive whole number of paise')
  if (typeof note !== 'string' || note.trim().length > MAX_HANDOVER_NOTE) {
    return refusal(400, `note must be text of at most ${MAX_HANDOVER_NOTE} characters`)
  }
  return { day, amount, note: note.trim() }
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
 *
 * What the book's collectors leave for the owner (see `review.ts`), and his day book of them:
 *
 *     GET    /api/members/held            deposits removed collectors sent, not reviewed yet
 *     POST   /api/members/held/<id>       { accept } → { outcomes } (written into the book, or none)
 *     GET    /api/members/review          { held, voidRequests } (those waiting, oldest first)
 *     POST   /api/members/void-requests/<id>  { accept } → { request } (the deposit voided, or not)
 *     GET    /api/members/<id>/handovers  a collector's handovers, newest day first
 *     POST   /api/members/<id>/handovers  { day, amount, note? } → { handover }
 *     DELETE /api/members/<id>/handovers/<handoverId>  withdraw one (it stays, marked withdrawn)
 *
 * The routes that name no member are matched first; anything else under `/api/members/` names one.
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
    if (rest === '/review') {
      if (method !== 'GET') return refusal(405, 'method not allowed')
      const [held, voidRequests] = await Promise.all([
        store.held(me),
        store.waitingVoidRequests(me),
      ])
      return new Answer(200, { held, voidRequests })
    }
    if (rest.startsWith('/held/')) return reviewHeld(req, me, segment(rest.slice('/held/'.length)))
    if (rest.startsWith(`/${VOID_REQUESTS}/`)) {
      return decideVoid(req, session, segment(rest.slice(VOID_REQUESTS.length + 2)))
    }
    const [memberId, sub, handoverId, extra] = rest.slice(1).split('/').map(segment)
    if (!rest.startsWith('/') || !memberId || extra !== undefined) {
      return refusal(404, 'not found')
    }
    if (sub === 'handovers') return handovers(req, me, memberId, handoverId)
    if (sub !== undefined) return refusal(404, 'not found')
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
   * `POST /api/members/held/<batchId>` `{ accept }`: a batch a removed collector sent, written
   * into the book (`{ outcomes }`, as his inbox answers) or dismissed (`{ outcomes: [] }`).
   * Either way it is reviewed, and never accepted again: once reviewed, it is no such batch.
   */
  async function reviewHeld(
    req: IncomingMessage,
    me: string,
    batchId: string | null,
  ): Promise<Answer> {
    const accept = await decisionOf(req)
    if (accept instanceof Answer) return accept
    const batch = batchId === null ? null : await store.heldBatch(me, batchId)
    if (!batch) return refusal(404, 'no such batch')
    // Written first, marked after: should the write fail, the batch still waits for review (and
    // a deposit written twice lands once, so two calls at once cannot record it twice).
    const outcomes = accept
      ? await acceptHeld(options.books, store, me, batch, options.secret, now())
      : await dismissHeld(options.books, me, batch, now()).then(() => [])
    if (!(await store.reviewHeld(me, batch.id, accept ? 'accepted' : 'dismissed', now()))) {
      return refusal(404, 'no such batch')
    }
    log.info(`${me} ${accept ? 'accepted' : 'dismissed'} held batch ${batch.id}`)
    return new Answer(200, { outcomes })
  }

  /**
   * `POST /api/members/void-requests/<id>` `{ accept }`: the owner's answer to a collector's
   * request. Accepted, the server voids the deposit in the book in the owner's name; one voided
   * already (by the owner's own device, say) is accepted all the same, and the answer says so
   * (`alreadyVoided: true`). A decided request is no longer one to answer.
   */
  async function decideVoid(
    req: IncomingMessage,
    session: SessionInfo,
    requestId: string | null,
  ): Promise<Answer> {
    const accept = await decisionOf(req)
    if (accept instanceof Answer) return accept
    const me = session.userId
    const waiting = requestId === null ? null : await store.waitingVoidRequest(me, requestId)
    if (!waiting) return refusal(404, 'no such request')
    const outcome = accept
      ? await voidAsked(options.books, me, waiting, session.email, now())
      : null
    // Payments are never deleted: a deposit that was asked about is still in the book.
    if (outcome === 'no such deposit') return refusal(409, 'the deposit is not in the book')
    const request = await store.decideVoid(me, waiting.id, accept ? 'accepted' : 'refused', now())
    if (!request) return refusal(404, 'no such request')
    log.info(`${me} ${request.status} void request ${request.id}`)
    return new Answer(200, {
      request,
      ...(outcome === 'already voided' && { alreadyVoided: true }),
    })
  }

  /**
   * `/api/members/<memberId>/handovers[/<handoverId>]`: the owner's day book of one collector,
   * removed or not (cash he collected may be handed over after he left). Anyone who is not a
   * collector of the caller's own book is no such collector: no one sees another book's.
   */
  async function handovers(
    req: IncomingMessage,
    me: string,
    memberId: string,
    handoverId: string | null | undefined,
  ): Promise<Answer> {
    const method = req.method ?? 'GET'
    if (handoverId !== undefined) {
      if (method !== 'DELETE') return refusal(405, 'method not allowed')
      const withdrawn =
        handoverId !== null && (await store.withdrawHandover(me, memberId, handoverId, now()))
      return withdrawn ? new Answer(204) : refusal(404, 'no such handover')
    }
    if (method !== 'GET' && method !== 'POST') return refusal(405, 'method not allowed')
    const member = await store.membership(me, memberId)
    if (member?.role !== 'collector') return refusal(404, 'no such collector')
    if (method === 'GET') {
      return new Answer(200, { handovers: await store.handovers(me, memberId) })
    }
    const body = await jsonBody(req)
    if (body instanceof Answer) return body
    const given = handoverOf(body, indianDay(now()))
    if (given instanceof Answer) return given
    const added = await store.addHandover(me, memberId, given, now())
    if (!added.ok) return refusal(429, added.reason)
    return new Answer(201, { handover: added.handover })
  }

  /**
   * `GET /api/collect/<ownerId>`: a collector's sheet of that book; `POST …/deposits`
   * `{ deposits }`: what he recorded, each recorded, refused with a reason, or (from a collector
   * removed since) held for the owner to review; `…/void-requests`: his requests to void a
   * deposit of his. Nobody but the book's collectors is answered.
   */
  async function collect(req: IncomingMessage, me: string, pathname: string): Promise<Answer> {
    const [ownerId, action, extra] = pathname
      .slice(COLLECT_PATH.length + 1)
      .split('/')
      .map((part) => segment(part))
    const known = action === undefined || action === 'deposits' || action === VOID_REQUESTS
    if (!ownerId || extra !== undefined || !known) return refusal(404, 'not found')
    const collector = await store.membership(ownerId, me)
    if (collector?.role !== 'collector') return refusal(403, 'you do not collect for this book')
    if (action === VOID_REQUESTS) return voidRequests(req, ownerId, me, collector)
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
    const outcomes = await recordSent(
      options.books,
      ownerId,
      { id: me, secret: options.secret, collector },
      read,
      now(),
    )
    return new Answer(200, { outcomes })
  }

  /**
   * `GET /api/collect/<ownerId>/void-requests`: his requests, newest first; `POST` `{ depositId,
   * reason }`: asks the owner to void a deposit of his own that is not voided (see
   * `checkOwnDeposit`), one request per deposit at a time.
   */
  async function voidRequests(
    req: IncomingMessage,
    ownerId: string,
    me: string,
    collector: Membership,
  ): Promise<Answer> {
    if (collector.removedAt !== null) return refusal(403, 'you do not collect for this book')
    if (req.method === 'GET') {
      return new Answer(200, { requests: await store.voidRequestsOf(ownerId, me) })
    }
    if (req.method !== 'POST') return refusal(405, 'method not allowed')
    const body = await jsonBody(req)
    if (body instanceof Answer) return body
    const reason = typeof body.reason === 'string' ? body.reason.trim() : ''
    if (reason === '' || reason.length > MAX_VOID_REASON) {
      return refusal(400, `reason must be text of 1 to ${MAX_VOID_REASON} characters`)
    }
    const { depositId } = body
    if (typeof depositId !== 'string' || depositId === '' || depositId.length > 64) {
      return refusal(400, 'depositId must be the id of a deposit in the book')
    }
    const own = await checkOwnDeposit(options.books, ownerId, collector, depositId)
    if (own === 'not yours') return refusal(403, 'not your deposit')
    if (own === 'already voided') return refusal(409, 'already voided')
    const asked = await store.askVoid(ownerId, me, depositId, reason, now())
    if (!asked.ok) return refusal(asked.reason === 'already asked' ? 409 : 429, asked.reason)
    return new Answer(201, { request: asked.request })
  }

  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    send(res, await answer(req, pathname))
  }
}
