/**
 * The deposit form's rest (engine notes, rule 11: cash is never dropped). The worked case is the
 * issue's: ₹3,00,000 typed for a borrower whose one loan is settled by ₹2,64,643.84.
 */
import { describe, expect, it } from 'vitest'
import { depositGap, withRestOn } from '../../src/features/deposit/depositRest.ts'

const settles = (loanId: string) => ({ tractor: 2_64_643_84, pump: 10_000_00 })[loanId] ?? 0

describe('depositGap', () => {
  it('says the rest that no loan holds: ₹3,00,000 − ₹2,64,643.84 = ₹35,356.16', () => {
    const gap = depositGap(3_00_000_00, [{ loanId: 'tractor', paise: 2_64_643_84 }], settles, null)
    expect(gap).toEqual({ rest: 35_356_16, overSettling: [] })
  })

  it('refuses more than settles a loan until the lender chose that loan for the overpaid part', () => {
    const allocations = [{ loanId: 'tractor', paise: 3_00_000_00 }]
    expect(depositGap(3_00_000_00, allocations, settles, null)).toEqual({
      rest: 0,
      overSettling: [{ loanId: 'tractor', settles: 2_64_643_84, extra: 35_356_16 }],
    })
    expect(depositGap(3_00_000_00, allocations, settles, 'tractor')).toEqual({
      rest: 0,
      overSettling: [],
    })
    // Choosing another loan does not let this one take more than settles it.
    expect(depositGap(3_00_000_00, allocations, settles, 'pump').overSettling).toHaveLength(1)
  })

  it('counts an empty, zero or unreadable allocation as nothing, and a negative rest as too much', () => {
    const gap = depositGap(
      5_000_00,
      [
        { loanId: 'tractor', paise: null },
        { loanId: 'pump', paise: 0 },
      ],
      settles,
      null,
    )
    expect(gap).toEqual({ rest: 5_000_00, overSettling: [] })
    expect(depositGap(5_000_00, [{ loanId: 'pump', paise: 6_000_00 }], settles, null).rest).toBe(
      -1_000_00,
    )
  })
})

describe('withRestOn', () => {
  it('adds the rest to the chosen loan’s box and leaves the others as typed', () => {
    expect(withRestOn({ tractor: '264643.84', pump: '' }, 'tractor', 35_356_16)).toEqual({
      tractor: '300000.00',
      pump: '',
    })
    expect(withRestOn({ tractor: '264643.84' }, 'pump', 35_356_16)).toEqual({
      tractor: '264643.84',
      pump: '35356.16',
    })
  })

  it('puts the whole rest on a box that was empty or unreadable', () => {
    expect(withRestOn({ pump: 'abc' }, 'pump', 1_00)).toEqual({ pump: '1.00' })
  })
})
