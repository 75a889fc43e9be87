/**
 * What a borrower's passbook page shows (issue 32, item 3), as figures: computed from the book by
 * the same engine as the app, on the day the page is opened, and stored nowhere. The words and
 * the HTML are the server's (`server/passbook/page.ts`); the money is this.
 *
 * The figures are the borrower's copy of the lender's statement of all time up to `today`
 * (`personStatement` then `borrowerCopy`): for each loan, lent, interest so far, paid, overpaid,
 * waived and Due today (the statement's closing, which is the app's `loanFigures(...).totalDue`),
 * and the person's Due today as the app's person page sums it (`summarizePerson`).
 *
 * Receipts: every deposit and waiver on the borrower's loans, with its number and code (none from
 * before receipts), its day, its amount on these loans and its truthful split, as the statement's
 * lines have it. A voided one is listed as void with its number kept (the statement leaves it out,
 * and it moves nothing); the void's reason, typed by the lender, is not shown.
 *
 * Never here: the person's Aadhaar, phone, pet name or notes, anyone else's name, a void's reason.
 */
import { borrowerCopy, loanStatement } from './ledger/statement.ts'
import { loanFigures, type FiguresOf } from './ledger/figures.ts'
import { summarizePerson } from './ledger/summary.ts'
import type { StatusLabel } from './ledger/status.ts'
import type { StatementTotals } from './ledger/statement.ts'
import type { InterestType, IsoDate, Paise } from './ledger/types.ts'
import { receiptLabel } from './receipts/receipt.ts'
import type { Language, Loan, Person } from './schema/types.ts'

/** One loan on the passbook. */
export interface PassbookLoan {
  id: string
  /** The loan's description, as the borrower's statement shows it ('' when none). */
  description: string
  amount: Paise
  interestRate: number
  interestType: InterestType
  startDate: IsoDate
  dueDate: IsoDate
  /** As the app's loans page labels it today. */
  status: StatusLabel
  /** The statement's sums of all time up to today (lent, interest charged, paid, …). */
  totals: StatementTotals
  /** Principal left at the end of today (the statement's closing). */
  principalLeft: Paise
  /** Interest owed at the end of today (the statement's closing). */
  interestDue: Paise
  /** Due today: the statement's closing, the app's `totalDue`. */
  dueToday: Paise
}

/** One receipt: a deposit (its payments on this borrower's loans) or a waiver. */
export interface PassbookReceipt {
  kind: 'deposit' | 'waiver'
  /** The deposit's or waiver's id in the book (the key of the row; not shown). */
  id: string
  /** `SERIES-n`, or null for a record from before receipts. */
  number: string | null
  /** `XXXX-XXXX`, or null for a record from before receipts. */
  code: string | null
  date: IsoDate
  /** The cash received (a deposit) or what the waiver forgave; on a void, as recorded. */
  amount: Paise
  /** The deposit's split; all 0 on a waiver and on a void. */
  interestPaid: Paise
  principalPaid: Paise
  overpaid: Paise
  /** The loans it is on (ids). */
  loanIds: string[]
  /** Voided: it moves nothing. The void's own receipt number, if it has one. */
  voided: false | { number: string | null }
}

/** Everything the page shows. */
export interface PassbookView {
  today: IsoDate
  language: Language
  /** The lender as the book's profile names them ('' when unnamed). */
  lender: string
  borrower: string
  /** The person's Due today, principal left and interest due (the app's `summarizePerson`). */
  dueToday: Paise
  principalLeft: Paise
  interestDue: Paise
  /** The loans not in Trash, in the book's order, with something in the statement. */
  loans: PassbookLoan[]
  /** Newest first (day, then as recorded). */
  receipts: PassbookReceipt[]
}

/** The payments of a loan as a snapshot holds them: `Payment` objects, with their deposit's id. */
type PaymentWithDeposit = Loan['payments'][number] & { depositId?: string }

/**
 * The passbook of `person` on `today`. `loans` are the person's loans not in Trash, in the book's
 * order (`LenderProjection.activeLoansOf`); `figuresOf` lets a caller reuse cached figures.
 * `language` is the page's: the person's own, or English.
 */
export function passbookView({
  person,
  loans,
  lender,
  today,
  figuresOf = loanFigures,
}: {
  person: Pick<Person, 'name' | 'language'>
  loans: readonly Loan[]
  lender: string
  today: IsoDate
  figuresOf?: FiguresOf
}): PassbookView {
  const summary = summarizePerson(loans, today, figuresOf)
  const shown: PassbookLoan[] = []
  const deposits = new Map<string, PassbookReceipt>()
  const receipts: PassbookReceipt[] = []
  // Newest first: by day, then as recorded.
  const order = new Map<PassbookReceipt, string>()
  for (const loan of loans) {
    const figures = figuresOf(loan, today)
    const statement = borrowerCopy(loanStatement(loan, { to: today }, figures.ledger))
    if (statement.lines.length > 0 || statement.closing.due !== 0) {
      shown.push({
        id: loan.id,
        description: loan.description,
        amount: loan.amount,
        interestRate: loan.interestRate,
        interestType: loan.interestType,
        startDate: loan.startDate,
        dueDate: loan.dueDate,
        status: figures.status,
        totals: statement.totals,
        principalLeft: statement.closing.principalLeft,
        interestDue: statement.closing.interestOwed,
        dueToday: statement.closing.due,
      })
    }
    // Each entry's split, as the statement's lines have it (future-dated ones too).
    const entries = new Map(figures.ledger.entries.map((e) => [e.paymentId, e]))
    for (const payment of loan.payments as readonly PaymentWithDeposit[]) {
      const key = payment.depositId ?? payment.id
      let receipt = deposits.get(key)
      if (!receipt) {
        const label = receiptLabel(payment.receipt)
        receipt = {
          kind: 'deposit',
          id: key,
          number: label?.number ?? null,
          code: label?.code ?? null,
          date: payment.date,
          amount: 0,
          interestPaid: 0,
          principalPaid: 0,
          overpaid: 0,
          loanIds: [],
          voided: payment.voided
            ? { number: receiptLabel(payment.voided.receipt)?.number ?? null }
            : false,
        }
        deposits.set(key, receipt)
        receipts.push(receipt)
        order.set(receipt, `${payment.date} ${payment.createdAt} ${key}`)
      }
      receipt.amount += payment.amount
      if (!receipt.loanIds.includes(loan.id)) receipt.loanIds.push(loan.id)
      const entry = payment.voided ? undefined : entries.get(payment.id)
      if (entry) {
        receipt.interestPaid += entry.interestPart
        receipt.principalPaid += entry.principalPart
        receipt.overpaid += entry.overpaid
      }
    }
    for (const waiver of loan.waivers) {
      const label = receiptLabel(waiver.receipt)
      const entry = waiver.voided ? undefined : entries.get(waiver.id)
      const receipt: PassbookReceipt = {
        kind: 'waiver',
        id: waiver.id,
        number: label?.number ?? null,
        code: label?.code ?? null,
        date: waiver.date,
        // What it forgave (at most what was due), as the statement's line; as recorded on a void.
        amount: entry ? (entry.waived ?? 0) : waiver.amount,
        interestPaid: 0,
        principalPaid: 0,
        overpaid: 0,
        loanIds: [loan.id],
        voided: waiver.voided
          ? { number: receiptLabel(waiver.voided.receipt)?.number ?? null }
          : false,
      }
      receipts.push(receipt)
      order.set(receipt, `${waiver.date} ${waiver.createdAt} ${waiver.id}`)
    }
  }
  receipts.sort((a, b) => {
    const x = order.get(a)!
    const y = order.get(b)!
    return x < y ? 1 : x > y ? -1 : 0
  })
  return {
    today,
    language: person.language === 'hi' ? 'hi' : 'en',
    lender,
    borrower: person.name,
    dueToday: summary.totalDue,
    principalLeft: summary.principalRemaining,
    interestDue: summary.currentInterest,
    loans: shown,
    receipts,
  }
}
