/**
 * Export/import benchmark: the JSON size of the 1,000 people / 10,000 loans / 100,000 payments
 * book, and how long exporting it (JSON and the CSV ZIP), checking it and importing it into an
 * empty doc take. Part of `npm run bench`.
 */
import * as Y from 'yjs'
import { bookCsvZip, bookJson, exportBook } from '../shared/book/export.ts'
import { importBook, parseBook } from '../shared/book/import.ts'
import { addCity } from '../shared/schema/city.ts'
import { buildBook, LENDER_DEVICE } from '../tests/fixtures/book.ts'

const SIZE = { people: 1_000, loans: 10_000, payments: 100_000 }
const TODAY = '2026-11-23'

function timed<T>(label: string, run: () => T): T {
  const start = performance.now()
  const result = run()
  console.log(`book file: ${label}: ${Math.round(performance.now() - start)} ms`)
  return result
}

/** Prints the export and import figures for the big book. */
export function benchExport(): void {
  const { doc } = timed('build the book', () => buildBook(SIZE, { by: LENDER_DEVICE }))
  const cities = new Y.Doc()
  for (let i = 0; i < 40; i++)
    addCity(cities, `Town ${i}`, { id: `city-${i}`, now: `${TODAY}T00:00:00.000Z` })

  const book = timed('export: book object', () => exportBook(doc, cities, `${TODAY}T09:00:00.000Z`))
  const json = timed('export: JSON text', () => bookJson(book))
  console.log(
    `book file: JSON export size: ${(Buffer.byteLength(json) / 1024 / 1024).toFixed(1)} MiB`,
  )
  const zip = timed('export: CSV ZIP (with engine figures)', () => bookCsvZip(doc, cities, TODAY))
  console.log(`book file: CSV ZIP size: ${(zip.length / 1024 / 1024).toFixed(1)} MiB`)
  const parsed = timed('import: parse and check', () => parseBook(json))
  if (!parsed.ok) throw new Error(parsed.problems.slice(0, 5).join('\n'))
  const fresh = new Y.Doc()
  const result = timed('import: write into an empty doc', () =>
    importBook(fresh, new Y.Doc(), parsed.book),
  )
  console.log(`book file: imported: ${JSON.stringify(result)}`)
}
