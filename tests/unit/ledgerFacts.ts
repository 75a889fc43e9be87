/**
 * Facts for the engine's worked examples, written in rupees as a lender reads them, so that the
 * expected values in the tests carry no float error.
 */
import type { InterestOn, LedgerLoan, PaymentFact } from '../../shared/ledger/engine.ts'

/** '10,197.26' → 1019726 paise, read as text. */
export function rs(text: string): number {
  const [whole = '0', fraction = ''] = text.replace(/,/g, '').split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** A payment of `rupees` on `date`, recorded at 10:00 that day. */
export function payment(
  id: string,
  date: string,
  rupees: string,
  extra: Partial<PaymentFact> = {},
): PaymentFact {
  return { id, date, amount: rs(rupees), createdAt: `${date}T10:00:00.000Z`, ...extra }
}

/** ₹10,000 at 2 % a month from 2025-01-01, due 2025-12-31, unless `extra` says otherwise. */
export function loan(extra: Partial<LedgerLoan>): LedgerLoan {
  return {
    id: 'loan',
    personId: 'ravi',
    amount: rs('10,000'),
    interestRate: 2,
    interestType: 'per_month',
    startDate: '2025-01-01',
    dueDate: '2025-12-31',
    status: 'active',
    createdAt: '2025-01-01T00:00:00.000Z',
    payments: [],
    ...extra,
  }
}

/** The engine notes' first example: ₹10,000 at 2 % a month from 2025-01-01, ₹100, then ₹5,000. */
export const notesExample = (interestOn?: InterestOn): LedgerLoan =>
  loan({
    ...(interestOn !== undefined && { interestOn }),
    payments: [payment('p1', '2025-01-31', '100'), payment('p2', '2025-03-02', '5,000')],
  })
