import type { TFunction } from 'i18next'
import { receiptText } from '../../../shared/book/reminder.ts'
import { paymentId } from '../../../shared/deposit/record.ts'
import { depositSplit, summarizePerson } from '../../../shared/ledger/engine.ts'
import { receiptLabel } from '../../../shared/receipts/receipt.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import type { OutboxEntry } from '../../data/collect/outbox.ts'
import { messageLoanNames, sayIn } from '../reminders/messages.ts'
import type { SheetView } from './useSheet.ts'

/**
 * The receipt of a deposit he recorded, as the lender's app writes one (its number and code, the
 * truthful split of each payment, the person's Due today after it), from his sheet with his
 * deposits on top; null when the deposit counts nowhere (held or refused) or its person left his
 * sheet.
 */
export function collectedReceipt(view: SheetView, entry: OutboxEntry, t: TFunction): string | null {
  const person = view.sheet.people.find((p) => p.id === entry.personId)
  if (!person || entry.state === 'held' || entry.state === 'refused') return null
  const loans = view.loansOf(person.id)
  const depositId = entry.inBook ?? entry.deposit.depositId
  const ids = entry.deposit.allocations.map((_, index) => paymentId(depositId, index))
  const split = depositSplit(loans, ids, (loan) => view.figuresOf(loan, view.today).ledger)
  if (split.lines.length === 0) return null
  const names = messageLoanNames(loans, t)
  const receipt = depositReceipt(loans, ids[0], entry)
  return receiptText(
    {
      lenderName: view.sheet.lender.displayName,
      borrowerName: person.name,
      amountPaise: split.amount,
      date: entry.deposit.date,
      lines: split.lines.map((line) => ({
        loanName: names.get(line.loanId) ?? t('reminders:message.yourLoan'),
        amountPaise: line.amount,
        interestPaise: line.interestPart,
        principalPaise: line.principalPart,
        overpaidPaise: line.overpaid,
      })),
      balanceDuePaise: summarizePerson(loans, view.today, view.figuresOf).totalDue,
      receipt: receiptLabel(receipt),
    },
    sayIn(t),
  )
}

/**
 * The receipt of his deposit as stored: the book's payment's once a sheet holds it (one from an
 * older phone was numbered by the server), else the one his phone gave it in the outbox (the
 * same string, once it is in the book).
 */
export function depositReceipt(
  loans: readonly Loan[],
  firstPaymentId: string | undefined,
  entry: OutboxEntry,
): string | undefined {
  for (const loan of loans) {
    const payment = loan.payments.find((p) => p.id === firstPaymentId)
    if (payment) return payment.receipt ?? entry.deposit.receipt
  }
  return entry.deposit.receipt
}

/** The receipt of a deposit on his list as stored (see `depositReceipt`), with or without a sheet. */
export function entryReceipt(view: SheetView | null, entry: OutboxEntry): string | undefined {
  if (!view) return entry.deposit.receipt
  const first = paymentId(entry.inBook ?? entry.deposit.depositId, 0)
  return depositReceipt(view.loansOf(entry.personId), first, entry)
}
