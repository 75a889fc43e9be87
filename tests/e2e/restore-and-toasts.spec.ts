/**
 * Issue 28: a toast belongs to its screen and its record (it names what it undoes, covers no
 * control, and its Undo cannot act from another person's page); confirmations name the record
 * and the money; a deleted person comes back with the toast's Undo; and a backup restores into
 * the lender's own book, after a safety copy of the book as it was, with a question saying what
 * changes, and in plain words when the file is wrong.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type BrowserContextOptions, type Locator, type Page } from '@playwright/test'
import { formatDisplayDate } from '../../shared/dates.ts'
import { addCityAndPerson } from './pages/borrower.ts'
import { browserCalendar } from './pages/clock.ts'
import { DepositPage } from './pages/DepositPage.ts'
import { newLenderDevice, newLenderPage, phone } from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { LoansPage } from './pages/LoansPage.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { SettingsPage } from './pages/SettingsPage.ts'

const { today, day } = browserCalendar()
const laptop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }

/** Ramesh with the Pump and Seeds loans, Sita with one; returns their page ids. */
async function twoBorrowers(page: Page): Promise<{ ramesh: string; sita: string }> {
  await addCityAndPerson(page, { name: 'Ramesh', city: 'Rampur' })
  await new PersonFormPage(page).add({ name: 'Sita', city: 'Rampur' })
  const form = new LoanFormPage(page)
  for (const [name, description, amount] of [
    ['Ramesh', 'Pump', '5000'],
    ['Ramesh', 'Seeds', '15000'],
    ['Sita', 'Cow', '8000'],
  ] as const) {
    await form.add({
      person: name,
      amount,
      rate: '2',
      type: 'Per Month',
      startDate: day(-30),
      dueDate: day(60),
      description,
    })
  }
  // People are listed by name: Ramesh, then Sita; each has a link to their loans.
  await page.goto('/people')
  const links = page.getByRole('main').locator('a[href^="/users/"][href$="/loans"]')
  await expect(links).toHaveCount(2)
  const [ramesh, sita] = (await links.evaluateAll((all) =>
    all.map((a) => /\/users\/([^/]+)\/loans$/.exec(a.getAttribute('href') ?? '')?.[1] ?? ''),
  )) as [string, string]
  return { ramesh, sita }
}

/** Whether the element's centre is on top (nothing, such as a toast, lies over it). */
async function onTop(control: Locator): Promise<boolean> {
  await control.scrollIntoViewIfNeeded()
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return hit !== null && (hit === element || element.contains(hit))
  })
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

for (const [size, options] of [
  ['390', phone],
  ['1280', laptop],
] as const) {
  test(`${size}: the received toast names the deposit, covers no button, and stays on its page; Void names the money`, async ({
    browser,
  }) => {
    test.setTimeout(240_000)
    const page = await newLenderPage(browser, options)
    const { ramesh, sita } = await twoBorrowers(page)

    const deposit = new DepositPage(page)
    await deposit.goto(ramesh)
    const amount = await deposit.amount.inputValue()
    await deposit.record()
    await expect(page).toHaveURL(new RegExp(`/users/${ramesh}/loans$`))
    const toast = page.locator('[data-toast]')
    await expect(toast).toHaveCount(1)
    await expect(toast).toContainText(/^₹[\d,.]+ received from Ramesh/)
    const undo = page.getByRole('button', { name: 'Undo', exact: true })
    await expect(undo).toBeVisible()

    // The toast sits in the page's flow: the last payment's Void button is not under it, and
    // no button of the page is.
    const voids = page.getByRole('main').getByRole('button', { name: 'Void', exact: true })
    const lastVoid = voids.last()
    expect(await onTop(lastVoid)).toBe(true)
    const toastBox = await toast.boundingBox()
    for (const button of await page.getByRole('button').all()) {
      if (!(await button.isVisible())) continue
      if (await button.evaluate((b) => b.closest('[data-toast]') !== null)) continue
      const box = await button.boundingBox()
      if (box && toastBox) expect(overlaps(box, toastBox)).toBe(false)
    }

    // The Void question names the money, the borrower, the day and what changes.
    await lastVoid.click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading')).toHaveText(
      new RegExp(
        `^Void ₹[\\d,.]+ received from Ramesh on ${formatDisplayDate(today).replaceAll('/', '\\/')}\\?$`,
      ),
    )
    await expect(dialog).toContainText('Both loans it paid change.')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    // To Sita's page: no toast, no Undo to tap there.
    await page.goto(`/users/${sita}/loans`)
    await expect(page.getByRole('heading', { name: 'Sita', level: 1 })).toBeVisible()
    await expect(toast).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveCount(0)
    // Navigating in the app (not reloading) drops it too: back to Ramesh and on to Sita by links.
    await page.goBack()
    await expect(page.getByRole('heading', { name: 'Ramesh', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveCount(0)
    // Ramesh's deposit stands.
    await expect(page.getByText(/Undone right after recording/)).toHaveCount(0)
    expect(amount).not.toBe('')

    // A deposit for Sita, then a move inside the app (a link, no reload): the toast stays behind.
    await deposit.goto(sita)
    await deposit.record()
    await expect(toast).toContainText(/received from Sita/)
    await page
      .getByRole('link', { name: /People/ })
      .first()
      .click()
    await expect(page).toHaveURL(/\/people$/)
    await expect(toast).toHaveCount(0)
    await page.context().close()
  })
}

test('1280: deleting a person names him, his loans and what he owes; the toast’s Undo brings him back', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const page = await newLenderPage(browser, laptop)
  await twoBorrowers(page)
  const people = new PeoplePage(page)
  await people.goto()
  await people.row('Sita').getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText(
    /^.*Delete Sita and 1 loan\? Sita owes ₹[\d,.]+ today\. Trash keeps them: you can bring them back from there\./,
  )
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(people.row('Sita')).toHaveCount(0)
  await expect(page.locator('[data-toast]')).toHaveText(/Sita deleted, with 1 loan/)
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(page.locator('[data-toast]')).toHaveText(/Sita is back/)
  await expect(people.row('Sita')).toHaveCount(1)

  // A loan's delete names the loan and its borrower.
  const loans = new LoansPage(page)
  await loans.goto()
  await loans.rows.filter({ hasText: 'Sita' }).getByRole('button', { name: 'Delete' }).click()
  await expect(dialog).toContainText(/Delete the loan Cow · ₹8,000 from .* to Sita\?/)
  await expect(dialog).toContainText('Trash keeps it')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await page.context().close()
})

/** The book file's content without the moment it was exported. */
function sameBook(text: string): unknown {
  const { exportedAt: _, ...book } = JSON.parse(text) as Record<string, unknown>
  return book
}

async function exportJson(page: Page): Promise<string> {
  const settings = new SettingsPage(page)
  await settings.goto()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    settings.section('Export book').getByRole('button', { name: 'Download book (JSON)' }).click(),
  ])
  return readFile(await download.path(), 'utf8')
}

async function chooseBackup(page: Page, name: string, text: string): Promise<Locator> {
  const section = new SettingsPage(page).section('Restore a backup')
  await section
    .getByLabel('Backup file (JSON)')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) })
  await section.getByRole('button', { name: 'Restore a backup' }).click()
  return section
}

test('1280: a backup restores into the lender’s own book, after a safety copy, as the very same book', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const { device } = await newLenderDevice(browser, laptop)
  const { page, context, shell } = device
  const { ramesh } = await twoBorrowers(page)
  const settings = new SettingsPage(page)
  await settings.goto()
  await settings.saveProfile('Shri Ganesh Finance', 'ganesh@upi')
  await expect(settings.profile.getByRole('status')).toContainText('Saved')
  const backup = await exportJson(page)
  expect(JSON.parse(backup).profile).toEqual({
    displayName: 'Shri Ganesh Finance',
    upiId: 'ganesh@upi',
  })

  // Things change: a person added, a deposit recorded, a loan deleted, the details changed.
  await new PersonFormPage(page).add({ name: 'Gopal', city: 'Rampur' })
  const deposit = new DepositPage(page)
  await deposit.goto(ramesh)
  await deposit.record()
  await expect(page).toHaveURL(new RegExp(`/users/${ramesh}/loans$`))
  const loans = new LoansPage(page)
  await loans.goto()
  await loans.rows.filter({ hasText: 'Sita' }).getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await settings.goto()
  await settings.saveProfile('Someone else', 'other@upi')
  await expect(settings.profile.getByRole('status')).toContainText('Saved')
  const changed = await exportJson(page)
  expect(sameBook(changed)).not.toEqual(sameBook(backup))

  // A file that is not a backup, and a backup with a wrong loan: plain words, nothing changes.
  await settings.goto()
  let section = await chooseBackup(page, 'notes.json', JSON.stringify({ notes: ['milk'] }))
  await expect(section.getByRole('alert')).toContainText('This file is not a Rin Khata book')
  await expect(section.getByRole('alert')).not.toContainText('is missing')
  const wrong = JSON.parse(backup)
  wrong.loans[0].amount = -5
  section = await chooseBackup(page, 'wrong.json', JSON.stringify(wrong))
  await expect(section.getByRole('alert')).toContainText('Nothing was restored.')
  await expect(section.getByRole('alert')).toContainText('Ramesh’s loan')
  await expect(section.getByRole('alert')).not.toContainText('loans[')

  // The real backup: the question names what changes, before → after.
  section = await chooseBackup(page, 'rin-khata-book.json', backup)
  const question = page.getByRole('alertdialog')
  await expect(question).toContainText('Replace your book with the backup of')
  await expect(question).toContainText('People: 3 now → 2.')
  await expect(question).toContainText('Loans: 2 now → 3.')
  await expect(question).toContainText('Payments: 2 now → 0.')
  const [safety] = await Promise.all([
    page.waitForEvent('download'),
    question.getByRole('button', { name: 'Download a copy, then restore' }).click(),
  ])
  // The safety copy is the book as it was just before the restore.
  expect(safety.suggestedFilename()).toBe(`rin-khata-book-${today}-before-restore.json`)
  expect(sameBook(await readFile(await safety.path(), 'utf8'))).toEqual(sameBook(changed))
  await expect(section.getByRole('status')).toContainText(
    'Restored. Your book now has 2 people, 3 loans and 0 payments.',
  )
  await shell.waitSynced()
  // The lender's details for borrowers are the backup's, on the open screen too: its form,
  // untouched since it showed "Someone else", must not save those back.
  await expect(settings.profile.getByLabel('Display name')).toHaveValue('Shri Ganesh Finance')
  await expect(settings.profile.getByLabel('UPI ID')).toHaveValue('ganesh@upi')
  // The book is the backup again.
  expect(sameBook(await exportJson(page))).toEqual(sameBook(backup))
  const people = new PeoplePage(page)
  await people.goto()
  expect(await people.names()).toEqual(['Ramesh', 'Sita'])
  await context.close()
})

test('390, Hindi: restoring says what changes and what is wrong in Hindi', async ({ browser }) => {
  test.setTimeout(180_000)
  const page = await newLenderPage(browser, phone)
  await addCityAndPerson(page, { name: 'Ramesh', city: 'Rampur' })
  const backup = await exportJson(page)
  await new PersonFormPage(page).add({ name: 'Gopal', city: 'Rampur' })
  await new SettingsPage(page).goto()
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  const section = page.getByRole('region', { name: 'बैकअप से बही-खाता वापस लाएँ' })
  const choose = async (text: string) => {
    await section
      .getByLabel('बैकअप फ़ाइल (JSON)')
      .setInputFiles({ name: 'b.json', mimeType: 'application/json', buffer: Buffer.from(text) })
    await section.getByRole('button', { name: 'बैकअप से वापस लाएँ' }).click()
  }
  await choose('{"hello": 1}')
  await expect(section.getByRole('alert')).toContainText('यह ऋण खाता का बही-खाता नहीं है')
  await choose(backup)
  const question = page.getByRole('alertdialog')
  await expect(question).toContainText('लोग: अभी 2 → बाद में 1।')
  const [safety] = await Promise.all([
    page.waitForEvent('download'),
    question.getByRole('button', { name: 'कॉपी डाउनलोड करें, फिर वापस लाएँ' }).click(),
  ])
  expect(JSON.parse(await readFile(await safety.path(), 'utf8')).people).toHaveLength(2)
  await expect(section.getByRole('status')).toContainText('बैकअप वापस आ गया।')
  await page.context().close()
})
