import { expect, test, type Page } from '@playwright/test'
import { verhoeffCheckDigit } from '../../shared/identity.ts'
import { scan, tapTargets, type Impact } from './pages/a11y.ts'
import { addCity } from './pages/CitiesPage.ts'
import { browserCalendar } from './pages/clock.ts'
import { DashboardPage } from './pages/DashboardPage.ts'
import {
  appInstalled,
  newLenderDevice,
  offlineReadyLender,
  phone,
  type Device,
} from './pages/devices.ts'
import { LoanFormPage } from './pages/LoanFormPage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { animationsDone } from './pages/screens.ts'
import { SettingsPage } from './pages/SettingsPage.ts'

// Planted in the book, never to reach a collector: each person's Aadhaar, and the people of the
// village he does not collect in.
const aadhaarOf = (eleven: string) => `${eleven}${verhoeffCheckDigit(eleven)}`
const RAMESH_AADHAAR = aadhaarOf('23456789012')
const OMKAR_AADHAAR = aadhaarOf('34567890123')
const OTHER_VILLAGE_PERSON = 'Omkar Sonpur'

/** Invites a collector of `villages` from the owner's Settings; resolves with the code. */
async function inviteCollector(owner: Device, villages: readonly string[]): Promise<string> {
  const settings = new SettingsPage(owner.page)
  await settings.goto()
  const members = settings.section('Members')
  await members.getByRole('button', { name: 'Invite a collector' }).click()
  const picker = members.getByRole('group', { name: 'Villages of the new collector' })
  for (const village of villages) await picker.getByRole('checkbox', { name: village }).check()
  await picker.getByRole('button', { name: 'Invite a collector' }).click()
  const code = (await members.getByLabel('Invitation code').textContent())?.trim() ?? ''
  expect(code).toMatch(/^([A-Z2-9]{4} ){3}[A-Z2-9]{4}$/)
  return code
}

/** Invites a viewer from the owner's Settings; resolves with the code. */
async function inviteViewer(owner: Device): Promise<string> {
  const settings = new SettingsPage(owner.page)
  await settings.goto()
  const members = settings.section('Members')
  await members.getByRole('button', { name: 'Invite a viewer' }).click()
  return (await members.getByLabel('Invitation code').textContent())?.trim() ?? ''
}

/** Joins with `code` in the member's Settings → Books and opens the book. */
async function joinAndOpen(member: Device, code: string): Promise<void> {
  const settings = new SettingsPage(member.page)
  await settings.goto()
  const books = settings.section('Books')
  await books.getByLabel('Code from a book’s owner').fill(code)
  await books.getByRole('button', { name: 'Join the book' }).click()
  await books
    .getByRole('list', { name: 'Books shared with you' })
    .getByRole('button', { name: 'Open' })
    .click()
}

/** Records a deposit of `rupees` from `name` on the collector's phone; back on his day. */
async function collect(page: Page, name: string, rupees: string): Promise<void> {
  await page.getByRole('link', { name: `Deposit from ${name}` }).click()
  await expect(page.getByRole('heading', { name: `Deposit for ${name}` })).toBeVisible()
  await page.getByLabel('Deposit Amount').fill(rupees)
  if (rupees === '500') await check(page, 'collector: deposit')
  await page.getByRole('button', { name: 'Record Deposit' }).click()
  await expect(page.getByRole('region', { name: 'Recorded', exact: true })).toContainText(
    `received from ${name}`,
  )
}

// Each new screen is checked as the accessibility sweep checks the others: no serious or
// critical axe violation, every button a 44 px target.
const counts: Record<Impact, number> = { minor: 0, moderate: 0, serious: 0, critical: 0 }
const problems: string[] = []
async function check(page: Page, where: string): Promise<void> {
  await animationsDone(page)
  await scan(page, where, counts, problems)
  await tapTargets(page, where, problems)
}

/** Everything in every IndexedDB database of the page's origin, as text. */
function indexedDbText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const asText = (value: unknown): string =>
      value instanceof Uint8Array
        ? new TextDecoder('latin1').decode(value)
        : value instanceof ArrayBuffer
          ? new TextDecoder('latin1').decode(new Uint8Array(value))
          : JSON.stringify(value, (_key, v: unknown) =>
              v instanceof Uint8Array ? new TextDecoder('latin1').decode(v) : v,
            )
    const parts: string[] = []
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name)
        opening.onsuccess = () => resolve(opening.result)
        opening.onerror = () => reject(opening.error ?? new Error(name))
      })
      for (const store of db.objectStoreNames) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll()
          request.onsuccess = () => resolve(request.result as unknown[])
          request.onerror = () => reject(request.error ?? new Error(store))
        })
        parts.push(`${name}/${store}:`, ...values.map(asText))
      }
      db.close()
    }
    return parts.join('\n')
  })
}

test('collectors: a day offline on a 390 px phone, five deposits, the owner’s book, the day book, and nothing private on his phone', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const { day } = browserCalendar()
  // The owner's book: two villages; the collector gets Rampur only.
  const { device: owner } = await offlineReadyLender(browser, 'Rampur')
  const people = new PersonFormPage(owner.page)
  await people.add({
    name: 'Ramesh Rampur',
    city: 'Rampur',
    aadhaar: RAMESH_AADHAAR,
    phone: '98765 43210',
  })
  await people.add({ name: 'Sita Rampur', city: 'Rampur' })
  await addCity(owner.page, 'Sonpur')
  await people.add({ name: OTHER_VILLAGE_PERSON, city: 'Sonpur', aadhaar: OMKAR_AADHAAR })
  const loans = new LoanFormPage(owner.page)
  for (const person of ['Ramesh Rampur', 'Sita Rampur', OTHER_VILLAGE_PERSON]) {
    await loans.add({
      person,
      amount: '10000',
      rate: '2',
      type: 'Per Month',
      startDate: day(-60),
      dueDate: day(120),
      description: `Seeds of ${person}`,
    })
  }
  await owner.shell.waitSynced()
  const code = await inviteCollector(owner, ['Rampur'])
  // A viewer (an accountant) reads the same book on a laptop.
  const viewerCode = await inviteViewer(owner)
  const { device: viewer } = await newLenderDevice(browser)
  await joinAndOpen(viewer, viewerCode)
  await expect(viewer.page).toHaveURL(/\/dashboard$/)

  // The collector, on his phone: joining opens his day, not the book.
  const { device: collector, lender: collectorAccount } = await newLenderDevice(browser, phone)
  const received: string[] = []
  collector.page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) {
      void response.text().then(
        (text) => received.push(text),
        () => undefined,
      )
    }
  })
  collector.page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) =>
      received.push(typeof payload === 'string' ? payload : payload.toString('latin1')),
    ),
  )
  await joinAndOpen(collector, code)
  const page = collector.page
  await expect(page).toHaveURL(/\/collect$/)
  await expect(page.getByText('Collecting for')).toBeVisible()
  const list = page.getByRole('region', { name: 'People' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await expect(list).toContainText('Ramesh Rampur')
  await expect(list).toContainText('Sita Rampur')

  // A reminder as the lender's app would send it: what is due, from the engine's figures.
  await list.getByRole('button', { name: 'Remind Ramesh Rampur' }).click()
  const remind = list.getByRole('link', { name: 'Remind on WhatsApp' })
  const reminder = decodeURIComponent((await remind.getAttribute('href')) ?? '')
  expect(reminder).toContain('wa.me/919876543210')
  expect(reminder).toContain('Ramesh Rampur')
  await list.getByRole('button', { name: 'Remind Ramesh Rampur' }).click()

  // A day offline: five deposits, kept on the phone, counted on his figures at once. His phone
  // has the app installed by now, as any phone has once the first visit is done.
  await appInstalled(collector)
  await collector.context.setOffline(true)
  await collect(page, 'Ramesh Rampur', '500')
  await collect(page, 'Sita Rampur', '300')
  await collect(page, 'Ramesh Rampur', '200')
  await collect(page, 'Sita Rampur', '100')
  await collect(page, 'Ramesh Rampur', '50')
  const today = page.getByRole('region', { name: 'Collected today' })
  await expect(today).toContainText('₹1,150.00')
  await expect(today).toContainText('5 deposits')
  await expect(
    page.getByRole('status').filter({ hasText: '5 deposits wait on this phone' }),
  ).toHaveCount(1)
  const recorded = page.getByRole('region', { name: 'Recorded on this phone' })
  await expect(recorded.getByText('Waiting to send')).toHaveCount(5)
  await check(page, 'collector: his day, offline')
  // The receipt of the last one, as it will be sent: the split and what is still due.
  const receipt = page.getByRole('region', { name: 'Recorded', exact: true })
  await expect(receipt).toContainText('₹50.00 received from Ramesh Rampur')
  const whatsApp = receipt.getByRole('link', { name: 'Send receipt on WhatsApp' })
  const message = decodeURIComponent((await whatsApp.getAttribute('href')) ?? '')
  expect(message).toContain('₹50.00')
  expect(message).toMatch(/interest/i)
  // Numbered on his phone, offline: the fifth of its series, the same on his list.
  const number = /Receipt No\. ([0-9A-Z]{6}-5) · code [0-9A-Z]{4}-[0-9A-Z]{4}/.exec(message)?.[0]
  expect(number).toBeTruthy()
  const lastRow = recorded.getByRole('listitem').filter({ hasText: 'Ramesh Rampur · ₹50.00' })
  await expect(lastRow).toContainText(number!)

  // The phone closes the tab, still offline: his day is all there when it opens again.
  await page.reload()
  await expect(today).toContainText('₹1,150.00')
  await expect(recorded.getByText('Waiting to send')).toHaveCount(5)

  // Online again, the deposits reach the book, each once.
  await collector.context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(recorded.getByText('In the book')).toHaveCount(5, { timeout: 30_000 })
  await expect(today).toContainText('₹1,150.00')
  // The book keeps the number his phone gave.
  await expect(lastRow).toContainText(number!)

  // The owner's book has them, named with him.
  const dashboard = new DashboardPage(owner.page)
  await dashboard.goto()
  await expect(dashboard.tile('Paid')).toContainText('₹1,150.00')
  const ramesh = await dashboard.openPerson('Ramesh Rampur')
  const card = ramesh.card('Seeds of Ramesh Rampur')
  await ramesh.showDetails(card)
  await expect(card.getByText(collectorAccount.email)).toHaveCount(3)

  // The viewer reads them too, live.
  const viewerDashboard = new DashboardPage(viewer.page)
  await viewerDashboard.goto()
  await expect(viewerDashboard.tile('Paid')).toContainText('₹1,150.00')

  // He typed one twice: he cannot void it, but he asks the owner, who voids it.
  const fifty = recorded.getByRole('listitem').filter({ hasText: 'Ramesh Rampur · ₹50.00' })
  await fifty.getByRole('button', { name: 'Ask to void' }).click()
  await fifty.getByLabel('Why should it be voided?').fill('typed twice')
  await fifty.getByRole('button', { name: 'Ask the owner' }).click()
  await expect(fifty).toContainText('You asked the owner to void it (typed twice)')
  const settings = new SettingsPage(owner.page)
  await settings.goto()
  const members = settings.section('Members')
  await members.getByRole('link', { name: 'Deposits and requests to review' }).click()
  const requests = owner.page.getByRole('region', { name: 'Requests to void' })
  await expect(requests).toContainText('asks you to void ₹50.00 received from Ramesh Rampur')
  await requests.getByRole('button', { name: 'Void it' }).click()
  const voidQuestion = owner.page.getByRole('alertdialog')
  await expect(voidQuestion).toContainText('Void ₹50.00 received from Ramesh Rampur, recorded by')
  await voidQuestion.getByRole('button', { name: 'Yes, do it' }).click()
  await expect(owner.page.getByRole('main')).toContainText('Nothing waits for your review.')
  await dashboard.goto()
  await expect(dashboard.tile('Paid')).toContainText('₹1,100.00')
  // His phone says so at its next sync, and counts it nowhere.
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(fifty).toContainText('The owner voided it (typed twice).')
  await expect(fifty).toContainText('Voided')
  await expect(today).toContainText('₹1,100.00')

  // The day book: ₹1,100 still with him until the owner records it handed over.
  await settings.goto()
  await members.getByRole('link', { name: 'Day book' }).click()
  const holding = owner.page.getByRole('region', { name: 'Cash still with the collector' })
  await expect(holding).toContainText('₹1,100.00')
  await check(owner.page, 'owner: day book')
  await owner.page.getByRole('button', { name: 'Record cash handed over' }).click()
  await expect(
    owner.page.getByRole('main').getByRole('status').filter({ hasText: 'handed over by' }),
  ).toContainText('₹1,100.00 handed over by')
  await expect(holding).toContainText('₹0.00')
  await expect(holding).toContainText('Everything received has been handed over.')

  // Nothing he was never to see reached his phone: not in a frame, not in a response, not in
  // IndexedDB.
  const stored = await indexedDbText(page)
  for (const text of [stored, received.join('\n')]) {
    expect(text).toContain('Ramesh Rampur')
    expect(text).not.toContain(RAMESH_AADHAAR)
    expect(text).not.toContain(OMKAR_AADHAAR)
    expect(text).not.toContain(OTHER_VILLAGE_PERSON)
  }

  // Removed while he is out of coverage, he is told so when he reconnects; what he recorded
  // meanwhile waits for the owner's review and counts nowhere until she accepts it.
  await collector.context.setOffline(true)
  await settings.goto()
  await members
    .getByRole('list', { name: 'People in your book' })
    .getByRole('listitem')
    .filter({ hasText: collectorAccount.email })
    .getByRole('button', { name: 'Remove' })
    .click()
  await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
  await expect(members.getByRole('status')).toContainText('is removed from your book')
  await collect(page, 'Sita Rampur', '75')
  await collector.context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(recorded.getByText('Held for review')).toHaveCount(1, { timeout: 30_000 })
  await expect(page.getByText('You no longer collect for this book.')).toBeVisible()
  // His villages' people are no longer his to see, on his phone either.
  await expect(list).toHaveCount(0)
  expect(await indexedDbText(page)).not.toContain('"villages"')
  await dashboard.goto()
  await expect(dashboard.tile('Paid')).toContainText('₹1,100.00')
  const waiting = owner.page.getByRole('status', { name: 'To review' })
  await expect(waiting).toContainText('1 deposit or request from your collectors waits')
  await waiting.getByRole('link', { name: 'Review' }).click()
  const held = owner.page.getByRole('region', { name: 'Deposits from removed collectors' })
  await expect(held).toContainText(`${collectorAccount.email}: 1 deposit`)
  await expect(held).toContainText('Sita Rampur')
  await check(owner.page, 'owner: review')
  await held.getByRole('button', { name: 'Accept into the book' }).click()
  const question = owner.page.getByRole('alertdialog')
  await expect(question).toContainText('Record 1 deposit of ₹75.00 from')
  await question.getByRole('button', { name: 'Yes, do it' }).click()
  await expect(owner.page.getByRole('main').getByRole('status')).toContainText(
    '1 deposit recorded in your book; 0 refused.',
  )
  await dashboard.goto()
  await expect(dashboard.tile('Paid')).toContainText('₹1,175.00')
  // In Hindi, his list says the same.
  await collector.shell.openFromMenu('हिन्दी')
  // Step by step, so that a failure says which part did not happen: the switch, still on his
  // page (once, in a full run, the list was not found and nothing said why), then the list.
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  await expect(page).toHaveURL(/\/collect$/)
  await expect(page.getByText('अब आप इस बही-खाते के लिए वसूली नहीं करते।')).toBeVisible()
  await expect(page.getByRole('region', { name: 'इस फ़ोन पर दर्ज' })).toContainText('जाँच के लिए रुका')
  expect(problems).toEqual([])
})
