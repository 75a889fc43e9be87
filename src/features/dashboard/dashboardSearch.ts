/**
 * Whether a dashboard row matches the search box: by name (any case) or by phone (spaces and
 * dashes ignored, so "98765 43210" finds "9876543210"). An empty search matches everyone.
 */
export function matchesNameOrPhone(row: { name: string; phone?: string }, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('en-IN')
  if (needle === '') return true
  if (row.name.toLocaleLowerCase('en-IN').includes(needle)) return true
  const digits = needle.replace(/[\s-]/g, '')
  return digits !== '' && (row.phone ?? '').replace(/[\s-]/g, '').includes(digits)
}
