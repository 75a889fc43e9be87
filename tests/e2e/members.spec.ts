import { expect, test, type Page } from '@playwright/test'
import {
  goOffline,
  goOnline,
  newLenderDevice,
  offlineReadyLender,
  phone,
  type Device,
} from './pages/devices.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { SettingsPage } from './pages/SettingsPage.ts'

/** Invites a member from the owner's Settings; resolves with the code, as it is shown. */
async function invite(owner: Device, role: 'partner' | 'viewer'): Promise<string> {
  const settings = new SettingsPage(owner.page)
  await settings.goto()
  const members = settings.section('Members')
  await members.getByRole('button', { name: `Invite a ${role}` }).click()
  const code = (await members.getByLabel('Invitation code').textContent())?.trim() ?? ''
  expect(code).toMatch(/^([A-Z2-9]{4} ){3}[A-Z2-9]{4}$/)
  return code
}

/** Joins the book with `code` from the member's Settings, and opens it. */
async function joinAndOpen(member: Device, code: string, role: string): Promise<void> {
  const settings = new SettingsPage(member.page)
  await settings.goto()
  const books = settings.section('Books')
  // As it may be typed after being read out: in lower case.
  await books.getByLabel('Code from a book’s owner').fill(code.toLowerCase())
  await books.getByRole('button', { name: 'Join the book' }).click()
  await expect(books.getByRole('status')).toContainText(`as a ${role}`)
  await books
    .getByRole('list', { name: 'Books shared with you' })
    .getByRole('button', { name: 'Open' })
    .click()
  await expect(member.page).toHaveURL(/\/dashboard$/)
}

/** The banner above every screen of a book shared with this account. */
const banner = (page: Page) => page.getByRole('status', { name: /’s book$/ })

/** A person's name in the main region (a card on a phone, a table cell on a laptop). */
const person = (page: Page, name: string) => page.getByRole('main').getByText(name, { exact: true })

test('members: a viewer joins with a code and reads the book on a phone, with nothing to change', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { device: owner } = await offlineReadyLender(browser, 'Rampur', ['Saved Sunil'])
  const code = await invite(owner, 'viewer')
  const members = new SettingsPage(owner.page).section('Members')
  // The message to send carries the code and says where to type it.
  const whatsApp = members.getByRole('link', { name: 'Send on WhatsApp' })
  const message = decodeURIComponent((await whatsApp.getAttribute('href')) ?? '')
  expect(message).toContain(code)
  expect(message).toContain('Settings → Books')
  await expect(members.getByRole('list', { name: 'Invitations not used yet' })).toContainText(
    'A viewer, until',
  )

  const { device: viewer, lender: viewerAccount } = await newLenderDevice(browser, phone)
  await joinAndOpen(viewer, code, 'viewer')
  await expect(banner(viewer.page)).toContainText(
    'You can read it; changes you make here are not kept.',
  )
  await new PeoplePage(viewer.page).goto()
  await expect(person(viewer.page, 'Saved Sunil')).toHaveCount(1)
  // Nothing that would change the book is offered.
  await expect(viewer.page.getByRole('main').getByRole('link', { name: 'Add' })).toHaveCount(0)
  await expect(viewer.page.getByRole('main').getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await viewer.page.goto('/people/add')
  await expect(viewer.page.getByRole('heading', { level: 1 })).toHaveText(
    'This book is shared with you to read',
  )

  // The owner sees the viewer, and removing them asks first and says what it does.
  const ownerSettings = new SettingsPage(owner.page)
  await ownerSettings.goto()
  const row = members
    .getByRole('list', { name: 'People in your book' })
    .getByRole('listitem')
    .filter({ hasText: viewerAccount.email })
  await row.getByRole('button', { name: 'Remove' }).click()
  const dialog = owner.page.getByRole('alertdialog')
  await expect(dialog).toContainText('will no longer see or change your book')
  await dialog.getByRole('button', { name: 'Remove' }).click()
  await expect(members.getByRole('status')).toContainText('is removed from your book')
  await expect(members).toContainText('Nobody else is in your book.')

  // The viewer is told, and goes back to their own book.
  await viewer.page.reload()
  await expect(banner(viewer.page)).toContainText('no longer shares this book with you')
  await banner(viewer.page).getByRole('button', { name: 'Your own book' }).click()
  await expect(banner(viewer.page)).toHaveCount(0)
  await new PeoplePage(viewer.page).goto()
  await expect(person(viewer.page, 'Saved Sunil')).toHaveCount(0)
})

test('members: a partner’s offline change, made before the owner made them a viewer, is refused and said so', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { device: owner } = await offlineReadyLender(browser, 'Rampur', ['Saved Sunil'])
  const code = await invite(owner, 'partner')
  const { device: partner, lender: partnerAccount } = await newLenderDevice(browser)
  await joinAndOpen(partner, code, 'partner')
  await expect(banner(partner.page)).toContainText('You are a partner in it.')
  await partner.shell.waitSynced()

  // Offline, the partner adds someone; meanwhile the owner makes them a viewer.
  await goOffline(partner)
  await new PersonFormPage(partner.page).add({ name: 'Offline Omkar', city: 'Rampur' })
  const ownerSettings = new SettingsPage(owner.page)
  await ownerSettings.goto()
  const members = ownerSettings.section('Members')
  await members
    .getByRole('list', { name: 'People in your book' })
    .getByRole('listitem')
    .filter({ hasText: partnerAccount.email })
    .getByRole('combobox')
    .selectOption('viewer')
  await expect(members.getByRole('status')).toContainText('is a viewer now')

  // Back online, the change is refused: said so, kept out of the book, and dropped on request.
  await goOnline(partner)
  await expect(banner(partner.page).getByRole('alert')).toContainText('Your change was not kept')
  await banner(partner.page).getByRole('button', { name: 'Discard it from this device' }).click()
  await expect(banner(partner.page)).toContainText('You can read it', { timeout: 30_000 })
  await new PeoplePage(partner.page).goto()
  await expect(person(partner.page, 'Saved Sunil')).toHaveCount(1)
  await expect(person(partner.page, 'Offline Omkar')).toHaveCount(0)
  const ownerPeople = new PeoplePage(owner.page)
  await ownerPeople.goto()
  await expect(ownerPeople.row('Saved Sunil')).toHaveCount(1)
  await expect(ownerPeople.row('Offline Omkar')).toHaveCount(0)
})
