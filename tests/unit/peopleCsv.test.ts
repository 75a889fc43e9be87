import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { importPeopleCsv, parsePeopleCsv } from '../../shared/book/peopleCsv.ts'
import { addCity, readCities } from '../../shared/schema/city.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { i18n, loadAppCatalogues } from '../../src/i18n/index.ts'

await loadAppCatalogues()

/** The app's English texts, as an English-speaking lender reads them. */
const english = i18n.getFixedT('en', 'people')
const say = (key: string, values?: Record<string, string | number>) => english(key, values)

const now = '2026-11-23T10:00:00.000Z'
const book = {
  people: [{ name: 'Ramesh Kumar', phone: '9876543210' }],
  cities: [{ name: 'Rampur' }],
}

describe('people CSV: checking', () => {
  it('reads name, phone and village; matches villages ignoring case; lists the new ones', () => {
    const parsed = parsePeopleCsv(
      '\uFEFFName,Phone,Village\r\nSita Devi,+91 91234-56789,rampur\r\nGopal,,Sitapur\r\n\r\nHari, 09988776655 ,SITAPUR\r\n',
      book,
      say,
    )
    expect(parsed).toEqual({
      ok: true,
      plan: {
        people: [
          { line: 2, name: 'Sita Devi', phone: '9123456789', village: 'rampur' },
          { line: 3, name: 'Gopal', phone: '', village: 'Sitapur' },
          { line: 5, name: 'Hari', phone: '9988776655', village: 'SITAPUR' },
        ],
        newVillages: ['Sitapur'],
        skipped: [],
      },
    })
  })

  it('takes "city" for village, any column order, and ignores other columns', () => {
    const parsed = parsePeopleCsv('notes,CITY,name\nfriend,Rampur,Sita\n', book, say)
    expect(parsed.ok && parsed.plan.people).toEqual([
      { line: 2, name: 'Sita', phone: '', village: 'Rampur' },
    ])
  })

  it('takes the Hindi column names of the app (नाम, फ़ोन, गाँव/शहर) in their everyday spellings', () => {
    const expected = [{ line: 2, name: 'सीता देवी', phone: '9123456789', village: 'रामपुर' }]
    for (const header of [
      'नाम,फ़ोन,गाँव/शहर',
      'नाम,फोन,गांव',
      'नाम, मोबाइल नंबर ,गाँव / शहर',
      '\uFEFFनाम,फ़ोन,शहर',
      // फ़ written as फ + nukta rather than its precomposed letter.
      'नाम,\u092b\u093cोन,गाँव',
    ]) {
      const parsed = parsePeopleCsv(`${header}\nसीता देवी,9123456789,रामपुर\n`, book, say)
      expect(parsed.ok && parsed.plan.people, header).toEqual(expected)
    }
    // The app's own people.csv, exported in either language, reads back.
    const exported = parsePeopleCsv(
      'Person id,Name,City,Phone,Aadhaar\nabc,Sita,Rampur,9123456789,\n',
      book,
      say,
    )
    expect(exported.ok && exported.plan.people).toEqual([
      { line: 2, name: 'Sita', phone: '9123456789', village: 'Rampur' },
    ])
  })

  it('reports every broken row by line and field', () => {
    const parsed = parsePeopleCsv(
      'name,phone,village\nSita,98765,Rampur\n,9876543210,Rampur\nGopal,9876543211,\nHari,1234567890,Rampur\n',
      book,
      say,
    )
    expect(parsed).toEqual({
      ok: false,
      problems: [
        'Line 2: phone: Mobile number must be 10 digits, like 98765 43210',
        'Line 3: name: Please enter a name',
        'Line 4: village: Please enter a village',
        'Line 5: phone: Mobile number must start with 6, 7, 8 or 9',
      ],
    })
  })

  it('says the same in Hindi for a lender who reads Hindi', () => {
    const hindi = i18n.getFixedT('hi', 'people')
    const parsed = parsePeopleCsv(
      'name,phone,village\nSita,98765,Rampur\nRamesh Kumar,9876543210,Rampur\n',
      book,
      (key, values) => hindi(key, values),
    )
    expect(parsed).toEqual({
      ok: false,
      problems: ['पंक्ति 2: फ़ोन: मोबाइल नंबर 10 अंकों का हो, जैसे 98765 43210'],
    })
  })

  it('needs a header with name and village columns, and at least one person', () => {
    expect(parsePeopleCsv('', book, say)).toEqual({
      ok: false,
      problems: ['Line 1: the first row must name the columns: name, phone, village'],
    })
    const noColumns = parsePeopleCsv('Sita,9876543210,Rampur\n', book, say)
    expect(noColumns.ok === false && noColumns.problems).toHaveLength(2)
    expect(parsePeopleCsv('name,phone,village\n\n', book, say)).toEqual({
      ok: false,
      problems: ['The file has no people below its header row'],
    })
  })

  it('skips a person already in the book (same name and phone) or earlier in the file', () => {
    const parsed = parsePeopleCsv(
      'name,phone,village\nramesh  kumar,98765 43210,Rampur\nRamesh Kumar,,Rampur\nSita,9123456789,Rampur\nsita,9123456789,Rampur\n',
      book,
      say,
    )
    expect(parsed.ok && parsed.plan.skipped).toEqual([
      { line: 2, message: 'Line 2: ramesh kumar (98765 43210) is already in the book' },
      { line: 5, message: 'Line 5: sita (91234 56789) is also on line 4' },
    ])
    // The same name with another phone (or none) is another person.
    expect(parsed.ok && parsed.plan.people.map((p) => p.line)).toEqual([3, 4])
  })
})

describe('people CSV: writing', () => {
  it('creates the missing villages and adds every person with their village and phone', () => {
    const lender = new Y.Doc()
    const cities = new Y.Doc()
    addCity(cities, 'Rampur', { now })
    const parsed = parsePeopleCsv(
      'name,phone,village\nSita,9123456789,rampur\nGopal,,Sitapur\nHari,,sitapur\n',
      { people: [], cities: readCities(cities) },
      say,
    )
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'))
    const by = { account: 'a@b.in', device: 'Phone' }
    expect(importPeopleCsv(lender, cities, parsed.plan, { now, by })).toEqual({
      people: 3,
      villages: 1,
    })
    const names = new Map(readCities(cities).map((c) => [c.id, c.name]))
    expect([...names.values()].sort()).toEqual(['Rampur', 'Sitapur'])
    const people = readLender(lender).people.map((p) => ({
      name: p.name,
      phone: p.phone,
      village: names.get(p.cityId),
      balance: p.balance,
      by: p.createdBy,
    }))
    expect(people.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Gopal', phone: undefined, village: 'Sitapur', balance: 0, by },
      { name: 'Hari', phone: undefined, village: 'Sitapur', balance: 0, by },
      { name: 'Sita', phone: '9123456789', village: 'Rampur', balance: 0, by },
    ])
  })
})
