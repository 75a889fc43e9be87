import {
  passbookLinkPath,
  passbookLinksPath,
  type CreatePassbookLink,
  type PassbookLinkCreated,
  type PassbookLinkInfo,
  type PassbookLinkList,
} from '../../shared/passbook.ts'
import { call, type Result } from './members/members.ts'

/**
 * A borrower's passbook links, through the server's API (`shared/passbook.ts`): list a person's,
 * make one, revoke one. Each call needs the network; a failure is a sentence for the screen.
 */

export async function listPassbookLinks(
  ownerId: string,
  personId: string,
): Promise<Result<{ links: PassbookLinkInfo[] }>> {
  const result = await call<PassbookLinkList>(
    `${passbookLinksPath(ownerId)}?personId=${encodeURIComponent(personId)}`,
  )
  return result.ok ? { ok: true, links: result.value.links } : result
}

export async function makePassbookLink(
  ownerId: string,
  request: CreatePassbookLink,
): Promise<Result<{ link: PassbookLinkCreated }>> {
  const result = await call<PassbookLinkCreated>(passbookLinksPath(ownerId), {
    method: 'POST',
    body: request,
  })
  return result.ok ? { ok: true, link: result.value } : result
}

export async function revokePassbookLink(ownerId: string, linkId: string): Promise<Result> {
  const result = await call<null>(passbookLinkPath(ownerId, linkId), { method: 'DELETE' })
  return result.ok ? { ok: true } : result
}
