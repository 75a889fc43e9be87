import { identityMessages, parseAadhaar, parseMobile } from '../../../shared/identity.ts'
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

/** The fields of the person form that can be wrong, in the order the form shows them. */
export const personFieldOrder = ['name', 'cityId', 'balance', 'aadhaar', 'phone'] as const

/** A message per field that is wrong. */
export type PersonErrors = Partial<Record<(typeof personFieldOrder)[number], string>>

/**
 * Checks the person form (spec §5): name (trimmed) and city are required, text is trimmed, and
 * an empty balance means ₹0. The old app silently ignored a submit without a name or city; here
 * every field that is wrong gets its message beside it. A mobile number must be an Indian one
 * (stored as its 10 digits) and an Aadhaar number must be 12 digits with a good Verhoeff check
 * digit (stored as the 12 digits); both stay optional.
 */
export function checkPersonForm(
  values: PersonFormValues,
): { ok: true; person: PersonFields } | { ok: false; errors: PersonErrors } {
  const errors: PersonErrors = {}
  const name = values.name.trim()
  if (name === '') errors.name = personMessages.nameRequired
  if (values.cityId === '') errors.cityId = personMessages.cityRequired
  let balance = 0
  if (values.balance.trim() !== '') {
    const parsed = parseRupees(values.balance)
    if (parsed.ok) balance = parsed.paise
    else errors.balance = moneyMessages[parsed.reason]
  }
  let aadhaar = ''
  if (values.aadhaar.trim() !== '') {
    const parsed = parseAadhaar(values.aadhaar)
    if (parsed.ok) aadhaar = parsed.aadhaar
    else errors.aadhaar = identityMessages[parsed.reason]
  }
  let phone = ''
  if (values.phone.trim() !== '') {
    const parsed = parseMobile(values.phone)
    if (parsed.ok) phone = parsed.phone
    else errors.phone = identityMessages[parsed.reason]
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    person: {
      name,
      cityId: values.cityId,
      balance,
      aadhaar,
      petName: values.petName.trim(),
      phone,
      gender: values.gender,
    },
  }
}
