/**
 * People: one Y.Map per person, so two devices editing different fields of one person both keep
 * their edit; on the same field the last writer wins.
 */
import * as Y from 'yjs'
import type { Actor } from '../ledger/types.ts'
import { readAuthors, storedActor } from './actors.ts'
import { entryMap, loansMap, peopleMap, setIfChanged, touch } from './doc.ts'
import {
  LOCAL_ORIGIN,
  actorToStore,
  assertOneOf,
  assertPaise,
  assertTimestamp,
  cleanOptionalText,
  cleanText,
  isPaise,
  isTimestamp,
  newId,
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
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const fields = cleanPersonFields(input, true)
  const id = newId(opts.id)
  const people = peopleMap(doc)
  if (people.has(id)) throw new TypeError(`person ${id} already exists`)
  doc.transact(() => {
    const person = new Y.Map<unknown>()
    people.set(id, person)
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) person.set(key, value)
    }
    // Not archived and not yet changed (so changed by whoever created it): not written.
    person.set('createdAt', opts.now)
    setIfChanged(person, 'createdBy', storedActor(person, by))
  }, opts.origin ?? LOCAL_ORIGIN)
  return id
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
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const person = entryMap(peopleMap(doc), id)
  if (!person) return false
  const fields = cleanPersonFields(patch, false)
  doc.transact(() => {
    let changed = false
    for (const [key, value] of Object.entries(fields)) {
      changed = setIfChanged(person, key, value) || changed
    }
    if (changed) touch(person, opts.now, by)
  }, opts.origin ?? LOCAL_ORIGIN)
  return true
}

/**
 * Archives a person together with their loans that are not archived yet, marking each such loan
 * `archivedWith` the person so that `restorePerson` brings back exactly those. False when unknown.
 */
export function archivePerson(doc: Y.Doc, id: string, opts: MutationOptions): boolean {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const person = entryMap(peopleMap(doc), id)
  if (!person) return false
  doc.transact(() => {
    if (person.get('archived') !== true) {
      person.set('archived', true)
      person.set('archivedAt', opts.now)
      touch(person, opts.now, by)
    }
    // Also for an already archived (revived) person: a loan given to them elsewhere goes too.
    for (const loan of loansMap(doc).values()) {
      if (!(loan instanceof Y.Map) || loan.get('personId') !== id || loan.get('archived') === true)
        continue
      loan.set('archived', true)
      loan.set('archivedAt', opts.now)
      loan.set('archivedWith', id)
      touch(loan, opts.now, by)
    }
  }, opts.origin ?? LOCAL_ORIGIN)
  return true
}

/** Restores a person and the loans that were archived with them. False when unknown. */
export function restorePerson(doc: Y.Doc, id: string, opts: MutationOptions): boolean {
  assertTimestamp(opts.now)
  const by = actorToStore(opts.by)
  const person = entryMap(peopleMap(doc), id)
  if (!person) return false
  doc.transact(() => {
    if (person.get('archived') === true) {
      person.set('archived', false)
      setIfChanged(person, 'archivedAt', undefined)
      touch(person, opts.now, by)
    }
    for (const loan of loansMap(doc).values()) {
      if (!(loan instanceof Y.Map) || loan.get('archivedWith') !== id) continue
      loan.set('archived', false)
      loan.delete('archivedAt')
      loan.delete('archivedWith')
      touch(loan, opts.now, by)
    }
  }, opts.origin ?? LOCAL_ORIGIN)
  return true
}

/** A person's state after their creation, as an exported book carries it. */
export interface PersonHistory {
  updatedAt: string
  updatedBy?: Actor
  /** As stored: true also for a `revived` person (the reader derives `revived` again). */
  archived: boolean
  archivedAt?: string
}

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
  assertTimestamp(history.updatedAt)
  const person = entryMap(peopleMap(doc), id)
  if (!person) return false
  const by = actorToStore(history.updatedBy)
  doc.transact(() => {
    setIfChanged(person, 'archived', history.archived === true)
    setIfChanged(person, 'archivedAt', history.archivedAt)
    person.set('updatedAt', history.updatedAt)
    setIfChanged(person, 'updatedBy', storedActor(person, by))
  }, opts.origin ?? LOCAL_ORIGIN)
  return true
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
