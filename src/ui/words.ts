/**
 * The app's words for money, and the other texts of the money screens, in one place. Every
 * screen names a figure from here, so the same figure has one name everywhere (the README's
 * Glossary lists the same words); a later i18n catalogue replaces this module.
 */

/** The money words: one name per figure. */
export const money = {
  lent: 'Lent',
  interestSoFar: 'Interest so far',
  paid: 'Paid',
  overpaid: 'Overpaid',
  waived: 'Waived',
  dueToday: 'Due today',
  principalLeft: 'Principal left',
  interestDue: 'Interest due',
  unpaidInterest: 'Unpaid interest',
} as const

/** A money word's key. */
export type MoneyWord = keyof typeof money

/** What each money word means, in one line (the glossary; also a figure's tooltip). */
export const meanings: Record<MoneyWord, string> = {
  lent: 'The money given: the amounts of the loans.',
  interestSoFar: 'All interest charged from the start of a loan to the day, paid or not.',
  paid: 'What the borrower has handed over (voided payments are left out).',
  overpaid: 'The part of a payment beyond what was due; the lender owes it back.',
  waived: 'What the lender forgave when settling for less; never counted as paid.',
  dueToday: 'What the borrower owes today: Lent + Interest so far − (Paid − Overpaid) − Waived.',
  principalLeft: 'The part of the money lent that has not been repaid.',
  interestDue: 'Due today − Principal left: the interest owed today.',
  unpaidInterest:
    'Interest charged but not paid when a payment came in; it stays in what is due and earns interest.',
}

/** Other figures and labels of the money screens. */
export const labels = {
  activeLoans: 'Active Loans',
  totalUsers: 'Total Users',
  amount: 'Amount',
  interestRate: 'Interest Rate',
  startDate: 'Start Date',
  dueDate: 'Due Date',
  loanAge: 'Loan Age',
  reckoning: 'How the figures add up',
  reckoningAllLoans: 'Every loan of this person, as of today.',
  tilesCountActive:
    'The tiles count active loans only; the reckoning below counts every loan, including those marked overdue, defaulted or paid.',
  /** Status shown when a waiver took part in settling the loan. */
  paidSettled: 'Paid (settled)',
  createdBy: 'Created',
  changedBy: 'Last changed',
} as const

/** The columns of a loan's history and of the all-payments list. */
export const historyWords = {
  title: 'History',
  date: 'Date',
  days: 'Days',
  broughtForward: 'Brought forward',
  interest: 'Interest',
  dueThen: 'Due then',
  paid: 'Paid',
  principal: 'Principal',
  dueAfter: 'Due after',
  interestPaidSoFar: 'Interest paid so far',
  notes: 'Notes',
  recorded: 'Recorded',
  loan: 'Loan',
  actions: 'Actions',
  waiver: 'Waiver',
  noEntries: 'No payments yet.',
} as const

/** Voiding a deposit or a waiver, and undoing it. */
export const voidWords = {
  void: 'Void',
  undo: 'Undo void',
  reason: 'Reason',
  confirm: 'Void it',
  cancel: 'Cancel',
  voided: 'Voided',
  reasonRequired: 'Please give a reason for voiding',
  notFound: 'That entry no longer exists',
  alreadyVoided: 'That entry is already voided',
  alreadyUndone: 'That void is already undone',
  notVoided: 'That entry is not voided any more',
  depositTitle: 'Void this deposit?',
  waiverTitle: 'Void this waiver?',
  /** Voiding works on whole deposits; the dialog says so when a deposit paid several loans. */
  wholeDeposit: (loans: number) =>
    loans > 1
      ? `This voids the whole deposit: its payments to all ${loans} loans.`
      : 'This voids the whole deposit.',
} as const

/** Settling a loan for less than is due. */
export const waiverWords = {
  open: 'Settle for less',
  title: 'Settle for less',
  amount: 'Amount to waive',
  date: 'Waiver date',
  note: 'Note',
  waiveInterest: 'Waive interest due',
  waiveAll: 'Waive all due',
  submit: 'Record waiver',
  cancel: 'Cancel',
} as const

/** The payoff quote on a person's page. */
export const quoteWords = {
  title: 'Payoff quote',
  date: 'Close all loans on',
  /** "To close all loans on DD/MM/YYYY:" (the amount follows). */
  lead: (date: string) => `To close all loans on ${date}:`,
  pastDate: 'The quote date cannot be in the past',
  missingDate: 'Please choose a date',
} as const

/** The deposit page's figures. */
export const depositWords = {
  /** The accessible name of the line with the total due on the person's active loans. */
  totalLabel: 'Due on active loans',
  dueOn: (date: string) => `Due on ${date}`,
  payment: 'Payment',
  dueTodayBefore: 'Due today before',
  dueTodayAfter: 'Due today after',
  preview: 'Preview',
  /** The largest allocation is what settles the loan. */
  overSettling: (loan: string, amount: string) =>
    `Allocation to ${loan} cannot exceed ${amount}, the amount that settles it`,
  /** The confirmation after Record: '₹20,000.00 received from Ramesh'. */
  received: (amount: string, name: string) => `${amount} received from ${name}`,
  /** The confirmation's action: voids the deposit just recorded. */
  undo: 'Undo',
  /** The void reason an Undo from the confirmation records. */
  undoReason: 'Undone right after recording',
  undone: (amount: string, name: string) => `Deposit of ${amount} from ${name} undone`,
  /** The Allocate section's heading. */
  allocate: 'Allocate to loans',
} as const

/** "by lender@example.com on Chrome on Android": who and which device made a change. */
export function byText(by: { account: string; device: string } | undefined): string {
  return by ? `by ${by.account} on ${by.device}` : ''
}

/** The dashboard's "at a glance" words: when a person's money falls due, and the search. */
export const dueWords = {
  overdue: 'Overdue',
  /** "Due in 3 days"; a loan due today is not yet overdue. */
  dueIn: (days: number) =>
    days === 0 ? 'Falls due today' : days === 1 ? 'Due in 1 day' : `Due in ${days} days`,
  nextDue: 'Next due',
  city: 'City',
  search: 'Search by name, phone or city',
  /** The phone list's name for screen readers. */
  list: 'People, what needs action first',
} as const

/** The person's stored balance: typed once in the person form and never changed by the ledger. */
export const personWords = {
  /** What is owed is "Due today" (from the engine); this stored figure is only a note. */
  openingBalance: 'Opening balance (note only)',
} as const
