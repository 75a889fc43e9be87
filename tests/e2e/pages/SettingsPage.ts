import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from './screens.ts'

/** The Settings screen: this device's name, the Devices list, Change password. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await openScreen(this.page, '/settings')
    await expect(this.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  }

  section(name: string): Locator {
    return this.page.getByRole('region', { name })
  }

  get devices(): Locator {
    return this.page.getByRole('list', { name: 'Signed-in devices' })
  }

  /** The Devices list entry of the device called `name`. */
  device(name: string): Locator {
    return this.devices.getByRole('listitem', { name, exact: true })
  }

  async nameDevice(name: string): Promise<void> {
    const section = this.section("This device's name")
    await section.getByLabel('Device name').fill(name)
    await section.getByRole('button', { name: 'Save name' }).click()
    await expect(section.getByRole('status')).toHaveText(`This device is now called ${name}.`)
  }

  async signOutDevice(name: string): Promise<void> {
    await this.device(name).getByRole('button', { name: 'Sign out' }).click()
    await expect(this.section('Devices').getByRole('status')).toHaveText(`${name} is signed out.`)
  }

  async changePassword(current: string, next: string): Promise<void> {
    const section = this.section('Change password')
    await section.getByLabel('Current password').fill(current)
    await section.getByLabel('New password').fill(next)
    await section.getByRole('button', { name: 'Change password' }).click()
  }

  /** The message the Change password form shows. */
  passwordMessage(): Locator {
    return this.section('Change password')
      .getByRole('alert')
      .or(this.section('Change password').getByRole('status'))
  }

  get profile(): Locator {
    return this.section('Your details for borrowers')
  }

  /** Fills the lender's display name and UPI ID and saves them. */
  async saveProfile(displayName: string, upiId: string): Promise<void> {
    await this.profile.getByLabel('Display name').fill(displayName)
    await this.profile.getByLabel('UPI ID').fill(upiId)
    await this.profile.getByRole('button', { name: 'Save details' }).click()
  }

  get peopleImport(): Locator {
    return this.section('Import people (CSV)')
  }

  /** Chooses a people CSV (its text) and checks it. */
  async checkPeopleCsv(text: string): Promise<void> {
    await this.peopleImport.getByLabel('People file (CSV)').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(text),
    })
    await this.peopleImport.getByRole('button', { name: 'Check file' }).click()
  }
}
