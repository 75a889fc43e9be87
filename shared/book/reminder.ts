/**
 * Reminder and receipt messages, and the WhatsApp and SMS links that carry them. The app only
 * builds the links: the lender's own phone sends the message, so nothing here needs a network
 * and nothing is ever sent by the app. Every amount is the engine's, formatted en-IN; every date
 * is DD/MM/YYYY. The words come from the caller (`say`, the app's catalogue in the borrower's
 * language): this module only puts them in order, so it stays free of i18n and of the UI.
 */
import { formatDisplayDate } from '../dates.ts'
import { parseMobile, type IdentityReason } from '../identity.ts'
import type { AskKind } from '../ledger/ask.ts'
import type { IsoDate, Paise } from '../ledger/types.ts'
import { formatINR } from '../money.ts'

/** The words a reminder or a receipt is made of (keys of the catalogue's `message` group). */
export type MessageWord =
  | 'greeting'
  | 'reminder'
  | 'receipt'
  | 'receiptNumber'
  | 'from'
  | 'fromNobody'
  | 'dueToday'
  | 'askOverdue'
  | 'askInterest'
  | 'askAmount'
  | 'overdue'
  | 'overdueLine'
  | 'payByUpi'
  | 'thanks'
  | 'received'
  | 'receiptLine'
  | 'receiptLineOverpaid'
  | 'balanceDue'

/** Says one word of a message in the borrower's language, with its values filled in. */
export type Say = (word: MessageWord, values?: Record<string, string>) => string

/** One overdue loan as a reminder names it. */
export interface ReminderOverdue {
  /** The loan as its borrower knows it, in their language: its title, never its `#` label. */
  loanName: string
  dueDate: IsoDate
  /** The loan's Due today. */
  amountPaise: Paise
}

/**
 * What a reminder asks for: the overdue part, the interest due, all due (the person's Due today)
 * or an amount the lender typed (see `askAmounts` in the engine), and how much that is.
 */
export interface ReminderAsk {
  kind: AskKind
  amountPaise: Paise
}

/** What a reminder says. */
export interface ReminderInput {
  /** The lender's display name; empty when not set. */
  lenderName: string
  borrowerName: string
  /** The amount asked for and what it is. */
  ask: ReminderAsk
  /** Loans past their due date with money due, earliest first. */
  overdue: readonly ReminderOverdue[]
  /** The lender's `upi://pay` link for the amount asked; left out when no UPI ID is set. */
  upiLink?: string
  today: IsoDate
}

// The line that asks, per kind of ask (its amount and, but for a typed one, its date).
const askWords: Record<AskKind, MessageWord> = {
  overdue: 'askOverdue',
  interest: 'askInterest',
  all: 'dueToday',
  amount: 'askAmount',
}

/** The greeting and who the message is from. */
function opening(say: Say, borrowerName: string, lenderName: string, what: string): string[] {
  const lines = [say('greeting', { name: borrowerName })]
  lines.push(
    lenderName === '' ? say('fromNobody', { what }) : say('from', { what, lender: lenderName }),
  )
  return lines
}

/**
 * The reminder: the amount asked and what it is for (what is overdue, the interest due, everything
 * due today, or a typed amount), each overdue loan with its due date, and the UPI link to pay the
 * amount asked with. Short, plain lines, as a WhatsApp or SMS message reads on a small phone.
 */
export function reminderText(input: ReminderInput, say: Say): string {
  const lines = opening(say, input.borrowerName, input.lenderName, say('reminder'))
  lines.push(
    say(askWords[input.ask.kind], {
      date: formatDisplayDate(input.today),
      amount: formatINR(input.ask.amountPaise),
    }),
  )
  if (input.overdue.length > 0) {
    lines.push(say('overdue'))
    for (const loan of input.overdue) {
      lines.push(
        say('overdueLine', {
          loan: loan.loanName,
          date: formatDisplayDate(loan.dueDate),
          amount: formatINR(loan.amountPaise),
        }),
      )
    }
  }
  if (input.upiLink !== undefined) lines.push(say('payByUpi', { link: input.upiLink }))
  lines.push(say('thanks'))
  return lines.join('\n')
}

/**
 * How one deposit paid one loan, in the truthful split (engine notes, rule 6a: `depositSplit`):
 * interest owed first (carried and of the period), then principal, then what went beyond
 * everything due. interestPaise + principalPaise + overpaidPaise = amountPaise.
 */
export interface ReceiptLine {
  /** The loan as its borrower knows it, in their language: its title, never its `#` label. */
  loanName: string
  amountPaise: Paise
  interestPaise: Paise
  principalPaise: Paise
  /** Beyond everything due: held as an advance or owed back. Left out of the text when 0. */
  overpaidPaise?: Paise
}

/** What a receipt says. */
export interface ReceiptInput {
  lenderName: string
  borrowerName: string
  /** The deposit's total: the cash received, which the lines add up to. */
  amountPaise: Paise
  /** The deposit's date. */
  date: IsoDate
  /** The split per loan, as the engine replayed it. */
  lines: readonly ReceiptLine[]
  /** The person's Due today after the deposit. */
  balanceDuePaise: Paise
  /** Its receipt's number and code as read (`receiptLabel`); none on a deposit from before. */
  receipt?: { number: string; code: string } | null
}

/** The receipt: the amount received, its date, the split per loan and what is still due. */
export function receiptText(input: ReceiptInput, say: Say): string {
  const lines = opening(say, input.borrowerName, input.lenderName, say('receipt'))
  if (input.receipt) lines.push(say('receiptNumber', input.receipt))
  lines.push(
    say('received', { amount: formatINR(input.amountPaise), date: formatDisplayDate(input.date) }),
  )
  for (const line of input.lines) {
    const overpaid = line.overpaidPaise ?? 0
    const values = {
      loan: line.loanName,
      amount: formatINR(line.amountPaise),
      interest: formatINR(line.interestPaise),
      principal: formatINR(line.principalPaise),
    }
    lines.push(
      overpaid > 0
        ? say('receiptLineOverpaid', { ...values, overpaid: formatINR(overpaid) })
        : say('receiptLine', values),
    )
  }
  lines.push(say('balanceDue', { amount: formatINR(input.balanceDuePaise) }))
  lines.push(say('thanks'))
  return lines.join('\n')
}

/** `https://wa.me/91XXXXXXXXXX?text=…`: WhatsApp's click-to-chat link with the message typed. */
export function whatsAppLink(phone10: string, text: string): string {
  return `https://wa.me/91${phone10}?text=${encodeURIComponent(text)}`
}

/**
 * `sms:+91XXXXXXXXXX?body=…`: the phone's messages app with the message typed. RFC 5724's
 * `?body=` form, which Android's and current iOS's messages apps both read.
 */
export function smsLink(phone10: string, text: string): string {
  return `sms:+91${phone10}?body=${encodeURIComponent(text)}`
}

/** Both links for a person, or why there are none (their phone is missing or not a mobile). */
export type SendLinks =
  | { ok: true; phone: string; whatsApp: string; sms: string }
  | { ok: false; reason: 'noPhone' | IdentityReason }

/** The WhatsApp and SMS links for a stored phone number, checked as the person form checks it. */
export function sendLinks(phone: string | undefined, text: string): SendLinks {
  if (phone === undefined || phone.trim() === '') return { ok: false, reason: 'noPhone' }
  const parsed = parseMobile(phone)
  if (!parsed.ok) return { ok: false, reason: parsed.reason }
  return {
    ok: true,
    phone: parsed.phone,
    whatsApp: whatsAppLink(parsed.phone, text),
    sms: smsLink(parsed.phone, text),
  }
}
