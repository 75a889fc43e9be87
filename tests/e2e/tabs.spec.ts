import { expect, test, type Page } from '@playwright/test'
import { SYNC_PATH } from '../../shared/protocol.ts'
import { goOffline, goOnline, offlineReadyLender } from './pages/devices.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { Shell } from './pages/Shell.ts'

/** y-protocols' sync message kinds, after the leading 0 that marks a sync message. */
const SYNC_STEP_1 = 0
const SYNC_STEP_2 = 1

/**
 * Listens, in `page`, on the channel the app's tabs share for the lender's book (y-websocket's:
 * the sync address and the room), and keeps the first two numbers of each message heard there.
 */
async function listenBetweenTabs(page: Page): Promise<void> {
  await page.evaluate(async (syncPath) => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as {
      user: { id: string }
    }
    const name = `${location.origin.replace(/^http/, 'ws')}${syncPath}/users/${session.user.id}`
    const w = window as unknown as { heardBetweenTabs: number[][] }
    w.heardBetweenTabs = []
    new BroadcastChannel(name).onmessage = (event: MessageEvent<ArrayBuffer>) => {
      w.heardBetweenTabs.push([...new Uint8Array(event.data).subarray(0, 2)])
    }
  }, SYNC_PATH)
}

/** The sync messages heard since `listenBetweenTabs` that offer or ask for a whole book. */
async function bookHandshakesHeard(page: Page): Promise<number> {
  const heard = await page.evaluate(
    () => (window as unknown as { heardBetweenTabs: number[][] }).heardBetweenTabs,
  )
  return heard.filter(
    ([kind, step]) => kind === 0 && (step === SYNC_STEP_1 || step === SYNC_STEP_2),
  ).length
}

test('two tabs of one book: offline, a change in one shows in the other; coming back online and a third tab opening send no tab the whole book', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { device } = await offlineReadyLender(browser, 'Rampur', ['Asha'])
  const other = await device.context.newPage()
  const otherPeople = new PeoplePage(other)
  await otherPeople.goto()
  await expect(otherPeople.row('Asha')).toHaveCount(1)
  await new Shell(other).waitSynced()
  await listenBetweenTabs(other)

  // No server between them: the tabs hear each other's changes on the browser's own channel.
  await goOffline(device)
  await new PersonFormPage(device.page).add({ name: 'Offline Om', city: 'Rampur' })
  await expect(otherPeople.row('Offline Om')).toHaveCount(1)

  // Back online, each tab reconnects to the server. Each used to broadcast its whole book to the
  // other tabs as it did (and ask theirs): a task of 530-560 ms per tab for 100,000 payments.
  await goOnline(device)
  await device.shell.waitSynced()
  await new Shell(other).waitSynced()
  // A third tab reads the book from this device's disk, not from the other tabs.
  const third = await device.context.newPage()
  const thirdPeople = new PeoplePage(third)
  await thirdPeople.goto()
  await expect(thirdPeople.row('Offline Om')).toHaveCount(1)
  await new Shell(third).waitSynced()
  expect(await bookHandshakesHeard(other)).toBe(0)

  // The tabs still hear each other's changes online.
  await new PersonFormPage(third).add({ name: 'Online Uma', city: 'Rampur' })
  await expect(otherPeople.row('Online Uma')).toHaveCount(1)
  await expect(new PeoplePage(device.page).row('Online Uma')).toHaveCount(1)
})
