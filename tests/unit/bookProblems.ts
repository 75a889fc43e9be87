import { parseBook } from '../../shared/book/import.ts'
import { bookProblemText } from '../../shared/book/importProblems.ts'
import { i18n } from '../../src/i18n/index.ts'

/**
 * Every problem of `text` in `language`, as the Import book and Restore sections list them (the
 * app's catalogues must be loaded first).
 */
export function problemsRead(text: string, language: 'en' | 'hi'): string[] {
  const parsed = parseBook(text)
  if (parsed.ok) return []
  const t = i18n.getFixedT(language, 'settings', 'import')
  return parsed.problems.map((problem) => bookProblemText(problem, (key, values) => t(key, values)))
}
