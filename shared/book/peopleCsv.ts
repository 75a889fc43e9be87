/**
 * A spreadsheet of people (name, phone, village) brought into the book, for a lender moving from
 * a paper book or a spreadsheet. `parsePeopleCsv` checks every row first and says, line by line,
 * what is wrong; `importPeopleCsv` writes a checked plan: the missing villages, then the people.
 * Nothing is written while any row has a problem, and a person already in the book (same name
 * and phone) is skipped rather than added twice.
 */
import Papa from 'papaparse'
import type * as Y from 'yjs'
import { parseMobile } from '../identity.ts'
import { addCity, MAX_CITY_NAME_LENGTH } from '../schema/city.ts'
import { LOCAL_ORIGIN } from '../schema/guards.ts'
import { addPerson } from '../schema/person.ts'
import type { MutationOptions } from '../schema/types.ts'

/** A person the file adds: trimmed name, 10-digit phone (or empty), the village as written. */
export interface CsvPerson {
  /** The file's line (the header is line 1). */
  line: number
  name: string
  phone: string
  village: string
}

/** A row left out because the person is already in the book or earlier in the file. */
export interface CsvSkip {
  line: number
  message: string
}

/** A checked file: who is added, the villages that will be created, who is skipped. */
export interface PeopleCsvPlan {
  people: CsvPerson[]
  /** Villages named in the file that the book does not have yet, first spelling kept. */
  newVillages: string[]
  skipped: CsvSkip[]
}

/** The checked file, or every problem by line (then nothing may be written). */
export type ParsedPeopleCsv = { ok: true; plan: PeopleCsvPlan } | { ok: false; problems: string[] }

/** What the book already holds, for matching villages and spotting people already in it. */
export interface PeopleCsvBook {
  people: readonly { name: string; phone?: string | undefined }[]
  cities: readonly { name: string }[]
}

/**
 * The header names each column goes by, as `headerKey` writes them: in English ("city" is the
 * app's other word for a village) and in Hindi, the words of the app's Hindi person form (नाम,
 * फ़ोन, गाँव/शहर) and their everyday spellings. The app's own people.csv (Name, Phone, City)
 * reads back too.
 */
const COLUMNS = {
  name: ['name', 'नाम', 'उधारकर्ता', 'उधारकर्ता का नाम'],
  phone: ['phone', 'mobile', 'फोन', 'मोबाइल', 'फोन नंबर', 'मोबाइल नंबर', 'फोन नम्बर', 'मोबाइल नम्बर'],
  village: ['village', 'city', 'गांव', 'शहर', 'गांव/शहर', 'गांव या शहर', 'गांव का नाम'],
} as const

/**
 * A header cell as the columns above are matched: trimmed, spaces collapsed, lower case, and
 * Hindi spelt one way (फ़ोन and फोन, गाँव and गांव are one word to a lender: the nukta dropped and
 * chandrabindu read as anusvara), spaces around a slash dropped.
 */
export function headerKey(text: string): string {
  return key(text)
    .normalize('NFC')
    .replace(/\u093c/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/\s*\/\s*/g, '/')
}

/**
 * The texts of the check, by key in the app's `people` catalogue: `csv.line` ("Line {{line}}:
 * {{problem}}"), `csv.noHeader`, `csv.noName`, `csv.noVillage`, `csv.noRows`, `csv.nameRequired`,
 * `csv.phoneInvalid` ({{reason}}), `csv.villageRequired`, `csv.villageTooLong` ({{max}}),
 * `csv.alreadyInBook` and `csv.alsoOnLine` ({{who}}, {{first}}), and `identity.<IdentityReason>`.
 * The caller passes its translate function, so the lender reads them in their language.
 */
export type PeopleCsvSay = (key: string, values?: Record<string, string | number>) => string

/** The key a name or village is matched by: trimmed, inner spaces collapsed, lower case. */
function key(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase()
}

/** "Ramesh (98765 43210)" or "Ramesh": how a skipped person is named. */
function who(name: string, phone: string): string {
  return phone === '' ? name : `${name} (${phone.slice(0, 5)} ${phone.slice(5)})`
}

/**
 * Checks a people CSV against the book. The header row is required, its names case-insensitive;
 * other columns are ignored. Every row is checked, and every problem is listed.
 */
export function parsePeopleCsv(
  text: string,
  book: PeopleCsvBook,
  say: PeopleCsvSay,
): ParsedPeopleCsv {
  const onLine = (line: number, problem: string) => say('csv.line', { line, problem })
  const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false }).data
  const header = (rows[0] ?? []).map((cell) => headerKey(String(cell)))
  if (header.every((cell) => cell === ''))
    return { ok: false, problems: [onLine(1, say('csv.noHeader'))] }
  const column = (names: readonly string[]) => header.findIndex((cell) => names.includes(cell))
  const at = {
    name: column(COLUMNS.name),
    phone: column(COLUMNS.phone),
    village: column(COLUMNS.village),
  }
  const headerProblems: string[] = []
  if (at.name < 0) headerProblems.push(onLine(1, say('csv.noName')))
  if (at.village < 0) headerProblems.push(onLine(1, say('csv.noVillage')))
  if (headerProblems.length > 0) return { ok: false, problems: headerProblems }

  const known = new Set(book.people.map((p) => `${key(p.name)}|${p.phone ?? ''}`))
  const villages = new Set(book.cities.map((city) => key(city.name)))
  const newVillages = new Map<string, string>()
  const people: CsvPerson[] = []
  const skipped: CsvSkip[] = []
  const problems: string[] = []
  const inFile = new Map<string, number>()

  rows.slice(1).forEach((row, index) => {
    const line = index + 2
    const cell = (i: number) => (i < 0 ? '' : String(row[i] ?? '').trim())
    // A blank row (a spreadsheet's trailing lines) is not a person.
    if (row.every((value) => String(value ?? '').trim() === '')) return
    const name = cell(at.name).replace(/\s+/g, ' ')
    const village = cell(at.village).replace(/\s+/g, ' ')
    const phoneText = cell(at.phone)
    const before = problems.length
    if (name === '') problems.push(onLine(line, say('csv.nameRequired')))
    let phone = ''
    if (phoneText !== '') {
      const parsed = parseMobile(phoneText)
      if (parsed.ok) phone = parsed.phone
      else {
        const reason = say(`identity.${parsed.reason}`)
        problems.push(onLine(line, say('csv.phoneInvalid', { reason })))
      }
    }
    if (village === '') problems.push(onLine(line, say('csv.villageRequired')))
    else if (village.length > MAX_CITY_NAME_LENGTH) {
      problems.push(onLine(line, say('csv.villageTooLong', { max: MAX_CITY_NAME_LENGTH })))
    }
    if (problems.length > before) return

    const identity = `${key(name)}|${phone}`
    if (known.has(identity)) {
      const message = onLine(line, say('csv.alreadyInBook', { who: who(name, phone) }))
      skipped.push({ line, message })
      return
    }
    const first = inFile.get(identity)
    if (first !== undefined) {
      const message = onLine(line, say('csv.alsoOnLine', { who: who(name, phone), first }))
      skipped.push({ line, message })
      return
    }
    inFile.set(identity, line)
    const villageKey = key(village)
    if (!villages.has(villageKey) && !newVillages.has(villageKey)) {
      newVillages.set(villageKey, village)
    }
    people.push({ line, name, phone, village })
  })

  if (problems.length > 0) return { ok: false, problems }
  if (people.length === 0 && skipped.length === 0) {
    return { ok: false, problems: [say('csv.noRows')] }
  }
  return { ok: true, plan: { people, newVillages: [...newVillages.values()], skipped } }
}

/**
 * Writes a checked plan: each village (an existing one, matched ignoring case, is reused; a new
 * one is created), then every person in one transaction, with a zero opening balance and the
 * form's default gender. Returns how many people and villages were added.
 */
export function importPeopleCsv(
  lenderDoc: Y.Doc,
  citiesDoc: Y.Doc,
  plan: PeopleCsvPlan,
  opts: MutationOptions,
): { people: number; villages: number } {
  const cityIds = new Map<string, string>()
  for (const person of plan.people) {
    const villageKey = key(person.village)
    if (cityIds.has(villageKey)) continue
    const id = addCity(citiesDoc, person.village, { ...opts, origin: opts.origin ?? LOCAL_ORIGIN })
    if (id === null) throw new TypeError(`line ${person.line}: blank village`)
    cityIds.set(villageKey, id)
  }
  lenderDoc.transact(() => {
    for (const person of plan.people) {
      addPerson(
        lenderDoc,
        {
          name: person.name,
          cityId: cityIds.get(key(person.village)) as string,
          balance: 0,
          ...(person.phone !== '' && { phone: person.phone }),
          gender: 'male',
        },
        opts,
      )
    }
  }, opts.origin ?? LOCAL_ORIGIN)
  return { people: plan.people.length, villages: plan.newVillages.length }
}
