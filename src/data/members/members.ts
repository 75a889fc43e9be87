import {
  BOOKS_PATH,
  MEMBERS_PATH,
  type InviteInfo,
  type MemberInfo,
  type MemberRole,
  type SharedBook,
} from '../../../shared/members.ts'
import { i18n } from '../../i18n/index.ts'

/**
 * Who is in a book, through the server's members API (see `server/members/api.ts`): the owner's
 * members and invitations, joining another's book with a code, the books shared with this
 * account. Every call needs the network; a failure comes back as a sentence for the screen,
 * never as an exception.
 */

/** A call's outcome; `message` is a sentence for the lender. */
export type Result<T = object> = ({ ok: true } & T) | { ok: false; message: string }

/** The server's reasons, as the screens say them. */
const REASONS: Record<string, string> = {
  'unknown code': 'settings:members.errors.unknownCode',
  'your own book': 'settings:members.errors.ownBook',
  'already a member': 'settings:members.errors.alreadyMember',
  'book full': 'settings:members.errors.bookFull',
  'too many invitations': 'settings:members.errors.tooManyInvitations',
  'that is not an invitation code': 'settings:members.errors.notACode',
  'no such member': 'settings:members.errors.noSuchMember',
  'no such invitation': 'settings:members.errors.noSuchInvitation',
  'a collector needs his villages: a list of city ids': 'settings:members.villages.none',
  'no such person': 'passbook:links.errors.noSuchPerson',
  'too many links for this person': 'passbook:links.errors.tooManyForPerson',
  'too many links in this book': 'passbook:links.errors.tooManyInBook',
  'bad expiry': 'passbook:links.errors.badExpiry',
}

export async function call<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Result<{ value: T }>> {
  let response: Response
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    })
  } catch {
    return { ok: false, message: i18n.t('settings:errors.offline') }
  }
  if (response.status === 401) return { ok: false, message: i18n.t('settings:errors.sessionEnded') }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null)
  if (!response.ok) {
    const error = (body as { error?: unknown } | null)?.error
    const key = typeof error === 'string' ? REASONS[error] : undefined
    return { ok: false, message: i18n.t(key ?? 'settings:members.errors.failed') }
  }
  return { ok: true, value: body as T }
}

/** This account's book's members and waiting invitations. */
export async function listMembers(): Promise<
  Result<{ members: MemberInfo[]; invites: InviteInfo[] }>
> {
  const result = await call<{ members: MemberInfo[]; invites: InviteInfo[] }>(MEMBERS_PATH)
  return result.ok ? { ok: true, ...result.value } : result
}

/** A new invitation; its code is shown this once. */
export async function inviteMember(
  role: MemberRole,
  villages: readonly string[] = [],
): Promise<Result<{ code: string; invite: InviteInfo }>> {
  const result = await call<{ code: string; invite: InviteInfo }>(`${MEMBERS_PATH}/invites`, {
    method: 'POST',
    body: role === 'collector' ? { role, villages } : { role },
  })
  return result.ok ? { ok: true, ...result.value } : result
}

export async function withdrawInvite(id: string): Promise<Result> {
  const path = `${MEMBERS_PATH}/invites/${encodeURIComponent(id)}`
  const result = await call(path, { method: 'DELETE' })
  return result.ok ? { ok: true } : result
}

/** Gives a member another role; a collector with his villages (city ids). */
export async function changeRole(
  memberId: string,
  role: MemberRole,
  villages: readonly string[] = [],
): Promise<Result> {
  const path = `${MEMBERS_PATH}/${encodeURIComponent(memberId)}`
  const body = role === 'collector' ? { role, villages } : { role }
  const result = await call(path, { method: 'PATCH', body })
  return result.ok ? { ok: true } : result
}

export async function removeMember(memberId: string): Promise<Result> {
  const path = `${MEMBERS_PATH}/${encodeURIComponent(memberId)}`
  const result = await call(path, { method: 'DELETE' })
  return result.ok ? { ok: true } : result
}

/** Joins another account's book with the code its owner sent. */
export async function joinBook(code: string): Promise<Result<{ ownerId: string; role: MemberRole }>> {
  const result = await call<{ ownerId: string; role: MemberRole }>(`${MEMBERS_PATH}/join`, {
    method: 'POST',
    body: { code },
  })
  return result.ok ? { ok: true, ...result.value } : result
}

/** The books shared with this account (a collector's opens his sheet, see `routes/collect.tsx`). */
export async function listSharedBooks(): Promise<Result<{ books: SharedBook[] }>> {
  const result = await call<{ books: SharedBook[] }>(BOOKS_PATH)
  return result.ok ? { ok: true, books: result.value.books } : result
}
