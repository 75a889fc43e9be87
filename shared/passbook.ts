/**
 * A borrower's passbook (issue 32): a page the lender's own server renders for one person of the
 * book, opened from a link the lender sends on WhatsApp. The link is the only key: it needs no
 * account, it can be revoked and it may expire. This file is the contract between the app (the
 * person page's "Passbook link" section) and the server (`server/passbook/`).
 *
 *     POST   /api/passbook/<ownerId>/links             CreatePassbookLink → PassbookLinkCreated (201)
 *     GET    /api/passbook/<ownerId>/links?personId=…  → PassbookLinkList (personId optional)
 *     DELETE /api/passbook/<ownerId>/links/<id>        revoke (204; 404 when there is no such link)
 *     GET    /p/<token>                                the page itself (HTML)
 *
 * The owner and the book's partners manage links; viewers, collectors and anyone else get 403.
 * A refusal is `{ error: PassbookLinkRefusal | string }` with the status below.
 */
import { addDays, isIsoDate } from './dates.ts'
import type { IsoDate } from './ledger/types.ts'

/** The links API: `/api/passbook/<ownerId>/links[/<id>]`. */
export const PASSBOOK_API_PATH = '/api/passbook'

/** The page: `/p/<token>`. The app's service worker must leave it to the network. */
export const PASSBOOK_PAGE_PATH = '/p'

/** The path of a book's links. */
export function passbookLinksPath(ownerId: string): string {
  return `${PASSBOOK_API_PATH}/${encodeURIComponent(ownerId)}/links`
}

/** The path of one link (DELETE revokes it). */
export function passbookLinkPath(ownerId: string, linkId: string): string {
  return `${passbookLinksPath(ownerId)}/${encodeURIComponent(linkId)}`
}

/** Random bytes in a token: 192 bits, 32 base64url characters. Only its SHA-256 is stored. */
export const PASSBOOK_TOKEN_BYTES = 24

/** A token as the page's path carries it: base64url of PASSBOOK_TOKEN_BYTES bytes. */
export const PASSBOOK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/

/** Links of one person that may be usable at once (not revoked, not expired). */
export const MAX_LINKS_PER_PERSON = 5

/** Links of one book that may be usable at once. */
export const MAX_LINKS_PER_BOOK = 1000

/** The latest expiry a link may be given: this many days after today (India). */
export const MAX_EXPIRY_DAYS = 731

/**
 * How often the page may be opened: per link, and per client address (whatever the link, a
 * guessed one included). Past either, the page answers 429 without reading the book.
 */
export const PASSBOOK_RATE_LIMITS = {
  perLink: { requests: 30, windowMs: 60_000 },
  perAddress: { requests: 60, windowMs: 60_000 },
} as const

/** `POST /api/passbook/<ownerId>/links`'s body. */
export interface CreatePassbookLink {
  /** A person of the book, not in Trash. */
  personId: string
  /** The last day (India) the link opens the page; none: until it is revoked. */
  expiresOn?: IsoDate
}

/** A link as the owner's list shows it. Its token is never shown again after creation. */
export interface PassbookLinkInfo {
  id: string
  personId: string
  /** ISO timestamp. */
  createdAt: string
  /** The last day the link works; absent when it does not expire. */
  expiresOn?: IsoDate
  /** Its last day is past: it answers as an unknown link does (the list still shows it). */
  expired: boolean
}

/** `POST …/links`'s answer (201): the link, and this once its address. */
export interface PassbookLinkCreated extends PassbookLinkInfo {
  /** `<BASE_URL>/p/<token>`: what the lender sends. */
  url: string
}

/** `GET …/links`'s answer: the links not revoked, oldest first (expired ones marked). */
export interface PassbookLinkList {
  links: PassbookLinkInfo[]
}

/**
 * Why a link was not made, and the status it comes with: 400 for a bad body, 404 for a person
 * not in the book (or in Trash), 409 for the limits.
 */
export type PassbookLinkRefusal =
  | 'bad person'
  | 'bad expiry'
  | 'no such person'
  | 'too many links for this person'
  | 'too many links in this book'

export const PASSBOOK_REFUSAL_STATUS: Record<PassbookLinkRefusal, number> = {
  'bad person': 400,
  'bad expiry': 400,
  'no such person': 404,
  'too many links for this person': 409,
  'too many links in this book': 409,
}

/**
 * `value` read as a request to make a link, on `today` (India): an expiry must be a date from
 * today to MAX_EXPIRY_DAYS after it.
 */
export function readCreatePassbookLink(
  value: unknown,
  today: IsoDate,
): { ok: true; request: CreatePassbookLink } | { ok: false; reason: PassbookLinkRefusal } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'bad person' }
  }
  const { personId, expiresOn } = value as Record<string, unknown>
  if (typeof personId !== 'string' || personId === '' || personId.length > 64) {
    return { ok: false, reason: 'bad person' }
  }
  if (expiresOn === undefined || expiresOn === null) return { ok: true, request: { personId } }
  if (!isIsoDate(expiresOn) || expiresOn < today || expiresOn > addDays(today, MAX_EXPIRY_DAYS)) {
    return { ok: false, reason: 'bad expiry' }
  }
  return { ok: true, request: { personId, expiresOn } }
}

/** Whether a link with this expiry still opens the page on `today` (India). */
export function passbookLinkLive(expiresOn: IsoDate | undefined, today: IsoDate): boolean {
  return expiresOn === undefined || today <= expiresOn
}
