/**
 * Who wrote what, each written once. A book names the same few people on the same few devices in
 * every record: written out each time, `{ account, device }` was 60 to 70 bytes of every deposit,
 * person and loan, half of a big book's state. Layout 4 keeps each actor once, in the root map
 * `actors`, under a short key, and records name the key:
 *
 * - a person's or a loan's `createdBy` and `updatedBy` hold the key (older forms are read through
 *   `layouts/oldForms.ts`);
 * - a deposit names no one in its record: it sits in its actor's log (see `deposit/log.ts`).
 *
 * The key is a hash of the account and the device, so two devices that name one actor choose the
 * same key without asking each other, and the map keeps one entry per actor. A key already taken
 * by another actor (a hash collision, seen when registering) is passed over for the next one. Two
 * devices that each register a different actor under one free key while apart would leave the
 * history naming one of them for both: at 41 bits a key, under one in 10¹⁰ for a book’s twenty
 * actors, and never the money, which no actor touches.
 */
import type * as Y from 'yjs'
import type { Actor } from '../ledger/types.ts'
import { mapRoot } from './collection.ts'
import { readActor, sharedActor } from './guards.ts'
import { writtenOutActor } from './layouts/oldForms.ts'

/** `actors`: key → `{ account, device }`, written once and never changed. */
export const ACTORS = mapRoot('actors')

/** The `actors` map of a doc. */
export const actorsMap = ACTORS.of

/** 36⁸: eight base-36 characters, about 41 bits. */
const KEY_SPACE = 36 ** 8

/** cyrb53 (public domain), a fast 53-bit string hash; only its spread matters here. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 2097152 * (h2 >>> 0) + (h1 >>> 0)
}

/** The `attempt`-th key `actor` may take: the first unless a different actor holds it. */
function candidateKey(actor: Actor, attempt: number): string {
  const text = `${actor.account}\n${actor.device}${attempt ? `\n${attempt}` : ''}`
  return (hash53(text) % KEY_SPACE).toString(36)
}

function sameActor(stored: unknown, actor: Actor): boolean {
  const known = readActor(stored)
  return known !== undefined && known.account === actor.account && known.device === actor.device
}

/**
 * The key that names `actor` in `doc`, registered in `actors` when it is not yet (so call it
 * inside the transaction that writes the key).
 */
export function actorKey(doc: Y.Doc, actor: Actor): string {
  const actors = actorsMap(doc)
  for (let attempt = 0; ; attempt++) {
    const key = candidateKey(actor, attempt)
    const stored = actors.get(key)
    if (stored === undefined) {
      actors.set(key, { account: actor.account, device: actor.device })
      return key
    }
    if (sameActor(stored, actor)) return key
  }
}

/**
 * The actor a field names: a key of `actors`, or an older form (`writtenOutActor`). Undefined
 * when absent, malformed, or a key the book does not hold (history only, so never fatal).
 */
export function readActorField(doc: Y.Doc | null, value: unknown): Actor | undefined {
  if (typeof value !== 'string') return writtenOutActor(value)
  return doc ? sharedActor(actorsMap(doc).get(value)) : undefined
}

/**
 * A person's or a loan's `createdBy` and `updatedBy`. `updatedBy` is not written while the entry
 * is unchanged since it was created (no `updatedAt`): then it is whoever created it.
 * `storedCreatedBy`: the `createdBy` stored elsewhere than in its own entry (a loan's terms).
 */
export function readAuthors(
  entry: Y.Map<unknown>,
  storedCreatedBy: unknown = entry.get('createdBy'),
): { createdBy?: Actor; updatedBy?: Actor } {
  const createdBy = readActorField(entry.doc, storedCreatedBy)
  const updatedBy = entry.has('updatedBy')
    ? readActorField(entry.doc, entry.get('updatedBy'))
    : entry.has('updatedAt')
      ? undefined
      : createdBy
  return { ...(createdBy && { createdBy }), ...(updatedBy && { updatedBy }) }
}

/** The key to store in `entry` (a person or a loan in a doc) for `by`, or undefined for none. */
export function storedActor(entry: Y.Map<unknown>, by: Actor | undefined): string | undefined {
  if (!by) return undefined
  if (!entry.doc) throw new Error('an entry must be in a doc before it names an actor')
  return actorKey(entry.doc, by)
}
