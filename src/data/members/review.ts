import type { CollectedOutcome, Handover, VoidRequestInfo } from '../../../shared/collect.ts'
import { MEMBERS_PATH } from '../../../shared/members.ts'
import type { IsoDate, Paise } from '../../../shared/ledger/types.ts'
import { call, type Result } from './members.ts'

/**
 * The owner's side of his collectors (issue 31), through the members API: what waits for review
 * (deposits a removed collector sent, requests to void), and each collector's handovers of cash.
 */

/** Deposits a removed collector sent, kept apart until the owner accepts or dismisses them. */
export interface HeldBatch {
  id: string
  memberId: string
  email: string
  receivedAt: string
  deposits: unknown[]
}

export async function listReview(): Promise<
  Result<{ held: HeldBatch[]; voidRequests: VoidRequestInfo[] }>
> {
  const result = await call<{ held: HeldBatch[]; voidRequests: VoidRequestInfo[] }>(
    `${MEMBERS_PATH}/review`,
  )
  return result.ok ? { ok: true, ...result.value } : result
}

/** Accepts (into the book, named with the collector) or dismisses a held batch. */
export async function decideHeld(
  batchId: string,
  accept: boolean,
): Promise<Result<{ outcomes: (CollectedOutcome | { outcome: 'refused'; reason: string })[] }>> {
  const result = await call<{ outcomes: CollectedOutcome[] }>(
    `${MEMBERS_PATH}/held/${encodeURIComponent(batchId)}`,
    { method: 'POST', body: { accept } },
  )
  return result.ok ? { ok: true, outcomes: result.value.outcomes } : result
}

/** Accepts (the server voids the deposit, named with the owner) or refuses a request to void. */
export async function decideVoidRequest(id: string, accept: boolean): Promise<Result> {
  const result = await call(`${MEMBERS_PATH}/void-requests/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { accept },
  })
  return result.ok ? { ok: true } : result
}

const handoversPath = (memberId: string) =>
  `${MEMBERS_PATH}/${encodeURIComponent(memberId)}/handovers`

export async function listHandovers(memberId: string): Promise<Result<{ handovers: Handover[] }>> {
  const result = await call<{ handovers: Handover[] }>(handoversPath(memberId))
  return result.ok ? { ok: true, handovers: result.value.handovers } : result
}

export async function addHandover(
  memberId: string,
  handover: { day: IsoDate; amount: Paise; note: string },
): Promise<Result> {
  const result = await call(handoversPath(memberId), { method: 'POST', body: handover })
  return result.ok ? { ok: true } : result
}

export async function withdrawHandover(memberId: string, id: string): Promise<Result> {
  const result = await call(`${handoversPath(memberId)}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  })
  return result.ok ? { ok: true } : result
}
