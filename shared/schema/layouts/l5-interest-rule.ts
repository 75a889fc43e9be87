/**
 * Layout 5: a loan may carry its rule for unpaid interest (`interestOn`) and old dues
 * (`openingInterest`). It moves nothing: it is stamped so that an app of layout 4, which would
 * read such a loan without them and show its figures wrong (compound where the lender chose
 * simple, the old dues left out), asks to be updated instead. (The `loanEdits` collection of the
 * same release needed no stamp: an older app simply does not show a loan's change history, and
 * no figure depends on it.)
 */
import type { LayoutStep } from './step.ts'

export const layout5: LayoutStep = {
  layout: 5,
  moves: "nothing: a stamp only (a loan's `interestOn` and `openingInterest`)",
  why: 'an app of layout 4 would read such a loan without them and show its figures wrong',
  move: () => {},
}
