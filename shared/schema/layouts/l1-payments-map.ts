/** Layout 1: where the book began. */
import type { LayoutStep } from './step.ts'

export const layout1: LayoutStep = {
  layout: 1,
  moves: 'nothing: people and loans in their maps, each payment a plain object in `payments`',
  why: 'the first layout',
  move: () => {},
}
