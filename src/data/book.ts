/**
 * The whole book in and out of the open docs: the export files and the import, bound to the
 * signed-in lender's workspace. The work itself is pure (`shared/book/`); this only supplies the
 * docs and the clock, so no Y type reaches the screen.
 */
import { useMemo } from 'react'
import {
  bookCsvZip,
  bookCsvZipName,
  bookFileName,
  bookJson,
  exportBook,
} from '../../shared/book/export.ts'
import { importBook, isBookEmpty, parseBook } from '../../shared/book/import.ts'
import { readToday } from './clock.ts'
import { useSignedIn } from './WorkspaceContext.tsx'

/** What the import says: how much it brought in, or every problem (then nothing was written). */
export type ImportOutcome =
  | { ok: true; people: number; loans: number; payments: number }
  | { ok: false; message: string; problems?: string[] }

/** The message when the lender's book already holds something (the import never merges). */
export const IMPORT_EMPTY_ONLY =
  'Import works into an empty book only. This book already has people or loans, so nothing was imported.'

/** The message above the list of what is wrong in a file. */
export const IMPORT_PROBLEMS = 'Nothing was imported. The file has these problems:'

/** Export and import of the signed-in lender's whole book. */
export function useBookTransfer() {
  const { workspace } = useSignedIn()
  return useMemo(() => {
    const { lender, cities } = workspace
    return {
      /** The book as one JSON file. */
      exportJson(): { name: string; text: string } {
        const book = exportBook(lender.doc, cities.doc, new Date().toISOString())
        return { name: bookFileName(readToday()), text: bookJson(book) }
      },
      /** people.csv, loans.csv and payments.csv in one ZIP, with figures as of today. */
      exportCsvZip(): { name: string; bytes: Uint8Array } {
        const today = readToday()
        return { name: bookCsvZipName(today), bytes: bookCsvZip(lender.doc, cities.doc, today) }
      },
      /** Checks the file's text, then imports it into an empty book. */
      importJson(text: string): ImportOutcome {
        if (!lender.loaded) {
          return { ok: false, message: 'Your book is still loading. Try again in a moment.' }
        }
        if (!isBookEmpty(lender.doc)) return { ok: false, message: IMPORT_EMPTY_ONLY }
        const parsed = parseBook(text)
        if (!parsed.ok) return { ok: false, message: IMPORT_PROBLEMS, problems: parsed.problems }
        const result = importBook(lender.doc, cities.doc, parsed.book)
        return result.ok ? result : { ok: false, message: IMPORT_EMPTY_ONLY }
      },
    }
  }, [workspace])
}
