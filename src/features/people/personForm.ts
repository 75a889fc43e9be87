import type { TFunction } from 'i18next'
import { parseAadhaar, parseMobile } from '../../../shared/identity.ts'
import { parseRupees } from '../../../shared/money.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
import type { Language } from '../../../shared/schema/types.ts'
import enPeople from '../../i18n/locales/en/people.json' with { type: 'json' }

/** The genders a person record offers; `male` is the default (spec §9). */
export const genders = ['male', 'female', 'other'] as const

/** A person's gender as stored. */
export type Gender = (typeof genders)[number]

/** The gender choices of a select, named in the lender's language. */
export function genderChoices(t: TFunction): { value: Gender; label: string }[] {
  return genders.map((value) => ({ value, label: genderLabel(value, t) }))
}

/** A stored gender as the lender reads it ('male' → 'Male'); an unknown value as stored. */
export function genderLabel(gender: string, t: TFunction): string {
  return (genders as readonly string[]).includes(gender) ? t(`people:gender.${gender}`) : gender
}

/** Examples offered for the Relationship field (stored as `petName`); any text is allowed. */
export const relationshipExamples = [
  'father',
  'mother',
  'spouse',
  'brother',
  'sister',
  'friend',
] as const

/** The person form exactly as typed: every field is text until it is checked. */
export interface PersonFormValues {
  name: string
  cityId: string
  balance: string
  aadhaar: string
  petName: string
  phone: string
  gender: Gender
  /** '' follows the lender's language; otherwise the language of this person's reminders. */
  language: Language | ''
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
  /** Undefined: the person's reminders follow the lender's language. */
  language: Language | undefined
}

/**
 * The English texts of the form's own messages, straight from the catalogue (the end-to-end
 * tests match them). The form shows `checkPersonForm`'s messages, in the lender's language.
 */
export const personMessages = {
  nameRequired: enPeople.form.nameRequired,
  cityRequired: enPeople.form.cityRequired,
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
  language: '',
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
 * digit (stored as the 12 digits); both stay optional. Messages come from `t`, so they are in
 * the lender's language.
 */
export function checkPersonForm(
  values: PersonFormValues,
  t: TFunction,
): { ok: true; person: PersonFields } | { ok: false; errors: PersonErrors } {
  const errors: PersonErrors = {}
  const name = values.name.trim()
  if (name === '') errors.name = t('people:form.nameRequired')
  if (values.cityId === '') errors.cityId = t('people:form.cityRequired')
  let balance = 0
  if (values.balance.trim() !== '') {
    const parsed = parseRupees(values.balance)
    if (parsed.ok) balance = parsed.paise
    else errors.balance = t(`people:amount.${parsed.reason}`)
  }
  let aadhaar = ''
  if (values.aadhaar.trim() !== '') {
    const parsed = parseAadhaar(values.aadhaar)
    if (parsed.ok) aadhaar = parsed.aadhaar
    else errors.aadhaar = t(`people:identity.${parsed.reason}`)
  }
  let phone = ''
  if (values.phone.trim() !== '') {
    const parsed = parseMobile(values.phone)
    if (parsed.ok) phone = parsed.phone
    else errors.phone = t(`people:identity.${parsed.reason}`)
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
      language: values.language === '' ? undefined : values.language,
    },
  }
}
