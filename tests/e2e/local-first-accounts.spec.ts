import { expect, test } from '@playwright/test'
import { goOffline, goOnline, offlineReadyLender, secondDevice, unsaved } from './pages/devices.ts'
import { LoginPage, newLender } from './pages/LoginPage.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'

test('5. accounts on one device: no lender sees another’s data, and unsaved changes survive sign-out', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { device, lender: first } = await offlineReadyLender(browser, 'Rampur', ['Saved Sunil'])
  const { page, shell } = device

  await goOffline(device)
  await new PersonFormPage(page).add({ name: 'Unsaved Uma', city: 'Rampur' })
  await expect(shell.sync).toContainText(unsaved(1))

  // Logging out with a change the server does not have asks first; Cancel keeps the lender in.
  const dialog = page.getByRole('alertdialog')
  await shell.pressLogout()
  await expect(dialog).toContainText('1 change on this device is not saved to the server yet')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/people$/)
  await shell.logOutAnyway()
  await goOnline(device)

  // Another lender on the same device sees none of the first one's people, saved or not.
  const second = newLender()
  const login = new LoginPage(page)
  await login.signUp(second.email, second.password)
  const people = new PeoplePage(page)
  await expect(page.getByText(second.email)).toBeVisible()
  await expect(page.getByText('No people found.', { exact: true })).toBeVisible()
  await expect(page.getByText(/Saved Sunil|Unsaved Uma/)).toHaveCount(0)
  await shell.waitSynced()
  // Nothing pending for this lender, so no question this time.
  await shell.logout()

  // The first lender is back: the change made before logging out is there and reaches the server.
  await login.goto()
  await login.submitAndEnter('Login', first.email, first.password)
  await expect(people.row('Unsaved Uma')).toHaveCount(1)
  await expect(people.row('Saved Sunil')).toHaveCount(1)
  await shell.waitSynced()
  const other = await secondDevice(browser, device)
  await expect(new PeoplePage(other.page).row('Unsaved Uma')).toHaveCount(1)
})

test('6. a session that expires offline: the app keeps working, asks for sign-in on reconnect, loses nothing', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const { device, lender } = await offlineReadyLender(browser, 'Rampur')
  const { page, shell } = device
  await goOffline(device)

  // While the device is offline its session ends on the server (signed out with its own cookie,
  // as another tab or an expiry would).
  const { cookies } = await device.context.storageState()
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  const ended = await request.post('/api/auth/sign-out', {
    headers: { cookie, origin: baseURL! },
    data: {},
  })
  expect(ended.ok()).toBe(true)

  // Offline, the device cannot know: it keeps working on its own data, across a reload too.
  const personForm = new PersonFormPage(page)
  await personForm.add({ name: 'Offline Omkar', city: 'Rampur' })
  await page.reload()
  const people = new PeoplePage(page)
  await expect(people.row('Offline Omkar')).toHaveCount(1)
  await expect(shell.sync).toContainText(unsaved(1))

  // Back online, the server refuses the session: the app asks for sign-in, and says why.
  await goOnline(device)
  await expect(page).toHaveURL(/\/login$/)
  // Its session had days left, so it was ended on purpose: the app says so, not "expired".
  await expect(page.getByRole('status')).toContainText('This device was signed out')
  await new LoginPage(page).submitAndEnter('Login', lender.email, lender.password)
  await expect(people.row('Offline Omkar')).toHaveCount(1)
  await shell.waitSynced()
  const other = await secondDevice(browser, device)
  await expect(new PeoplePage(other.page).row('Offline Omkar')).toHaveCount(1)
})
