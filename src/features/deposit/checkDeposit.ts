import type { TFunction } from 'i18next'
import { validateDeposit, type Allocation } from '../../../shared/ledger/engine.ts'
import { formatINR, parseRupees } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import { callNameOf, loanFullName } from '../loans/loanText.ts'
import type { DepositForm } from './useDepositForm.ts'

/**
 * The checks before Record, in the order the lender is told of them: the spec's checks on the
 * amount and the date, then a malformed allocation, then cash not placed on any loan (rule 11:
 * never dropped), then the engine's other refusals, and last an allocation beyond what settles
 * its loan that the lender has not chosen, in words, to keep as overpaid.
 */
export function checkDeposit(
  form: Pick<DepositForm, 'amount' | 'date' | 'typed' | 'allocations' | 'gap'>,
  loans: readonly Loan[],
  today: string,
  t: TFunction,
): { ok: true; allocations: Allocation[] } | { ok: false; message: string } {
  const { amount, typed, gap } = form
  const checked = validateDeposit({
    amount: amount.ok ? amount.paise : null,
    date: form.date,
    today,
    allocations: typed.map((line) => ({ loanId: line.loan.id, amount: line.paise ?? 0 })),
    loans,
  })
  if (!checked.ok && ['invalidAmount', 'missingDate', 'futureDate'].includes(checked.reason)) {
    return { ok: false, message: t(`deposit:errors.${checked.reason}`) }
  }
  const malformed = typed.find((line) => line.paise === null)
  if (malformed) {
    const parsed = parseRupees(form.allocations[malformed.loan.id] ?? '')
    const reason = parsed.ok ? 'notANumber' : parsed.reason
    return {
      ok: false,
      message: `${loanFullName(malformed.loan, t)}: ${t(`loans:money.${reason}`)}`,
    }
  }
  // The choices below the form say how to place a rest.
  if (!checked.ok && checked.reason === 'unallocated' && gap) {
    return { ok: false, message: t('deposit:rest.refused', { amount: formatINR(gap.rest) }) }
  }
  if (!checked.ok) return { ok: false, message: t(`deposit:errors.${checked.reason}`) }
  const over = gap?.overSettling[0]
  if (over) {
    const message = t('deposit:overSettling', {
      loan: callNameOf(loans, over.loanId, t),
      amount: formatINR(over.settles),
      extra: formatINR(over.extra),
    })
    return { ok: false, message }
  }
  return { ok: true, allocations: checked.allocations }
}
