import { expect, type Locator, type Page } from '@playwright/test'
import { animationsDone } from './screens.ts'

/** The signed-in shell: top bar, phone menu, bottom tabs and the sync indicator. */
export class Shell {
  constructor(readonly page: Page) {}

  get mainNav(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' })
  }

  get tabs(): Locator {
    return this.page.getByRole('navigation', { name: 'Tabs' })
  }

  get sync(): Locator {
    return this.page.getByRole('status', { name: 'Sync status' })
  }

  /** The notice that says how many entries of the book could not be read (none: not there). */
  get skipped(): Locator {
    return this.page.getByRole('status', { name: 'Entries that could not be read' })
  }

  /** The desktop nav link or the phone bottom tab with these words. */
  navLink(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true })
  }

  /** Follows the link `name` in `nav` (the top bar or the tabs) and lands on `path`. */
  async follow(nav: Locator, name: string, path: string): Promise<void> {
    await nav.getByRole('link', { name, exact: true }).click()
    await expect(this.page).toHaveURL(new RegExp(`${path}$`))
  }

  /** The top bar's Logout button (desktop width; on a phone Logout is in the Menu). */
  logoutButton(): Locator {
    return this.page.getByRole('button', { name: 'Logout' })
  }

  /** Presses Logout: the top bar's button on a wide screen, the Menu's item on a phone. */
  async pressLogout(): Promise<void> {
    const menu = this.page.getByRole('button', { name: 'Menu' })
    // Either is there once the shell has drawn; which one depends on the width.
    await expect(menu.or(this.logoutButton().filter({ visible: true })).first()).toBeVisible()
    if (await menu.isVisible()) {
      await menu.click()
      await this.page.getByRole('menuitem', { name: 'Logout' }).click()
    } else {
      await this.logoutButton().filter({ visible: true }).first().click()
    }
  }

  async logout(): Promise<void> {
    await this.pressLogout()
    await expect(this.page).toHaveURL(/\/login$/)
  }

  /** Presses Logout, is warned (offline, or changes not yet saved), logs out anyway: on Login. */
  async logOutAnyway(): Promise<void> {
    await this.pressLogout()
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Log out anyway' }).click()
    await expect(this.page).toHaveURL(/\/login$/)
  }

  /** Waits until every local change is stored on the server. */
  async waitSynced(): Promise<void> {
    await expect(this.sync).toHaveText('Synced', { timeout: 15_000 })
  }

  /**
   * Opens the phone-width Menu and taps one of its items (a link, or a language). The tap waits
   * until the menu has grown in: on a busy machine a click mid-animation was measured where the
   * item had been, and landed on the menu's label instead (the menu stayed open, nothing changed).
   */
  async openFromMenu(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Menu' }).click()
    const item = this.page.getByRole('menuitem', { name })
    await expect(item).toBeVisible()
    await animationsDone(this.page)
    await item.click()
    await expect(this.page.getByRole('menu')).toHaveCount(0)
  }
}
