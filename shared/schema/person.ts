/**
 * People: one Y.Map per person, so two devices editing different fields of one person both keep
 * their edit; on the same field the last writer wins.
 */
import * as Y from 'yjs'
import { readAuthors } from './actors.ts'
import { loansMap, peopleMap, setIfChanged } from './doc.ts'
import { addEntry, editEntry, restoreHistory, setArchived, touch } from './entries.ts'
import { loanField } from './loanTerms.ts'
import type { EntryHistory } from './entries.ts'
import {
  assertOneOf,
  assertPaise,
  cleanOptionalText,
  cleanText,
  isPaise,
  isTimestamp,
} from './guards.ts'
import type {
  CreateOptions,
  Gender,
  Language,
  MutationOptions,
  Person,
  PersonInput,
} from './types.ts'

/** The genders the person form offers, default first. */
export const GENDERS: readonly Gender[] = ['male', 'female', 'other']

/** The languages a person's reminders and receipts can be in (absent: the lender's). */
export const PERSON_LANGUAGES: readonly Language[] = ['en', 'hi']

const OPTIONAL_TEXT = ['aadhaar', 'petName', 'phone'] as const

/** A person as stored, before the derived `revived` rule; the map key is the id. */
export type StoredPerson = Omit<Person, 'revived'>

/**
 * The stored person in a Y.Map, or null when a required field is missing or malformed (as the
 * writers see it: an opening balance over the cap, a timestamp that is not one). A malformed
 * optional field is dropped rather than hiding the whole person.
 */
export function readStoredPerson(id: string, entry: unknown): StoredPerson | null {
  if (!(entry instanceof Y.Map)) return null
  const map = entry as Y.Map<unknown>
  const name = map.get('name')
  const cityId = map.get('cityId')
  const balance = map.get('balance')
  const gender = map.get('gender')
  const createdAt = map.get('createdAt')
  // At their defaults these are not written (layout 2): not archived, not changed since created.
  const updatedAt = map.get('updatedAt') ?? createdAt
  const archived = map.get('archived') ?? false
  if (
    id === '' ||
    typeof name !== 'string' ||
    typeof cityId !== 'string' ||
    cityId === '' ||
    !isPaise(balance, true) ||
    !GENDERS.includes(gender as Gender) ||
    !isTimestamp(createdAt) ||
    !isTimestamp(updatedAt) ||
    typeof archived !== 'boolean'
  ) {
    return null
  }
  const person: StoredPerson = {
    id,
    name,
    cityId,
    balance,
    gender: gender as Gender,
    createdAt,
    updatedAt,
    archived,
  }
  const optional: Record<string, string> = {}
  for (const key of OPTIONAL_TEXT) {
    const value = map.get(key)
    if (typeof value === 'string') optional[key] = value
  }
  const archivedAt = map.get('archivedAt')
  if (isTimestamp(archivedAt)) optional.archivedAt = archivedAt
  const language = map.get('language')
  return {
    ...person,
    ...optional,
    ...(PERSON_LANGUAGES.includes(language as Language) && { language: language as Language }),
    ...readAuthors(map),
  }
}

/** Adds a person; returns the new id. Throws a TypeError on invalid input. */
export function addPerson(doc: Y.Doc, input: PersonInput, opts: CreateOptions): string {
  return addEntry(doc, peopleMap(doc), 'person', () => cleanPersonFields(input, true), opts)
}

/**
 * Sets the fields of `patch` that differ from what is stored and bumps `updatedAt`. An optional
 * text field given as blank (or undefined) is removed. False when the person is unknown.
 */
export function updatePerson(
  doc: Y.Doc,
  id: string,
  patch: Partial<PersonInput>,
  opts: MutationOptions,
): boolean {
  return editEntry(doc, peopleMap(doc), id, opts, (person, by) => {
    let changed = false
    for (const [key, value] of Object.entries(cleanPersonFields(patch, false))) {
      changed = setIfChanged(person, key, value) || changed
    }
    if (changed) touch(person, opts.now, by)
  })
}

/**
 * Archives a person together with their loans that are not archived yet, marking each such loan
 * `archivedWith` the person so that `restorePerson` brings back exactly those. False when unknown.
 */
export function archivePerson(doc: Y.Doc, id: string, opts: MutationOptions): boolean {
  return editEntry(doc, peopleMap(doc), id, opts, (person, by) => {
    if (person.get('archived') !== true) setArchived(person, true, opts.now, by)
    // Also for an already archived (revived) person: a loan given to them elsewhere goes too.
    for (const loan of loansMap(doc).values()) {
      if (
        !(loan instanceof Y.Map) ||
        loanField(loan as Y.Map<unknown>, 'personId') !== id ||
        loan.get('archived') === true
      )
        continue
      setArchived(loan, true, opts.now, by, id)
    }
  })
}

/** Restores a person and the loans that were archived with them. False when unknown. */
export function restorePerson(doc: Y.Doc, id: string, opts: MutationOptions): boolean {
  return editEntry(doc, peopleMap(doc), id, opts, (person, by) => {
    if (person.get('archived') === true) setArchived(person, false, opts.now, by)
    for (const loan of loansMap(doc).values()) {
      if (loan instanceof Y.Map && loan.get('archivedWith') === id)
        setArchived(loan, false, opts.now, by)
    }
  })
}

/**
 * A person's state after their creation, as an exported book carries it. `archived` is as stored:
 * true also for a `revived` person (the reader derives `revived` again).
 */
export type PersonHistory = EntryHistory

/**
 * Puts back a person's later state exactly as exported (last change, archive), for the book
 * import: `addPerson` then this gives the same stored person. Not for edits, which go through
 * `updatePerson` and `archivePerson`. False when the person is unknown.
 */
export function restorePersonHistory(
  doc: Y.Doc,
  id: string,
  history: PersonHistory,
  opts: { origin?: unknown } = {},
): boolean {
  return restoreHistory(doc, peopleMap(doc), id, history, {}, opts.origin)
}

/**
 * The checked, trimmed fields of an input (`complete`) or a patch (only the keys it has; a blank
 * optional text becomes undefined, meaning "remove").
 */
function cleanPersonFields(
  input: Partial<PersonInput>,
  complete: boolean,
): Record<string, string | number | undefined> {
  const fields: Record<string, string | number | undefined> = {}
  if (complete || 'name' in input) fields.name = cleanText(input.name, 'name', true)
  if (complete || 'cityId' in input) fields.cityId = cleanText(input.cityId, 'cityId', true)
  if (complete || 'balance' in input) {
    assertPaise(input.balance, 'balance', true)
    fields.balance = input.balance
  }
  if (complete || 'gender' in input) {
    assertOneOf(input.gender, GENDERS, 'gender')
    fields.gender = input.gender
  }
  for (const key of OPTIONAL_TEXT) {
    if (complete || key in input) fields[key] = cleanOptionalText(input[key], key)
  }
  // Absent (or undefined in a patch, which removes it): reminders follow the lender's language.
  if (complete || 'language' in input) {
    if (input.language !== undefined) assertOneOf(input.language, PERSON_LANGUAGES, 'language')
    fields.language = input.language
  }
  return fields
}
