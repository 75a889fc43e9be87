import { describe, expect, it } from 'vitest'
import { checkLoanForm, type LoanFormValues } from '../../src/features/loans/loanForm.ts'
import { blankPerson, checkPersonForm } from '../../src/features/people/personForm.ts'

describe('person form', () => {
  it('asks for a name, then a city, instead of silently doing nothing', () => {
    expect(checkPersonForm({ ...blankPerson, name: '   ', cityId: 'c1' })).toEqual({
      ok: false,
      message: 'Please enter a name',
    })
    expect(checkPersonForm({ ...blankPerson, name: 'Asha' })).toEqual({
      ok: false,
      message: 'Please select a city',
    })
  })

  it('trims text and treats an empty balance as ₹0', () => {
    const checked = checkPersonForm({
      ...blankPerson,
      name: '  Asha Rani ',
      cityId: 'c1',
      phone: ' 98765 ',
      petName: ' Sister ',
    })
    expect(checked).toEqual({
      ok: true,
      person: {
        name: 'Asha Rani',
        cityId: 'c1',
        balance: 0,
        aadhaar: '',
        petName: 'Sister',
        phone: '98765',
        gender: 'male',
      },
    })
  })

  it('reads the balance in rupees into exact paise, and explains a bad one', () => {
    const ok = checkPersonForm({ ...blankPerson, name: 'A', cityId: 'c', balance: '1500.29' })
    expect(ok.ok && ok.person.balance).toBe(150_029)
    expect(checkPersonForm({ ...blankPerson, name: 'A', cityId: 'c', balance: '12abc' })).toEqual({
      ok: false,
      message: 'Please enter a number, like 1500 or 1500.50',
    })
  })
})

describe('loan form', () => {
  const filled: LoanFormValues = {
    personId: 'p1',
    amount: '10000',
    interestRate: '2',
    interestType: 'per_month',
    startDate: '2025-01-01',
    dueDate: '2025-12-31',
    description: '  for the shop ',
    status: 'active',
  }

  it('gives the spec message when a required field is missing', () => {
    for (const key of ['personId', 'amount', 'interestRate', 'dueDate'] as const) {
      expect(checkLoanForm({ ...filled, [key]: '' })).toEqual({
        ok: false,
        message: 'Please fill in all required fields',
      })
    }
  })

  it('refuses a due date on or before the start date', () => {
    for (const dueDate of ['2025-01-01', '2024-12-31']) {
      expect(checkLoanForm({ ...filled, dueDate })).toEqual({
        ok: false,
        message: 'Due date must be after start date',
      })
    }
  })

  it('refuses an amount under ₹1 and a rate with more than two decimals', () => {
    expect(checkLoanForm({ ...filled, amount: '0.50' })).toEqual({
      ok: false,
      message: 'Amount must be at least ₹1',
    })
    expect(checkLoanForm({ ...filled, interestRate: '1.755' })).toEqual({
      ok: false,
      message: 'Please enter a valid interest rate',
    })
    expect(checkLoanForm({ ...filled, interestRate: '-1' }).ok).toBe(false)
  })

  it('turns a valid form into paise, a numeric rate and trimmed text', () => {
    expect(checkLoanForm({ ...filled, amount: '10000.05', interestRate: '1.75' })).toEqual({
      ok: true,
      loan: { ...filled, amount: 1_000_005, interestRate: 1.75, description: 'for the shop' },
    })
  })
})
