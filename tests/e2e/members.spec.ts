import { expect, test } from '@playwright/test'
import { newLenderDevice, offlineReadyLender, phone } from './pages/devices.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { SettingsPage } from './pages/SettingsPage.ts'

test('members: a viewer joins with a code, reads the book on a phone, and cannot change it', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { device: owner } = await offlineReadyLender(browser, 'Rampur', ['Saved Sunil'])
  const ownerSettings = new SettingsPage(owner.page)
  await ownerSettings.goto()
  const members = ownerSettings.section('Members')
  await expect(members).toContainText('Nobody else is in your book.')
  await members.getByRole('button', { name: 'Invite a viewer' }).click()
  const code = (await members.getByLabel('Invitation code').textContent())?.trim() ?? ''
  expect(code).toMatch(/^([A-Z2-9]{4} ){3}[A-Z2-9]{4}$/)
  // The message to send carries the code and where to type it.
  const whatsApp = members.getByRole('link', { name: 'Send on WhatsApp' })
  expect(decodeURIComponent((await whatsApp.getAttribute('href')) ?? '')).toContain(code)
  await expect(members.getByRole('list', { name: 'Invitations not used yet' })).toContainText(
    'A viewer, until',
  )

  // The viewer, on a phone of their own, types the code as it was read out to them.
  const { device: viewer, lender: viewerAccount } = await newLenderDevice(browser, phone)
  const viewerSettings = new SettingsPage(viewer.page)
  await viewerSettings.goto()
  const books = viewerSettings.section('Books')
  await books.getByLabel('Code from a book’s owner').fill(code.toLowerCase())
  await books.getByRole('button', { name: 'Join the book' }).click()
  await expect(books.getByRole('status')).toContainText('as a viewer')
  await books
    .getByRole('list', { name: 'Books shared with you' })
    .getByRole('button', { name: 'Open' })
    .click()

  // The owner's book, said so above every screen.
  const banner = viewer.page.getByRole('status', { name: /’s book$/ })
  await expect(banner).toContainText('You can read it; changes you make here are not kept.')
  const people = new PeoplePage(viewer.page)
  // On a phone, people are cards, not table rows.
  const person = (name: string) => viewer.page.getByRole('main').getByText(name, { exact: true })
  await people.goto()
  await expect(person('Saved Sunil')).toHaveCount(1)

  // A change made anyway is refused by the server and said so; the owner never sees it.
  await new PersonFormPage(viewer.page).add({ name: 'Viewer Vijay', city: 'Rampur' })
  await expect(banner.getByRole('alert')).toContainText('Your change was not kept')
  await banner.getByRole('button', { name: 'Discard it from this device' }).click()
  await expect(viewer.page).toHaveURL(/\/dashboard$/)
  await people.goto()
  await expect(person('Saved Sunil')).toHaveCount(1)
  await expect(person('Viewer Vijay')).toHaveCount(0)
  const ownerPeople = new PeoplePage(owner.page)
  await ownerPeople.goto()
  await expect(ownerPeople.row('Saved Sunil')).toHaveCount(1)
  await expect(ownerPeople.row('Viewer Vijay')).toHaveCount(0)

  // The owner sees the viewer in the list, and removing them asks first and says what it does.
  await ownerSettings.goto()
  const list = members.getByRole('list', { name: 'People in your book' })
  const row = list.getByRole('listitem').filter({ hasText: viewerAccount.email })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: 'Remove' }).click()
  const dialog = owner.page.getByRole('alertdialog')
  await expect(dialog).toContainText('will no longer see or change your book')
  await dialog.getByRole('button', { name: 'Remove' }).click()
  await expect(members.getByRole('status')).toContainText('is removed from your book')
  await expect(members).toContainText('Nobody else is in your book.')

  // The viewer is told, and goes back to their own book.
  await viewer.page.reload()
  await expect(banner).toContainText('no longer shares this book with you')
  await banner.getByRole('button', { name: 'Your own book' }).click()
  await expect(banner).toHaveCount(0)
  await people.goto()
  await expect(person('Saved Sunil')).toHaveCount(0)
})
