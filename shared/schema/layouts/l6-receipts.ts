/**
 * Layout 6: deposits, waivers and voids carry their receipt (`receipts/receipt.ts`), and the root
 * `refusedReceipts` keeps the receipts the server refused (`receipts/refused.ts`). It moves
 * nothing: it is stamped so that an app of layout 5, which would go on writing deposits with no
 * number and so break the book's promise that every one has one, asks to be updated instead.
 * Records from before keep no number; they are not given one afterwards (a number is given when
 * the money changes hands, or it proves nothing).
 */
import type { LayoutStep } from './step.ts'

export const layout6: LayoutStep = {
  layout: 6,
  moves: 'nothing: a stamp only (receipts on deposits, waivers and voids)',
  why: 'an app of layout 5 would record deposits, waivers and voids without a receipt number',
  move: () => {},
}
