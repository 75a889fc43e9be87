/**
 * Layout 7: a loan is written with its terms (and who made it) as one value (`loanTerms.ts`),
 * not one map entry per field. It moves nothing: loans written before keep their entries, which
 * every reader still reads (an entry of its own wins over the terms anyway). Moving them would
 * not be safe on two devices at once: each would write terms from the fields as it saw them, one
 * device's terms would win whole, and a change the other had made meanwhile could be lost
 * without a word. It is stamped so that an app of layout 6, which would find no amount, rate or
 * dates in such a loan and skip it (with all its money), asks to be updated instead.
 */
import type { LayoutStep } from './step.ts'

export const layout7: LayoutStep = {
  layout: 7,
  moves: "nothing: a stamp only (a new loan's terms as one value)",
  why: 'a loan written field by field held eleven Yjs items in memory; as one value, one',
  move: () => {},
}
