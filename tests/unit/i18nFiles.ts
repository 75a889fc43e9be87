/**
 * What the i18n tests read: the message catalogues under src/i18n/locales/<language>/, and the
 * app's source files that ask for their texts.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '../..')
const LOCALES = path.join(ROOT, 'src/i18n/locales')
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/** 'ns:a.b.c' → its texts: one, or several for a key's plural forms (a_one, a_other → a). */
export type Catalogue = Map<string, string[]>

/** The namespace files of one language, by name, sorted. */
export function namespaces(language: string): string[] {
  return readdirSync(path.join(LOCALES, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort()
}

function flatten(namespace: string, value: unknown, prefix: string, into: Catalogue): void {
  if (typeof value === 'string') {
    const key = `${namespace}:${prefix.replace(PLURAL_SUFFIX, '')}`
    into.set(key, [...(into.get(key) ?? []), value])
    return
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, child] of Object.entries(value)) {
      flatten(namespace, child, prefix ? `${prefix}.${name}` : name, into)
    }
    return
  }
  throw new Error(`${namespace}:${prefix} is neither a text nor a group of texts`)
}

/** Every text of one language, flattened to 'ns:a.b.c' keys. */
export function catalogue(language: string): Catalogue {
  const texts: Catalogue = new Map()
  for (const namespace of namespaces(language)) {
    const file = path.join(LOCALES, language, `${namespace}.json`)
    flatten(namespace, JSON.parse(readFileSync(file, 'utf8')), '', texts)
  }
  return texts
}

/** The files under `entry` (a path from the repository's root) whose names end in `suffix`. */
export function filesUnder(entry: string, suffix: string): string[] {
  const full = path.join(ROOT, entry)
  if (statSync(full).isFile()) return full.endsWith(suffix) ? [full] : []
  return readdirSync(full).flatMap((name) => filesUnder(path.join(entry, name), suffix))
}
