/**
 * Whether two values of plain data (numbers, strings, booleans, null, and arrays and objects of
 * them, as JSON or IndexedDB keeps them) are the same, field by field.
 */
export function samePlain(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  const recordA = a as Record<string, unknown>
  const recordB = b as Record<string, unknown>
  return keysA.every((key) => Object.hasOwn(recordB, key) && samePlain(recordA[key], recordB[key]))
}
