/**
 * Every key the app asks for is in the catalogue. A key that resolves to nothing renders as the
 * key itself ("loans:form.errors.amountt") on a lender's screen, in either language; the
 * catalogue test only compares the two languages with each other, so it cannot see this.
 *
 * The scan reads each file under src/ for `t('…')`, `i18n.t('…')` and `i18nKey="…"` with a literal
 * key. A key with a namespace ('loans:title') is looked up there; a bare key in the namespaces the
 * file names (`useTranslation('loans')`, `getFixedT(…, 'loans')`) or in 'common', the default.
 * A key built from a template (`loans:form.errors.${reason}`) must at least name an existing
 * group of texts up to its first `${`.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SIGNED_OUT_NAMESPACES } from '../../src/i18n/index.ts'
import { ROOT, catalogue, filesUnder } from './i18nFiles.ts'
import { signedOutFiles } from './signedOutPages.ts'

const DEFAULT_NAMESPACE = 'common'

/** Every English key, and every group of texts above one: 'loans:form.errors', 'loans:'. */
const texts = new Set(catalogue('en').keys())
const groups = new Set(
  [...texts].flatMap((key) => {
    const parts = key.split('.')
    const namespace = key.slice(0, key.indexOf(':') + 1)
    return [namespace, ...parts.slice(1).map((_, index) => parts.slice(0, index + 1).join('.'))]
  }),
)

/** The namespaces a file's bare keys may come from. */
function namespacesOf(source: string): string[] {
  const named = new Set([DEFAULT_NAMESPACE])
  for (const match of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) {
    for (const name of (match[1] ?? '').matchAll(/'([^']+)'/g)) named.add(name[1] as string)
  }
  for (const match of source.matchAll(/getFixedT\([^,)]*,\s*'([^']+)'/g))
    named.add(match[1] as string)
  return [...named]
}

interface Use {
  file: string
  key: string
  /** A key built from a template: only its part before the first `${` is known. */
  template: boolean
  namespaces: string[]
}

/** The literal (or template-prefixed) keys a file asks for. */
function usesIn(file: string): Use[] {
  const source = readFileSync(file, 'utf8')
  const at = { file: path.relative(ROOT, file), namespaces: namespacesOf(source) }
  const uses: Use[] = []
  for (const match of source.matchAll(/(?<![\w.])(?:i18n\.)?t\(\s*(['"`])([^'"`]+?)\1/g)) {
    const key = match[2] as string
    uses.push({ ...at, key, template: match[1] === '`' && key.includes('${') })
  }
  for (const match of source.matchAll(/i18nKey="([^"]+)"/g)) {
    uses.push({ ...at, key: match[1] as string, template: false })
  }
  return uses
}

const uses = filesUnder('src', '.ts').concat(filesUnder('src', '.tsx')).flatMap(usesIn)

/** The full keys a use may mean: its own namespace, or each of the file's. */
function candidates(key: string, namespaces: string[]): string[] {
  const colon = key.indexOf(':')
  if (colon > 0 && !key.slice(0, colon).includes('.')) return [key]
  return namespaces.map((namespace) => `${namespace}:${key}`)
}

/** True when the key is in the catalogue, in one of `within` when that is given. */
function resolves({ key, template, namespaces }: Use, within?: readonly string[]): boolean {
  const allowed = (full: string) => !within || within.includes(full.slice(0, full.indexOf(':')))
  if (!template) return candidates(key, namespaces).some((full) => allowed(full) && texts.has(full))
  const prefix = key.slice(0, key.indexOf('${')).replace(/\.$/, '')
  return candidates(prefix, namespaces).some(
    (full) => allowed(full) && (groups.has(full) || texts.has(full)),
  )
}

describe('keys the app asks for', () => {
  it('finds the uses it is meant to check', () => {
    // A scan that silently matched nothing would pass below; the app asks for hundreds of keys.
    expect(uses.length).toBeGreaterThan(400)
    expect(uses.filter((use) => use.template).length).toBeGreaterThan(10)
  })

  it('are every one in the English catalogue (and so, by the catalogue test, in Hindi)', () => {
    const missing = uses.filter((use) => !resolves(use)).map((use) => `${use.file}: ${use.key}`)
    expect(missing).toEqual([])
  })

  it('are, on the signed-out pages, in the namespaces bundled with the first download', () => {
    // The rest comes with the shell: a login page asking for 'loans:…' would show the key.
    const early = new Set(signedOutFiles().map((file) => path.relative(ROOT, file)))
    const asked = uses.filter((use) => early.has(use.file))
    expect(asked.length).toBeGreaterThan(10)
    const outside = asked
      .filter((use) => !resolves(use, SIGNED_OUT_NAMESPACES))
      .map((use) => `${use.file}: ${use.key}`)
    expect(outside).toEqual([])
  })
})
