/**
 * The app's words for money, and the other texts of the money screens, in one place. Every
 * screen names a figure from here, so the same figure has one name everywhere (the README's
 * Glossary lists the same words).
 *
 * The money words, their meanings and the shared labels now live in the catalogue
 * (common:money.*, common:meaning.*, common:labels.*; Hindi beside English): a component reads
 * them with `t('common:money.dueToday')`. `money`, `meanings` and `labels` below are the English
 * texts of that catalogue, kept for code that has not moved to `t` yet and for tests. The groups
 * further down are still English only; each moves into its screen's namespace.
 */
import type { TFunction } from 'i18next'
import english from '../i18n/locales/en/common.json' with { type: 'json' }
import { i18n } from '../i18n/index.ts'
import { parseGuessedName } from '../data/session/device.ts'

/** The money words: one name per figure (English; common:money.* in the catalogue). */
export const money = english.money

/** A money word's key. */
export type MoneyWord = keyof typeof money

/** What each money word means, in one line (the glossary; also a figure's tooltip). */
export const meanings: Record<MoneyWord, string> = english.meaning

/** Other figures and labels of the money screens (English; common:labels.* in the catalogue). */
export const labels = english.labels

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

/**
 * "by lender@example.com on Chrome on Android": who and which device made a change, in the
 * language of `t` (the app's current language when none is given).
 */
export function byText(
  by: { account: string; device: string } | undefined,
  t: TFunction = i18n.t,
): string {
  return by ? t('common:by', { account: by.account, device: deviceLabel(by.device, t) }) : ''
}

/**
 * A device's name in the reader's language: a guessed name ("Chrome on Android", stored so by
 * every version of the app) is worded from its facts ("क्रोम (एंड्रॉयड)" in Hindi); a name the
 * lender gave is shown as typed.
 */
export function deviceLabel(name: string, t: TFunction = i18n.t): string {
  const facts = parseGuessedName(name)
  if (!facts) return name
  const browser = facts.browser && t(`common:device.browsers.${facts.browser}`)
  const os = facts.os && t(`common:device.systems.${facts.os}`)
  if (browser && os) return t('common:device.both', { browser, os })
  return browser || os || t('common:device.unknown')
}

/** The dashboard's "at a glance" words: when a person's money falls due, and the search. */
export const dueWords = {
  overdue: 'Overdue',
  /** "Due in 3 days"; a loan due today is not yet overdue. */
  dueIn: (days: number) =>
    days === 0 ? 'Falls due today' : days === 1 ? 'Due in 1 day' : `Due in ${days} days`,
  nextDue: 'Next due',
  city: 'City',
  search: 'Search people',
  /** The village is the person's city (spec's word); a lender thinks of it as the village. */
  searchHint: 'Search by name, phone or village',
  /** The phone list's name for screen readers. */
  list: 'People, what needs action first',
} as const

/** The person's stored balance: typed once in the person form and never changed by the ledger. */
export const personWords = {
  /** What is owed is "Due today" (from the engine); this stored figure is only a note. */
  openingBalance: 'Note: balance from paper (not counted)',
} as const

/** Reminders and receipts: links that open WhatsApp or the messages app on the lender's phone. */
export const sendWords = {
  remindWhatsApp: 'Remind on WhatsApp',
  remindSms: 'SMS',
  /** The SMS link's accessible name (its visible text is only "SMS"). */
  remindSmsLabel: 'Remind by SMS',
  receiptWhatsApp: 'Send receipt on WhatsApp',
  receiptSms: 'SMS',
  receiptSmsLabel: 'Send receipt by SMS',
  receiptTitle: 'Send receipt',
  receiptDone: 'Done',
  editPerson: (name: string) => `Edit ${name}`,
  /** A dashboard row's short link for a person without a valid mobile number. */
  addMobile: 'Add mobile to remind',
  /** The note on every UPI link (the borrower's UPI app shows it). */
  upiNote: 'Loan repayment',
  /** Said under the buttons: the app builds the message, the phone sends it. */
  sentByPhone: 'Opens WhatsApp or Messages with the message typed; you send it from your phone.',
  /** The reminder actions' group name on the dashboard. */
  remindOf: (name: string) => `Remind ${name}`,
} as const
