import { expect, type Locator, type Page } from '@playwright/test'
import { parseRupees } from '../../../shared/money.ts'
import { tile } from './forms.ts'
import { animationsDone, openScreen } from './screens.ts'

/** The money words of the reckoning, as the page labels its lines. */
export type ReckoningWord =
  | 'Lent'
  | 'Interest so far'
  | 'Paid'
  | 'Overpaid'
  | 'Waived'
  | 'Due today'
  | 'Principal left'
  | 'Interest due'
  | 'Unpaid interest'

/** "₹1,23,456.78" (as shown) → paise. */
export function paiseOf(text: string): number {
  const parsed = parseRupees(text.replace(/[₹,\s]/g, ''))
  if (!parsed.ok) throw new Error(`not an amount: "${text}"`)
  return parsed.paise
}

/** `/users/{personId}/loans`: tiles, reckoning, payoff quote, one card per loan, all payments. */
export class PersonLoansPage {
  constructor(readonly page: Page) {}

  async goto(personId: string, name: string): Promise<void> {
    await openScreen(this.page, `/users/${personId}/loans`)
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible()
  }

  /** The id in the URL (the page is reached by links, so tests learn ids from it). */
  personId(): string {
    const match = /\/users\/([^/]+)\/(loans|deposit)$/.exec(new URL(this.page.url()).pathname)
    if (!match?.[1]) throw new Error(`not a person page: ${this.page.url()}`)
    return match[1]
  }

  tile(label: 'Active Loans' | 'Principal left' | 'Interest due' | 'Due today') {
    return tile(this.page.getByRole('main'), label)
  }

  /** The card of the loan with this description. */
  card(description: string): Locator {
    return this.page.getByRole('article').filter({ hasText: description })
  }

  /**
   * The `Loan #xxxxxx` label of the loan with this description: the card is named by what tells
   * the loan apart ("Tractor · ₹50,000 from 01/03/2026"), with its `Loan #xxxxxx` after it.
   */
  async loanLabel(description: string): Promise<string> {
    const name = (await this.card(description).getAttribute('aria-label')) ?? ''
    expect(name).toMatch(/^.+ \(Loan #.{6}\)$/)
    return /Loan #.{6}/.exec(name)?.[0] ?? ''
  }

  /** Each loan's `Loan #xxxxxx` label, by its description. */
  async loanLabels(descriptions: readonly string[]): Promise<Record<string, string>> {
    const labels: Record<string, string> = {}
    for (const description of descriptions) labels[description] = await this.loanLabel(description)
    return labels
  }

  /** The value of a figure on a loan card (e.g. 'Due today'), found by the figure's name. */
  figure(card: Locator, label: string): Locator {
    return card.getByRole('group', { name: label, exact: true }).locator('[data-figure]')
  }

  /** Opens a card's details (its reckoning and history) and waits until they have unfolded. */
  async showDetails(card: Locator): Promise<void> {
    await card.getByRole('button', { name: 'Show Details' }).click()
    await expect(card.getByRole('button', { name: 'Hide Details' })).toBeVisible()
    await animationsDone(this.page)
  }

  /** The person's reckoning (every loan), or a loan's once its details are open. */
  reckoning(loanLabel?: string): Locator {
    const name = loanLabel ? `How the figures add up: ${loanLabel}` : 'How the figures add up'
    return this.page.getByRole('table', { name, exact: true })
  }

  /** The "Principal left + Interest due = Due today" lines under a reckoning. */
  dueSplit(loanLabel?: string): Locator {
    const name = loanLabel ? `How the figures add up: ${loanLabel}` : 'How the figures add up'
    return this.page.getByRole('table', { name: `${name}: Due today`, exact: true })
  }

  /** Each line of a reckoning table: [sign, word, paise], read off the screen. */
  async reckoningLines(table: Locator): Promise<{ sign: string; word: string; paise: number }[]> {
    await expect(table).toBeVisible()
    const rows = await table.getByRole('row').all()
    const lines: { sign: string; word: string; paise: number }[] = []
    for (const row of rows) {
      const [sign, word, amount] = await row.getByRole('cell').allInnerTexts()
      // The word cell may carry a note in brackets, e.g. "Unpaid interest (carried in …)".
      lines.push({
        sign: (sign ?? '').trim(),
        word: (word ?? '').replace(/\(.*\)/, '').trim(),
        paise: paiseOf(amount ?? ''),
      })
    }
    return lines
  }

  /** A loan's history table (its details must be open). */
  history(loanLabel: string): Locator {
    return this.page.getByRole('table', { name: `History of ${loanLabel}` })
  }

  /** Data rows of a table (the header row excluded). */
  dataRows(table: Locator): Locator {
    return table.getByRole('row').filter({ has: this.page.getByRole('cell') })
  }

  get allPayments(): Locator {
    return this.page.getByRole('table', { name: 'All payments' })
  }

  /** Voids the history line `row` with a reason, through the dialog. */
  async voidRow(row: Locator, reason: string): Promise<void> {
    await row.getByRole('button', { name: 'Void', exact: true }).click()
    const dialog = this.page.getByRole('dialog')
    await dialog.getByLabel('Reason').fill(reason)
    await dialog.getByRole('button', { name: 'Void it' }).click()
    await expect(dialog).toBeHidden()
  }

  /** "Send receipt": the receipt of the deposit just recorded, as text and as links. */
  get receipt(): Locator {
    return this.page.getByRole('region', { name: 'Send receipt' })
  }

  /** Opens Settle for less on a loan's card; returns the dialog. */
  async openSettle(card: Locator): Promise<Locator> {
    await card.getByRole('button', { name: 'Settle for less' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Settle for less' })
    await expect(dialog).toBeVisible()
    return dialog
  }

  /** The question Settle for less asks before it records anything. */
  get forgiveQuestion(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Forgive this amount?' })
  }

  get quote(): Locator {
    return this.page.getByRole('region', { name: 'Payoff quote' })
  }

  /** The quote's date field (the app's own: DD/MM/YYYY typed, with a calendar button). */
  get quoteDate(): Locator {
    return this.quote.getByLabel('Close all loans on', { exact: true })
  }
}
