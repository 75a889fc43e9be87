import { expect, type Locator, type Page } from '@playwright/test'
import {
  summarizeDashboard,
  type DashboardPerson,
  type DashboardSummary,
  type LedgerLoan,
} from '../../../shared/ledger/engine.ts'
import { formatINR } from '../../../shared/money.ts'
import { browserToday } from './clock.ts'
import { cellOf, tableRows, tile } from './forms.ts'
import { PersonLoansPage } from './PersonLoansPage.ts'
import { openScreen } from './screens.ts'

/** The dashboard's figure tiles, by their labels. */
export type TileLabel =
  'Borrowers' | 'Active Loans' | 'Principal left' | 'Interest due' | 'Paid' | 'Due today'

/**
 * What the engine makes of a book today: its dashboard summary, and the value each tile shows
 * (Interest due and Paid as the sums of the rows).
 */
export function tilesOf(book: {
  people: readonly DashboardPerson[]
  loans: readonly LedgerLoan[]
}): { summary: DashboardSummary; tiles: Record<TileLabel, string> } {
  const summary = summarizeDashboard(book.people, book.loans, browserToday())
  const sum = (pick: (row: DashboardSummary['rows'][number]) => number) =>
    summary.rows.reduce((total, row) => total + pick(row), 0)
  const tiles = {
    Borrowers: String(book.people.length),
    'Active Loans': String(summary.activeLoans),
    'Principal left': formatINR(summary.totalPrincipal),
    'Interest due': formatINR(sum((row) => row.currentInterest)),
    Paid: formatINR(sum((row) => row.totalPaid)),
    'Due today': formatINR(summary.totalDue),
  }
  return { summary, tiles }
}

/**
 * `/dashboard`: the tiles, the search and one row per person: a table at desktop width, a compact
 * list on a phone. Both are virtualized, so only the rows near the screen are in the DOM.
 */
export class DashboardPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await openScreen(this.page, '/dashboard')
    await expect(this.page.getByRole('heading', { name: 'Loan Dashboard' })).toBeVisible()
  }

  tile(label: TileLabel): Locator {
    return tile(this.page.getByRole('main'), label)
  }

  /** Opens the dashboard and expects each tile to show its label and exactly its value. */
  async expectTiles(expected: Partial<Record<TileLabel, string>>): Promise<void> {
    await this.goto()
    for (const [label, value] of Object.entries(expected)) {
      await expect(this.tile(label as TileLabel)).toHaveText(
        new RegExp(`^${label}\\s*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      )
    }
  }

  /** A person's row in the desktop table. */
  row(name: string): Locator {
    return this.page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name, exact: true }) })
  }

  /**
   * Opens a desktop row's More menu (Loan More / New Loan and the reminder links); returns the
   * open menu. Named, because the menu of the row before may still be fading out.
   */
  async rowMenu(name: string): Promise<Locator> {
    await this.row(name)
      .getByRole('button', { name: `More for ${name}` })
      .click()
    const menu = this.page.getByRole('menu', { name: `More for ${name}` })
    await expect(menu).toBeVisible()
    return menu
  }

  /** The body rows of the desktop table that are in the DOM (the header row left out). */
  get tableRows(): Locator {
    return tableRows(this.page)
  }

  /** The phone list. */
  get list(): Locator {
    return this.page.getByRole('list', { name: 'People, what needs action first' })
  }

  /** The phone list's rows that are in the DOM. */
  get items(): Locator {
    return this.list.getByRole('listitem')
  }

  /** A person's row in the phone list (found by the link on their name). */
  item(name: string): Locator {
    return this.items.filter({ has: this.page.getByRole('link', { name, exact: true }) })
  }

  /** The cell of `column` in a row, by the column header's position. */
  cell(row: Locator, column: string): Promise<Locator> {
    return cellOf(row, column)
  }

  /**
   * Opens a person's loans page from the dashboard, as a lender would: a row's View Details on a
   * wide screen, the name in the list on a phone.
   */
  async openPerson(name: string): Promise<PersonLoansPage> {
    await this.goto()
    const wide = (this.page.viewportSize()?.width ?? 0) >= 768
    await (
      wide
        ? this.row(name).getByRole('link', { name: 'View Details' })
        : this.item(name).getByRole('link', { name, exact: true })
    ).click()
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible()
    return new PersonLoansPage(this.page)
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search people' }).fill(text)
  }
}
