/**
 * Layout 4: each actor is written once, in the root map `actors`, under a short key (see
 * `actors.ts`); people and loans name the key, and deposits sit in their actor's log
 * (`depositsBy`), naming no one. The deposits were moved there by layout 3's rewrite of the log
 * (see `l3-text-records.ts`), which writes today's placement.
 */
import * as Y from 'yjs'
import { actorKey } from '../actors.ts'
import { loansMap, peopleMap } from '../doc.ts'
import { readActor } from '../guards.ts'
import type { LayoutStep } from './step.ts'

/**
 * Layout 4's move for people or loans (`entries`: id → Y.Map): each actor written out becomes
 * its key, and an `updatedBy` at its default (unchanged since created by the same actor) goes.
 * Run inside the migration's transaction. Two devices moving at once write the same keys.
 */
export function keyEntryActors(doc: Y.Doc, entries: Y.Map<unknown>): void {
  for (const entry of entries.values()) {
    if (!(entry instanceof Y.Map)) continue
    const map = entry as Y.Map<unknown>
    for (const field of ['createdBy', 'updatedBy']) {
      const value = map.get(field)
      const actor = typeof value === 'string' ? undefined : readActor(value)
      if (actor) map.set(field, actorKey(doc, actor))
    }
    if (
      !map.has('updatedAt') &&
      map.has('updatedBy') &&
      map.get('updatedBy') === map.get('createdBy')
    ) {
      map.delete('updatedBy')
    }
  }
}

export const layout4: LayoutStep = {
  layout: 4,
  moves:
    "people's and loans' actors to keys of `actors` (deposits to their actor's log: see layout 3)",
  why: "`{ account, device }` written out in every record was half of a big book's state",
  move: (doc) => {
    keyEntryActors(doc, peopleMap(doc))
    keyEntryActors(doc, loansMap(doc))
  },
}
