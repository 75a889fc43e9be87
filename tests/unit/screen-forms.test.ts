import { describe, expect, it } from 'vitest'
import { checkLoanForm, type LoanFormValues } from '../../src/features/loans/loanForm.ts'
import { verhoeffCheckDigit } from '../../shared/identity.ts'
import { blankPerson, checkPersonForm } from '../../src/features/people/personForm.ts'
import { i18n, loadAppCatalogues } from '../../src/i18n/index.ts'

await loadAppCatalogues()

/** English, as the app starts for an English browser. */
const t = i18n.getFixedT('en')

describe('person form', () => {
  it('asks for a name and a city, instead of silently doing nothing', () => {
    expect(checkPersonForm({ ...blankPerson, name: '   ', cityId: 'c1' }, t)).toEqual({
      ok: false,
      errors: { name: 'Please enter a name' },
    })
    expect(checkPersonForm({ ...blankPerson, name: 'Asha' }, t)).toEqual({
      ok: false,
      errors: { cityId: 'Please select a city' },
    })
    expect(checkPersonForm(blankPerson, t)).toEqual({
      ok: false,
      errors: { name: 'Please enter a name', cityId: 'Please select a city' },
    })
  })

  it('refuses a short phone and a bad Aadhaar, each with its own message', () => {
    expect(
      checkPersonForm(
        { ...blankPerson, name: 'A', cityId: 'c', phone: '98765', aadhaar: '1234' },
        t,
      ),
    ).toEqual({
      ok: false,
      errors: {
        phone: 'Mobile number must be 10 digits, like 98765 43210',
        aadhaar: 'Aadhaar number must be 12 digits',
      },
    })
    expect(
      checkPersonForm({ ...blankPerson, name: 'A', cityId: 'c', aadhaar: '2345 6789 0123' }, t),
    ).toEqual({
      ok: false,
      errors: { aadhaar: 'This is not a valid Aadhaar number: please check the digits' },
    })
  })

  it('stores a mobile number as its 10 digits and Aadhaar as its 12', () => {
    const aadhaar = `23456789012${verhoeffCheckDigit('23456789012')}`
    const checked = checkPersonForm(
      {
        ...blankPerson,
        name: 'A',
        cityId: 'c',
        phone: '+91 98765-43210',
        aadhaar: `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`,
      },
      t,
    )
    expect(checked.ok && checked.person.phone).toBe('9876543210')
    expect(checked.ok && checked.person.aadhaar).toBe(aadhaar)
  })

  it('trims text and treats an empty balance as ₹0', () => {
    const checked = checkPersonForm(
      {
        ...blankPerson,
        name: '  Asha Rani ',
        cityId: 'c1',
        phone: ' 98765 43210 ',
        petName: ' Sister ',
      },
      t,
    )
    expect(checked).toEqual({
      ok: true,
      person: {
        name: 'Asha Rani',
        cityId: 'c1',
        balance: 0,
        aadhaar: '',
        petName: 'Sister',
        phone: '9876543210',
        gender: 'male',
      },
    })
  })

  it("keeps the reminder language, and '' (same as the lender's) as no language", () => {
    const filled = { ...blankPerson, name: 'A', cityId: 'c' }
    const hindi = checkPersonForm({ ...filled, language: 'hi' }, t)
    expect(hindi.ok && hindi.person.language).toBe('hi')
    const same = checkPersonForm(filled, t)
    expect(same.ok && same.person.language).toBeUndefined()
  })

  it('says what is wrong in Hindi when the lender reads Hindi', () => {
    const hi = i18n.getFixedT('hi')
    expect(checkPersonForm({ ...blankPerson, phone: '98765' }, hi)).toEqual({
      ok: false,
      errors: {
        name: 'नाम लिखें',
        cityId: 'गाँव/शहर चुनें',
        phone: 'मोबाइल नंबर 10 अंकों का हो, जैसे 98765 43210',
      },
    })
  })

  it('reads the balance in rupees into exact paise, and explains a bad one', () => {
    const ok = checkPersonForm({ ...blankPerson, name: 'A', cityId: 'c', balance: '1500.29' }, t)
    expect(ok.ok && ok.person.balance).toBe(150_029)
    expect(
      checkPersonForm({ ...blankPerson, name: 'A', cityId: 'c', balance: '12abc' }, t),
    ).toEqual({
      ok: false,
      errors: { balance: 'Please enter a number, like 1500 or 1500.50' },
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

  it('gives the spec message when a required field is missing, and names the field', () => {
    for (const key of ['personId', 'amount', 'interestRate', 'dueDate'] as const) {
      expect(checkLoanForm({ ...filled, [key]: '' })).toEqual({
        ok: false,
        reason: 'required',
        fields: [key],
      })
    }
    expect(checkLoanForm({ ...filled, personId: '', dueDate: '' })).toMatchObject({
      fields: ['personId', 'dueDate'],
    })
  })

  it('refuses a due date on or before the start date', () => {
    for (const dueDate of ['2025-01-01', '2024-12-31']) {
      expect(checkLoanForm({ ...filled, dueDate })).toEqual({
        ok: false,
        reason: 'dueBeforeStart',
        fields: ['dueDate'],
      })
    }
  })

  it('refuses an amount under ₹1 and a rate with more than two decimals', () => {
    expect(checkLoanForm({ ...filled, amount: '0.50' })).toEqual({
      ok: false,
      reason: 'amountTooSmall',
      fields: ['amount'],
    })
    expect(checkLoanForm({ ...filled, interestRate: '1.755' })).toEqual({
      ok: false,
      reason: 'badRate',
      fields: ['interestRate'],
    })
    expect(checkLoanForm({ ...filled, interestRate: '-1' }).ok).toBe(false)
  })

  it('turns a valid form into paise, a numeric rate and trimmed text', () => {
    expect(checkLoanForm({ ...filled, amount: '10000.05', interestRate: '1.75' })).toEqual({
      ok: true,
      loan: {
        ...filled,
        amount: 1_000_005,
        interestRate: 1.75,
        description: 'for the shop',
        interestOn: 'balance',
        openingInterest: 0,
      },
    })
  })

  it('takes the rule for unpaid interest, and the interest already due of an old loan', () => {
    const old = { ...filled, interestOn: 'principal' as const, oldDues: true }
    expect(checkLoanForm({ ...old, openingInterest: '5000.50' })).toMatchObject({
      ok: true,
      loan: { interestOn: 'principal', openingInterest: 500_050 },
    })
    // Blank is ₹0; unticked, what was typed is not taken.
    expect(checkLoanForm({ ...old, openingInterest: ' ' })).toMatchObject({
      loan: { openingInterest: 0 },
    })
    expect(checkLoanForm({ ...old, oldDues: false, openingInterest: '700' })).toMatchObject({
      loan: { openingInterest: 0 },
    })
    expect(checkLoanForm({ ...old, openingInterest: '-5' })).toEqual({
      ok: false,
      reason: { money: 'negative' },
      fields: ['openingInterest'],
    })
  })
})
