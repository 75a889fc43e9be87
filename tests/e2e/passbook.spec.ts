/**
 * The borrower's passbook (issue 32, item 3), as a lender on a phone uses it: a link is made on
 * the person's page and sent on WhatsApp; the borrower opens it with no account and sees the
 * same Due today and the receipt's number and code; revoked, the link opens nothing.
 */
import { expect, test, type Locator } from '@playwright/test'
import { addBorrower, loanTerms } from './pages/borrower.ts'
import { browserToday } from './pages/clock.ts'
import { DepositPage } from './pages/DepositPage.ts'
import { newLenderDevice, phone } from './pages/devices.ts'
import { PersonLoansPage } from './pages/PersonLoansPage.ts'

const today = browserToday()

async function whatsAppText(link: Locator): Promise<string> {
  return new URL((await link.getAttribute('href')) ?? '').searchParams.get('text') ?? ''
}

test.use({ ...phone })

test('a passbook link shows the borrower their figures and receipts, until it is revoked', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const { device } = await newLenderDevice(browser, phone)
  const { page } = device
  const { personId, label } = await addBorrower(page, {
    name: 'Sunita',
    village: `Passbookpur ${Date.now().toString(36)}`,
    phone: '9876543210',
    loans: [{ loan: loanTerms('pump', { startDate: today }), description: 'Pump' }],
  })
  const deposit = new DepositPage(page)
  await deposit.goto(personId, 60_000)
  await deposit.recordOn(label.Pump as string, 2_500_00, today)
  const sent = page.getByRole('region', { name: 'Send receipt' })
  const receipt = await whatsAppText(sent.getByRole('link', { name: 'Send receipt on WhatsApp' }))
  const [, number, code] = /Receipt No\. (\S+) · code (\S+)/.exec(receipt) ?? []
  await sent.getByRole('button', { name: 'Done' }).tap()

  // The link, made for 30 days and sent with its message.
  const panel = page.getByRole('region', { name: 'Passbook link' })
  await expect(panel.getByText('No link works for Sunita now.')).toBeVisible()
  await panel.getByLabel('Works for').selectOption('30')
  await panel.getByRole('button', { name: 'Make a link' }).tap()
  const message = await whatsAppText(panel.getByRole('link', { name: 'Send link on WhatsApp' }))
  const url = /https?:\/\/\S+\/p\/[A-Za-z0-9_-]{32}/.exec(message)?.[0]
  expect(message).toContain('Namaste Sunita, your loan passbook')
  expect(url).toBeDefined()
  await expect(
    panel.getByRole('list', { name: 'Links that work' }).getByRole('listitem'),
  ).toHaveCount(1)
  const dueToday = await new PersonLoansPage(page).tile('Due today').innerText()
  const due = /₹[\d,]+\.\d\d/.exec(dueToday)?.[0] ?? ''

  // The borrower's phone: no account, no cookies.
  const borrower = await browser.newContext(phone)
  const passbook = await borrower.newPage()
  const response = await passbook.goto(url as string)
  expect(response?.status()).toBe(200)
  await expect(passbook.getByRole('heading', { level: 1 })).toContainText('Sunita')
  await expect(passbook.locator('body')).toContainText(due)
  await expect(passbook.locator('body')).toContainText(number as string)
  await expect(passbook.locator('body')).toContainText(code as string)
  expect(await passbook.evaluate(() => document.scripts.length)).toBe(0)
  expect(
    await passbook.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBe(0)

  // Revoked: the same address opens nothing, as an unknown one does.
  await panel.getByRole('button', { name: /^Revoke the link made/ }).tap()
  await expect(panel.getByRole('status')).toContainText('no longer opens the passbook')
  const after = await passbook.goto(url as string)
  expect(after?.status()).toBe(404)
  const revokedPage = await after?.text()
  await expect(passbook.getByText('This link does not open a passbook')).toBeVisible()
  const unknown = await passbook.goto(`${new URL(url as string).origin}/p/${'A'.repeat(32)}`)
  expect(unknown?.status()).toBe(404)
  expect(await unknown?.text()).toBe(revokedPage)
  await borrower.close()
})
