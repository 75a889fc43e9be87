/**
 * A dashboard row is drawn again only when what it shows changed (`samePlain`): a row read back
 * from the device's kept dashboard is the same as the book's own, and any figure that moved,
 * however deep, makes it different.
 */
import { describe, expect, it } from 'vitest'
import type { DashboardRow } from '../../shared/ledger/engine.ts'
import { summarizeDashboard } from '../../shared/ledger/engine.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { samePlain } from '../../src/ui/samePlain.ts'
import { buildBook } from '../fixtures/book.ts'

function someRows(): DashboardRow[] {
  const book = readLender(buildBook({ people: 5, loans: 20, payments: 60 }).doc)
  return summarizeDashboard(book.people, book.loans, '2026-11-28').rows
}

describe('whether two dashboard rows show the same', () => {
  it('is so for a row and its copy as the device keeps it', () => {
    for (const row of someRows()) expect(samePlain(row, structuredClone(row))).toBe(true)
  })

  it('is not so once any figure, however deep, or a field moved', () => {
    const [row] = someRows() as [DashboardRow]
    expect(samePlain(row, { ...row, totalDue: row.totalDue + 1 })).toBe(false)
    expect(
      samePlain(row, { ...row, reckoning: { ...row.reckoning, paid: row.reckoning.paid + 1 } }),
    ).toBe(false)
    expect(
      samePlain(row, { ...row, attention: { kind: 'none' } as DashboardRow['attention'] }),
    ).toBe(row.attention.kind === 'none')
    expect(samePlain(row, { ...row, place: 'Sitapur' })).toBe(false)
    const { phone: _, ...withoutPhone } = row
    expect(samePlain({ ...withoutPhone, phone: undefined }, withoutPhone)).toBe(false)
    expect(samePlain([1, 2], { 0: 1, 1: 2 })).toBe(false)
  })
})
