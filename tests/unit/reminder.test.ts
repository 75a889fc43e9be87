import { describe, expect, it } from 'vitest'
import { upiPayLink } from '../../shared/book/upi.ts'
import {
  receiptText,
  reminderText,
  sendLinks,
  smsLink,
  whatsAppLink,
} from '../../shared/book/reminder.ts'
import { i18n, loadAppCatalogues } from '../../src/i18n/index.ts'
import {
  messageLanguage,
  messageLoanNames,
  messageT,
  noLinkMessage,
  sayIn,
} from '../../src/features/reminders/messages.ts'

const en = sayIn(messageT('en'))
const hi = sayIn(messageT('hi'))
import { addDays, formatDisplayDate } from '../../shared/dates.ts'
import {
  askAmounts,
  depositSplit,
  loanFigures,
  overdueLoans,
  replayLedgerLoan,
} from '../../shared/ledger/engine.ts'
import type { LedgerLoan } from '../../shared/ledger/types.ts'

await loadAppCatalogues()

const upiLink = upiPayLink({
  upiId: 'suresh@okaxis',
  payeeName: 'Suresh Traders',
  amountPaise: 12_345_67,
  note: 'Loan repayment',
})

describe('reminder text', () => {
  it('says what is due today, each overdue loan with its due date, and the UPI link', () => {
    expect(
      reminderText(
        {
          lenderName: 'Suresh Traders',
          borrowerName: 'Ramesh',
          ask: { kind: 'all', amountPaise: 12_345_67 },
          overdue: [{ loanName: 'Seeds', dueDate: '2026-10-05', amountPaise: 10_250_00 }],
          upiLink,
          today: '2026-11-23',
        },
        en,
      ),
    ).toBe(
      [
        'Namaste Ramesh,',
        'A reminder about your loan from Suresh Traders.',
        'Due today (23/11/2026): ₹12,345.67',
        'Overdue:',
        '- Seeds, due on 05/10/2026: ₹10,250.00',
        `Pay by UPI: ${upiLink}`,
        'Thank you.',
      ].join('\n'),
    )
  })

  it('leaves out the lender, the overdue list and UPI when there are none', () => {
    const text = reminderText(
      {
        lenderName: '',
        borrowerName: 'Sita',
        ask: { kind: 'all', amountPaise: 1_00_00_000_00 },
        overdue: [],
        today: '2026-01-02',
      },
      en,
    )
    expect(text).toBe(
      'Namaste Sita,\nA reminder about your loan.\nDue today (02/01/2026): ₹1,00,00,000.00\nThank you.',
    )
  })
})

describe("a borrower's language", () => {
  it("is their own when set, else the lender's", () => {
    expect(messageLanguage({ language: 'hi' }, 'en')).toBe('hi')
    expect(messageLanguage({ language: 'en' }, 'hi')).toBe('en')
    expect(messageLanguage({}, 'hi')).toBe('hi')
    expect(messageLanguage(undefined, 'en')).toBe('en')
  })

  it('gives a Hindi borrower a Hindi reminder while the lender uses English', async () => {
    await i18n.changeLanguage('en')
    const say = sayIn(messageT(messageLanguage({ language: 'hi' }, 'en')))
    const text = reminderText(
      {
        lenderName: 'Suresh Traders',
        borrowerName: 'रमेश',
        ask: { kind: 'all', amountPaise: 2_50_000_00 },
        overdue: [{ loanName: 'बीज', dueDate: '2026-10-05', amountPaise: 10_250_00 }],
        upiLink,
        today: '2026-11-23',
      },
      say,
    )
    expect(i18n.language).toBe('en')
    expect(text).toBe(
      [
        'नमस्ते रमेश,',
        'Suresh Traders की ओर से आपके उधार की याद।',
        'आज बकाया (23/11/2026): ₹2,50,000.00',
        'समय निकल गया:',
        '- बीज, 05/10/2026 को चुकाना था: ₹10,250.00',
        `UPI से चुकाएँ: ${upiLink}`,
        'धन्यवाद।',
      ].join('\n'),
    )
  })

  it('gives a Hindi receipt with en-IN figures and DD/MM/YYYY dates', () => {
    const text = receiptText(
      {
        lenderName: '',
        borrowerName: 'Sita',
        amountPaise: 15_000_00,
        date: '2026-11-23',
        lines: [
          {
            loanName: 'बीज',
            amountPaise: 15_000_00,
            interestPaise: 400_00,
            principalPaise: 14_600_00,
          },
        ],
        balanceDuePaise: 0,
      },
      hi,
    )
    expect(text).toBe(
      [
        'नमस्ते Sita,',
        'जमा की रसीद।',
        '23/11/2026 को ₹15,000.00 मिले।',
        '- बीज: ₹15,000.00 (ब्याज ₹400.00, मूलधन ₹14,600.00)',
        'इस जमा के बाद बकाया: ₹0.00',
        'धन्यवाद।',
      ].join('\n'),
    )
  })
})

describe('receipt text', () => {
  it('has the amount, the date, the split per loan and the balance due after', () => {
    expect(
      receiptText(
        {
          lenderName: 'Suresh Traders',
          borrowerName: 'Ramesh',
          amountPaise: 15_000_00,
          date: '2026-11-23',
          lines: [
            {
              loanName: 'Seeds',
              amountPaise: 10_000_00,
              interestPaise: 400_00,
              principalPaise: 9_600_00,
            },
            {
              loanName: '₹5,000 from 01/09/2026',
              amountPaise: 5_000_00,
              interestPaise: 0,
              principalPaise: 5_000_00,
            },
          ],
          balanceDuePaise: 2_50_000_00,
        },
        en,
      ),
    ).toBe(
      [
        'Namaste Ramesh,',
        'Payment receipt from Suresh Traders.',
        'Received ₹15,000.00 on 23/11/2026.',
        '- Seeds: ₹10,000.00 (interest ₹400.00, principal ₹9,600.00)',
        '- ₹5,000 from 01/09/2026: ₹5,000.00 (interest ₹0.00, principal ₹5,000.00)',
        'Balance due after this payment: ₹2,50,000.00',
        'Thank you.',
      ].join('\n'),
    )
  })
})

describe('receipt text: the truthful split (issue 27)', () => {
  // The Ramesh: ₹2,50,000 at 18 % a year for 281 days, then ₹20,000 paid today (all
  // interest: 25,000,000 × 1,800 × 281 / 3,650,000 = 3,464,383.56 → ₹34,643.84 charged, so
  // ₹14,643.84 stays owed and ₹2,64,643.84 is due). Then he hands over ₹3,00,000.
  const today = '2026-11-26'
  const tractor: LedgerLoan = {
    id: 'loan-tractor1',
    personId: 'ramesh',
    amount: 2_50_000_00,
    interestRate: 18,
    interestType: 'per_annum',
    startDate: addDays(today, -281),
    dueDate: addDays(today, 84),
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    payments: [
      { id: 'p1', date: today, amount: 20_000_00, createdAt: '2026-11-26T10:00:00.000Z' },
      { id: 'p2', date: today, amount: 3_00_000_00, createdAt: '2026-11-26T11:00:00.000Z' },
    ],
  }
  const split = depositSplit([tractor], ['p2'])
  const receipt = (say: typeof en) =>
    receiptText(
      {
        lenderName: '',
        borrowerName: 'Ramesh',
        amountPaise: split.amount,
        date: today,
        lines: split.lines.map((line) => ({
          loanName: 'Tractor',
          amountPaise: line.amount,
          interestPaise: line.interestPart,
          principalPaise: line.principalPart,
          overpaidPaise: line.overpaid,
        })),
        balanceDuePaise: 0,
      },
      say,
    )

  it('pays the interest owed first, then principal, and says the overpaid rest', () => {
    expect(
      loanFigures({ ...tractor, payments: tractor.payments.slice(0, 1) }, today),
    ).toMatchObject({ totalDue: 2_64_643_84, currentInterest: 14_643_84 })
    // The old app's labels, which the receipt used to print: no interest, all "principal".
    const old = replayLedgerLoan(tractor).entries.find((e) => e.paymentId === 'p2')
    expect([old?.interestPaid, old?.principalPaid]).toEqual([0, 3_00_000_00])
    expect(receipt(en).split('\n')).toEqual([
      'Namaste Ramesh,',
      'Payment receipt.',
      `Received ₹3,00,000.00 on ${formatDisplayDate(today)}.`,
      '- Tractor: ₹3,00,000.00 (interest ₹14,643.84, principal ₹2,50,000.00, overpaid ₹35,356.16)',
      'Balance due after this payment: ₹0.00',
      'Thank you.',
    ])
  })

  it('says it in Hindi too', () => {
    expect(receipt(hi)).toContain(
      '- Tractor: ₹3,00,000.00 (ब्याज ₹14,643.84, मूलधन ₹2,50,000.00, ज़्यादा चुकाया ₹35,356.16)',
    )
  })
})

describe('links', () => {
  const text = 'Due today: ₹1,000.00\nPay by UPI: upi://pay?pa=a%40ybl&am=10.00'
  it('wa.me carries 91 and the 10 digits, and the whole text percent-encoded', () => {
    const link = whatsAppLink('9876543210', text)
    expect(link).toBe(`https://wa.me/919876543210?text=${encodeURIComponent(text)}`)
    expect(new URL(link).searchParams.get('text')).toBe(text)
  })
  it('sms: carries +91 and the body', () => {
    expect(smsLink('9876543210', 'a & b')).toBe('sms:+919876543210?body=a%20%26%20b')
  })
  it.each(['98765 43210', '+91 98765-43210', '09876543210', '919876543210'])(
    'reads a stored phone written as %j',
    (phone) => {
      const links = sendLinks(phone, 'hi')
      expect(links.ok && links.whatsApp).toBe('https://wa.me/919876543210?text=hi')
      expect(links.ok && links.sms).toBe('sms:+919876543210?body=hi')
    },
  )
  it('gives a reason, never a link, for a missing or broken phone', () => {
    expect(sendLinks(undefined, 'hi')).toEqual({ ok: false, reason: 'noPhone' })
    expect(sendLinks('  ', 'hi')).toEqual({ ok: false, reason: 'noPhone' })
    expect(sendLinks('98765', 'hi')).toEqual({ ok: false, reason: 'phoneLength' })
    expect(sendLinks('1234567890', 'hi')).toEqual({ ok: false, reason: 'phoneStart' })
    const t = i18n.getFixedT('en')
    expect(noLinkMessage('noPhone', 'Sita', 'reminder', t)).toBe(
      'Add a 10-digit mobile number for Sita to send a reminder.',
    )
    expect(noLinkMessage('phoneLength', 'Sita', 'receipt', t)).toBe(
      'Add a 10-digit mobile number for Sita to send a receipt. Mobile number must be 10 digits, like 98765 43210.',
    )
  })
})

describe('overdue loans', () => {
  const base: LedgerLoan = {
    id: 'a',
    personId: 'p',
    amount: 10_000_00,
    interestRate: 12,
    interestType: 'per_annum',
    startDate: '2026-01-01',
    dueDate: '2026-06-01',
    status: 'active',
    createdAt: '1',
    payments: [],
  }
  it('lists loans past their due date with money due, whatever their label, earliest first', () => {
    const later = { ...base, id: 'b', dueDate: '2026-09-01', createdAt: '2' }
    const notYet = { ...base, id: 'c', dueDate: '2026-12-01', createdAt: '3' }
    const dueToday = { ...base, id: 'd', dueDate: '2026-11-23', createdAt: '4' }
    const defaulted = { ...base, id: 'e', status: 'defaulted' as const, createdAt: '5' }
    const overdue = overdueLoans([later, notYet, base, dueToday, defaulted], '2026-11-23')
    // A loan marked defaulted still owes, so it is listed (rule 8; before issue 27 it was left out).
    expect(overdue.map((o) => o.loan.id)).toEqual(['a', 'e', 'b'])
    expect(overdue[0]!.totalDue).toBe(loanFigures(base, '2026-11-23').totalDue)
  })
  it('leaves out a loan paid off', () => {
    const paid: LedgerLoan = {
      ...base,
      startDate: '2026-05-01',
      payments: [{ id: 'x', amount: 10_000_00, date: '2026-05-01', createdAt: '2026-05-01' }],
    }
    expect(overdueLoans([paid], '2026-11-23')).toEqual([])
  })
})

describe('what a reminder asks for', () => {
  // The borrower: ₹2,50,000 at 18 % a year from 01/04/2026, due 31/03/2027.
  const notDue: LedgerLoan = {
    id: 'n',
    personId: 'p',
    amount: 2_50_000_00,
    interestRate: 18,
    interestType: 'per_annum',
    startDate: '2026-04-01',
    dueDate: '2027-03-31',
    status: 'active',
    createdAt: '1',
    payments: [],
  }
  const today = '2026-11-25'
  const overdueLoan: LedgerLoan = {
    ...notDue,
    id: 'o',
    amount: 20_000_00,
    dueDate: '2026-11-01',
    status: 'defaulted',
    createdAt: '2',
  }

  it('asks for the interest due when nothing is overdue, never for everything by default', () => {
    const f = loanFigures(notDue, today)
    const amounts = askAmounts([notDue], today)
    expect(amounts).toEqual({
      overdue: 0,
      interest: f.currentInterest,
      all: f.totalDue,
      suggested: 'interest',
    })
    expect(amounts.interest).toBeLessThan(amounts.all)
  })

  it('asks for what is overdue when a loan is past its due date: its whole Due today, whatever its label', () => {
    const amounts = askAmounts([notDue, overdueLoan], today)
    const o = loanFigures(overdueLoan, today)
    const n = loanFigures(notDue, today)
    expect(amounts).toEqual({
      overdue: o.totalDue,
      interest: o.currentInterest + n.currentInterest,
      all: o.totalDue + n.totalDue,
      suggested: 'overdue',
    })
    // A loan due today is not yet overdue.
    expect(askAmounts([{ ...overdueLoan, dueDate: today }], today).suggested).toBe('interest')
    // A loan made today owes no interest yet: then everything due.
    expect(askAmounts([{ ...notDue, startDate: today }], today)).toMatchObject({
      interest: 0,
      suggested: 'all',
    })
  })

  it('says what the amount is for, in English and in Hindi', () => {
    const text = (kind: 'overdue' | 'interest' | 'amount', say = en) =>
      reminderText(
        {
          lenderName: '',
          borrowerName: 'Ramesh',
          ask: { kind, amountPaise: 14_643_84 },
          overdue: [],
          today: '2026-11-25',
        },
        say,
      ).split('\n')[2]
    expect(text('overdue')).toBe('Please pay ₹14,643.84, the amount overdue on 25/11/2026.')
    expect(text('interest')).toBe('Please pay ₹14,643.84, the interest due on 25/11/2026.')
    expect(text('amount')).toBe('Please pay ₹14,643.84 towards your loan.')
    expect(text('interest', hi)).toBe('कृपया ₹14,643.84 चुकाएँ: 25/11/2026 तक का बकाया ब्याज।')
    expect(text('overdue', hi)).toBe('कृपया ₹14,643.84 चुकाएँ: 25/11/2026 तक समय निकल चुका बकाया।')
    expect(text('amount', hi)).toBe('कृपया अपने उधार के लिए ₹14,643.84 चुकाएँ।')
  })
})

describe('how a message names a loan', () => {
  const loan = (id: string, amount: number, startDate: string, description = '') => ({
    id,
    amount,
    startDate,
    description,
  })

  it('by its title, else by its amount and date, never by its # label', () => {
    const names = messageLoanNames(
      [loan('aaa111', 50_000_00, '2026-03-01', 'Tractor'), loan('bbb222', 5_000_00, '2026-09-01')],
      messageT('en'),
    )
    expect(names.get('aaa111')).toBe('Tractor')
    expect(names.get('bbb222')).toBe('₹5,000 from 01/09/2026')
    const hiNames = messageLoanNames([loan('bbb222', 5_000_00, '2026-09-01')], messageT('hi'))
    expect(hiNames.get('bbb222')).toBe('₹5,000, 01/09/2026 से')
  })

  it('two loans of one title both carry their amount and date, so each is told apart', () => {
    const names = messageLoanNames(
      [
        loan('aaa111', 50_000_00, '2026-03-01', 'Seeds'),
        loan('bbb222', 20_000_00, '2026-06-01', 'Seeds'),
        loan('ccc333', 10_000_00, '2026-07-01', 'Cow'),
      ],
      messageT('en'),
    )
    expect(names.get('aaa111')).toBe('Seeds · ₹50,000 from 01/03/2026')
    expect(names.get('bbb222')).toBe('Seeds · ₹20,000 from 01/06/2026')
    expect(names.get('ccc333')).toBe('Cow')
    for (const name of names.values()) expect(name).not.toMatch(/#/)
  })
})
