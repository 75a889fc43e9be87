import type { Locator } from '@playwright/test'

/** Picks the option whose visible text contains `text` (labels may carry extras, e.g. a phone). */
export async function selectByText(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value')
  if (value === null) throw new Error(`no option "${text}"`)
  await select.selectOption(value)
}

/** The value shown in a labelled figure tile (a `group` named by its label, among the Totals). */
export function tile(scope: Locator, label: string): Locator {
  return scope
    .getByRole('region', { name: 'Totals', exact: true })
    .getByRole('group', { name: label, exact: true })
}
