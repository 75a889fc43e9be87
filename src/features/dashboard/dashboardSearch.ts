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

/**
 * Whether a dashboard row matches the search box by name, phone, or the name of the person's
 * village or city (`place`, any case; the row holds only the city's id).
 */
export function matchesDashboardSearch(
  row: { name: string; phone?: string },
  place: string | undefined,
  search: string,
): boolean {
  if (matchesNameOrPhone(row, search)) return true
  const needle = search.trim().toLocaleLowerCase('en-IN')
  return place !== undefined && place.toLocaleLowerCase('en-IN').includes(needle)
}
