import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import {
  PASSBOOK_API_PATH,
  PASSBOOK_PAGE_PATH,
  PASSBOOK_RATE_LIMITS,
  PASSBOOK_REFUSAL_STATUS,
  PASSBOOK_TOKEN_PATTERN,
  readCreatePassbookLink,
  type PassbookLinkCreated,
} from '../../shared/passbook.ts'
import { passbookView, type PassbookView } from '../../shared/passbookView.ts'
import { readProfile } from '../../shared/schema/profile.ts'
import { sessionFromHeaders, type Auth } from '../auth/auth.ts'
import { BodyTooLarge, readBody } from '../http/body.ts'
import { originAllowed } from '../http/origin.ts'
import type { Logger } from '../log.ts'
import { indianDay, type ServerBooks } from '../members/collect.ts'
import type { MembersStore } from '../members/store.ts'
import { NOT_FOUND_PAGE, PAGE_CSP, passbookPage, TOO_MANY_PAGE } from './page.ts'
import { createRateLimiter } from './rateLimit.ts'
import type { PassbookLinks } from './store.ts'

/** A link request is a person's id and a day: well under 1 KiB. */
const MAX_BODY_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

export interface PassbookOptions {
  auth: Auth
  links: PassbookLinks
  members: Pick<MembersStore, 'roleOf'>
  books: Pick<ServerBooks, 'readBook'>
  /** The public address the page's links start with (BASE_URL). */
  baseUrl: string
  /** Origins a browser may call from, besides the request's own host. */
  trustedOrigin: string
  log: Logger
  now?: () => Date
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status
  res.setHeader('Cache-Control', 'no-store')
  if (body === null) return void res.end()
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.end(JSON.stringify(body))
}

/** A path segment decoded, or null when it is empty or its escapes are malformed. */
function segment(text: string | undefined): string | null {
  if (text === undefined) return null
  try {
    const value = decodeURIComponent(text)
    return value === '' || value.includes('/') ? null : value
  } catch {
    return null
  }
}

/**
 * The links API (authenticated): the owner and the book's partners make, list and revoke links
 * to a person's passbook. See `shared/passbook.ts` for the paths and bodies.
 */
export function createPassbookApi(options: PassbookOptions) {
  const { auth, links, log } = options
  const now = options.now ?? (() => new Date())

  async function answer(
    req: IncomingMessage,
    pathname: string,
  ): Promise<{ status: number; body: unknown }> {
    const refusal = (status: number, error: string) => ({ status, body: { error } })
    const method = req.method ?? 'GET'
    if (method !== 'GET' && !originAllowed(req, options.trustedOrigin)) {
      return refusal(403, 'not from this site')
    }
    const session = await sessionFromHeaders(auth, req.headers)
    if (!session) return refusal(401, 'not signed in')
    const [ownerPart, linksPart, linkPart, extra] = pathname
      .slice(PASSBOOK_API_PATH.length + 1)
      .split('/')
    const ownerId = segment(ownerPart)
    if (ownerId === null || linksPart !== 'links' || extra !== undefined) {
      return refusal(404, 'not found')
    }
    const me = session.userId
    const manages = me === ownerId || (await options.members.roleOf(ownerId, me)) === 'partner'
    if (!manages) return refusal(403, 'only the owner and partners manage passbook links')
    const at = now()
    const today = indianDay(at)

    if (linkPart !== undefined) {
      if (method !== 'DELETE') return refusal(405, 'method not allowed')
      const linkId = segment(linkPart)
      if (linkId === null || !(await links.revoke(ownerId, linkId, at))) {
        return refusal(404, 'no such link')
      }
      log.info(`${me} revoked passbook link ${linkId} of ${ownerId}`)
      return { status: 204, body: null }
    }
    if (method === 'GET') {
      const personId = new URL(req.url ?? '/', 'http://localhost').searchParams.get('personId')
      return {
        status: 200,
        body: { links: await links.list(ownerId, personId ?? undefined, today) },
      }
    }
    if (method !== 'POST') return refusal(405, 'method not allowed')
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
      return refusal(415, 'send JSON (Content-Type: application/json)')
    }
    let parsed: unknown
    try {
      parsed = JSON.parse((await readBody(req, MAX_BODY_BYTES)).toString('utf8'))
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        req.resume()
        return refusal(413, 'request body too large')
      }
      return refusal(400, 'the body is not JSON')
    }
    const read = readCreatePassbookLink(parsed, today)
    if (!read.ok) return refusal(PASSBOOK_REFUSAL_STATUS[read.reason], read.reason)
    const { personId, expiresOn } = read.request
    const present = await options.books.readBook(ownerId, (book) =>
      book.snapshot().people.some((person) => person.id === personId && !person.archived),
    )
    if (!present) return refusal(404, 'no such person')
    const made = await links.create(
      ownerId,
      { personId, createdBy: me, ...(expiresOn !== undefined && { expiresOn }) },
      at,
      today,
    )
    if (!made.ok) return refusal(PASSBOOK_REFUSAL_STATUS[made.reason], made.reason)
    log.info(`${me} made passbook link ${made.link.id} of ${ownerId}`)
    const created: PassbookLinkCreated = {
      ...made.link,
      url: `${options.baseUrl.replace(/\/+$/, '')}${PASSBOOK_PAGE_PATH}/${made.token}`,
    }
    return { status: 201, body: created }
  }

  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    const { status, body } = await answer(req, pathname)
    sendJson(res, status, body)
  }
}

/**
 * `GET /p/<token>`: the passbook page. Per client address first, then per link (a guessed token
 * counts as a link), each within PASSBOOK_RATE_LIMITS, before the database or the book is read.
 * An unknown, revoked or expired link, or one whose person is gone or in Trash, gets
 * NOT_FOUND_PAGE: the same status, headers and bytes.
 */
export function createPassbookPage(options: Omit<PassbookOptions, 'auth' | 'members'>) {
  const { links, books } = options
  const now = options.now ?? (() => new Date())
  const perAddress = createRateLimiter(PASSBOOK_RATE_LIMITS.perAddress)
  const perLink = createRateLimiter(PASSBOOK_RATE_LIMITS.perLink)

  async function view(token: string, at: Date): Promise<PassbookView | null> {
    const today = indianDay(at)
    const target = await links.open(token, today)
    if (!target) return null
    return books.readBook(target.ownerId, (book, doc) => {
      const person = book.snapshot().people.find((p) => p.id === target.personId && !p.archived)
      if (!person) return null
      return passbookView({
        person,
        loans: book.activeLoansOf(person.id),
        lender: readProfile(doc).displayName,
        today,
      })
    })
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    html: string,
  ): Promise<void> {
    res.statusCode = status
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('Referrer-Policy', 'no-referrer')
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    res.setHeader('Content-Security-Policy', PAGE_CSP)
    res.setHeader('Vary', 'Accept-Encoding')
    if (status === 429) res.setHeader('Retry-After', '60')
    const accepts = String(req.headers['accept-encoding'] ?? '')
    let body = Buffer.from(html)
    if (/\bbr\b/.test(accepts)) {
      body = await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      res.setHeader('Content-Encoding', 'br')
    } else if (/\bgzip\b/.test(accepts)) {
      body = await gzipped(body)
      res.setHeader('Content-Encoding', 'gzip')
    }
    res.setHeader('Content-Length', body.length)
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  return async (
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    address: string,
  ): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return send(req, res, 405, NOT_FOUND_PAGE)
    }
    const at = now()
    if (!perAddress.take(address, at.getTime())) return send(req, res, 429, TOO_MANY_PAGE)
    const token = pathname.slice(PASSBOOK_PAGE_PATH.length + 1)
    if (!PASSBOOK_TOKEN_PATTERN.test(token)) return send(req, res, 404, NOT_FOUND_PAGE)
    if (!perLink.take(token, at.getTime())) return send(req, res, 429, TOO_MANY_PAGE)
    const found = await view(token, at)
    if (!found) return send(req, res, 404, NOT_FOUND_PAGE)
    return send(req, res, 200, passbookPage(found))
  }
}
