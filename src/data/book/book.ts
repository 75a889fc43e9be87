/**
 * The whole book in and out of the open docs: the export files and the import, bound to the
 * signed-in lender's workspace. The work itself is pure (`shared/book/`); this only supplies the
 * docs and the clock, so no Y type reaches the screen.
 */
import { useMemo } from 'react'
import {
  bookCsvFileName,
  bookCsvFiles,
  type BookCsvName,
  bookFileName,
  bookJson,
  exportBook,
} from '../../../shared/book/export.ts'
import {
  importBook,
  isBookEmpty,
  parseBook,
  planRestore,
  restoreBook,
  type BookCounts,
} from '../../../shared/book/import.ts'
import type { BookFile } from '../../../shared/book/export.ts'
import { bookProblemText, type BookProblem } from '../../../shared/book/importProblems.ts'
import {
  importPeopleCsv,
  parsePeopleCsv,
  type ParsedPeopleCsv,
  type PeopleCsvPlan,
} from '../../../shared/book/peopleCsv.ts'
import { readCities } from '../../../shared/schema/city.ts'
import { readLender } from '../../../shared/schema/lender.ts'
import { i18n } from '../../i18n/index.ts'
import { readToday } from './clock.ts'
import { readDeviceName } from '../session/device.ts'
import { useSignedIn } from './WorkspaceContext.tsx'
import english from '../../i18n/locales/en/settings.json' with { type: 'json' }

/** What the import says: how much it brought in, or every problem (then nothing was written). */
export type ImportOutcome =
  | { ok: true; people: number; loans: number; payments: number }
  | { ok: false; message: string; problems?: string[] }

/**
 * The message when the lender's book already holds something (the import never merges), in
 * English; the screen shows settings:import.emptyOnly in the lender's language.
 */
export const IMPORT_EMPTY_ONLY = english.import.emptyOnly

/** The message above the list of what is wrong in a file (English; settings:import.problems). */
export const IMPORT_PROBLEMS = english.import.problems

const emptyOnly = (): string => i18n.t('settings:import.emptyOnly')

/** Each problem in the lender's words and language (settings:import.problem.*, record.*, …). */
function problemTexts(problems: readonly BookProblem[]): string[] {
  const t = i18n.getFixedT(null, 'settings', 'import')
  return problems.map((problem) => bookProblemText(problem, (key, values) => t(key, values)))
}

/**
 * A backup checked for restoring into the lender's own book: what it would change (counts before
 * and after), or every problem in plain words (then nothing can change).
 */
export type RestoreCheck =
  | { ok: true; book: BookFile; before: BookCounts; after: BookCounts; exportedAt: string }
  | { ok: false; message: string; problems?: string[] }

/** How a restore went: the book now holds the file's records, or it is as it was. */
export type RestoreOutcome = { ok: true; after: BookCounts } | { ok: false; message: string; problems?: string[] }

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
      /**
       * One of people.csv, loans.csv and payments.csv, with figures as of today: each its own
       * download, which a phone opens in its spreadsheet app (a ZIP it could not open).
       */
      exportCsv(file: BookCsvName): { name: string; text: string } {
        const today = readToday()
        return {
          name: bookCsvFileName(file, today),
          text: bookCsvFiles(lender.doc, cities.doc, today)[file],
        }
      },
      /**
       * Checks the file's text, then imports it into an empty book, whole or not at all: on any
       * problem the book is as it was, and the outcome says what was wrong.
       */
      importJson(text: string): ImportOutcome {
        // The cities too: a city the file names is matched by name with the ones they hold.
        if (!lender.loaded || !cities.loaded) {
          return { ok: false, message: i18n.t('settings:import.loading') }
        }
        if (!isBookEmpty(lender.doc)) return { ok: false, message: emptyOnly() }
        const parsed = parseBook(text)
        if (!parsed.ok) {
          const problems = problemTexts(parsed.problems)
          return { ok: false, message: i18n.t('settings:import.problems'), problems }
        }
        const result = importBook(lender.doc, cities.doc, parsed.book)
        if (result.ok) return result
        if (result.reason === 'notEmpty') return { ok: false, message: emptyOnly() }
        // What the writer said, for whoever looks into it; the lender reads the record's name.
        for (const problem of result.problems) {
          if ('detail' in problem) console.warn('Book import:', problem.detail)
        }
        const problems = problemTexts(result.problems)
        return { ok: false, message: i18n.t('settings:import.notWritten'), problems }
      },
      /**
       * Checks a backup for restoring into this book: the file first (every problem named by the
       * record it is about), then a dry run of the restore, which counts what the book would hold.
       */
      checkRestore(text: string): RestoreCheck {
        if (!lender.loaded || !cities.loaded) {
          return { ok: false, message: i18n.t('settings:import.loading') }
        }
        const parsed = parseBook(text)
        if (!parsed.ok) {
          const problems = problemTexts(parsed.problems)
          return { ok: false, message: i18n.t('settings:restore.problems'), problems }
        }
        const plan = planRestore(lender.doc, cities.doc, parsed.book)
        if (!plan.ok) {
          for (const problem of plan.problems) {
            if ('detail' in problem) console.warn('Book restore:', problem.detail)
          }
          const problems = problemTexts(plan.problems)
          return { ok: false, message: i18n.t('settings:restore.notWritten'), problems }
        }
        const { before, after } = plan
        return { ok: true, book: parsed.book, before, after, exportedAt: parsed.book.exportedAt }
      },
      /** Replaces the book's records with the checked backup's, whole or not at all. */
      restore(book: BookFile): RestoreOutcome {
        const result = restoreBook(lender.doc, cities.doc, book)
        if (result.ok) return { ok: true, after: result.after }
        const problems = problemTexts(result.problems)
        return { ok: false, message: i18n.t('settings:restore.notWritten'), problems }
      },
    }
  }, [workspace])
}

/**
 * The people CSV import bound to the open docs: `check` reads the file against the book as it is
 * now (its people, Trash included, and its villages); `add` writes a checked plan, stamped with
 * who made it, like every other write.
 */
export function usePeopleImport() {
  const { workspace, user } = useSignedIn()
  return useMemo(() => {
    const { lender, cities } = workspace
    return {
      check(text: string): ParsedPeopleCsv {
        const t = i18n.getFixedT(null, 'people')
        return parsePeopleCsv(
          text,
          { people: readLender(lender.doc).people, cities: readCities(cities.doc) },
          (key, values) => t(key, values),
        )
      },
      add(plan: PeopleCsvPlan): { people: number; villages: number } {
        return importPeopleCsv(lender.doc, cities.doc, plan, {
          now: new Date().toISOString(),
          by: { account: user.email, device: readDeviceName() },
        })
      },
    }
  }, [workspace, user])
}
