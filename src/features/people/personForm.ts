import { moneyMessages, parseRupees } from '../../../shared/money.ts'
import type { Paise } from '../../../shared/ledger/types.ts'

/** The genders a person record offers; `male` is the default (spec §9). */
export const genders = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
] as const

/** A person's gender as stored. */
export type Gender = (typeof genders)[number]['value']

/** Title case for a stored gender ('male' → 'Male'). */
export function genderLabel(gender: string): string {
  return genders.find((g) => g.value === gender)?.label ?? gender
}

/** Examples offered for the Relationship field (stored as `petName`); any text is allowed. */
export const relationshipExamples = ['Father', 'Mother', 'Spouse', 'Brother', 'Sister', 'Friend']

/** The person form exactly as typed: every field is text until it is checked. */
export interface PersonFormValues {
  name: string
  cityId: string
  balance: string
  aadhaar: string
  petName: string
  phone: string
  gender: Gender
}

/** A checked person, ready for `addPerson`/`updatePerson`: trimmed text, balance in paise. */
export interface PersonFields {
  name: string
  cityId: string
  balance: Paise
  aadhaar: string
  petName: string
  phone: string
  gender: Gender
}

/** The messages the person form shows instead of the old app's silent no-op. */
export const personMessages = {
  nameRequired: 'Please enter a name',
  cityRequired: 'Please select a city',
} as const

/** An empty form for a new person. */
export const blankPerson: PersonFormValues = {
  name: '',
  cityId: '',
  balance: '',
  aadhaar: '',
  petName: '',
  phone: '',
  gender: 'male',
}

/**
 * Checks the person form (spec §5): name (trimmed) and city are required, text is trimmed, and
 * an empty balance means ₹0. The old app silently ignored a submit without a name or city; here
 * the lender is told which one is missing.
 */
export function checkPersonForm(
  values: PersonFormValues,
): { ok: true; person: PersonFields } | { ok: false; message: string } {
  const name = values.name.trim()
  if (name === '') return { ok: false, message: personMessages.nameRequired }
  if (values.cityId === '') return { ok: false, message: personMessages.cityRequired }
  let balance = 0
  if (values.balance.trim() !== '') {
    const parsed = parseRupees(values.balance)
    if (!parsed.ok) return { ok: false, message: moneyMessages[parsed.reason] }
    balance = parsed.paise
  }
  return {
    ok: true,
    person: {
      name,
      cityId: values.cityId,
      balance,
      aadhaar: values.aadhaar.trim(),
      petName: values.petName.trim(),
      phone: values.phone.trim(),
      gender: values.gender,
    },
  }
}
