import { expect, test, type Browser } from '@playwright/test'
import type { Device } from './pages/devices.ts'
import { newLenderDevice } from './pages/devices.ts'
import { LoginPage } from './pages/LoginPage.ts'
import { SettingsPage } from './pages/SettingsPage.ts'
import { Shell } from './pages/Shell.ts'

/** Another device of the lender, signed in through the login form: a session of its own. */
async function signInElsewhere(
  browser: Browser,
  lender: { email: string; password: string },
): Promise<Device> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const login = new LoginPage(page)
  await login.goto()
  await login.submitAndEnter('Login', lender.email, lender.password)
  return { context, page, shell: new Shell(page) }
}

/** The names of the IndexedDB databases of the device's origin. */
function databases(device: Device): Promise<string[]> {
  return device.page.evaluate(async () =>
    (await indexedDB.databases()).map((database) => database.name ?? ''),
  )
}

test('settings: a lost phone is signed out from another device and keeps its data', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { device: laptop, lender } = await newLenderDevice(browser)
  const laptopSettings = new SettingsPage(laptop.page)
  await laptop.shell.navLink('Settings').click()
  await expect(laptop.page).toHaveURL(/\/settings$/)
  await laptopSettings.nameDevice('Office laptop')

  const phone = await signInElsewhere(browser, lender)
  const phoneSettings = new SettingsPage(phone.page)
  await phoneSettings.goto()
  await phoneSettings.nameDevice("Ramesh's phone")
  await phone.shell.waitSynced()

  // The laptop lists both devices by name, itself first.
  await laptopSettings.goto()
  await expect(laptopSettings.device('Office laptop')).toContainText('This device')
  await expect(laptopSettings.device("Ramesh's phone")).toContainText(/Last seen/)
  await expect(laptopSettings.device('Office laptop').getByRole('button')).toHaveCount(0)

  await laptopSettings.signOutDevice("Ramesh's phone")
  await expect(laptopSettings.device("Ramesh's phone")).toHaveCount(0)
  await expect(laptopSettings.section('Devices')).toContainText('No other device is signed in.')

  // The phone is sent to the login screen; what it had stays on it.
  await expect(phone.page).toHaveURL(/\/login$/, { timeout: 5_000 })
  // It is told why: signed out from another device, not a session that ran out.
  await expect(phone.page.getByRole('status')).toContainText(
    'This device was signed out from another device',
  )
  await expect(phone.page.getByText('Your session has expired')).toHaveCount(0)
  expect((await databases(phone)).some((name) => name.startsWith('rin-khata/users/'))).toBe(true)
  // The laptop is still in.
  await laptop.shell.navLink('People').click()
  await expect(laptop.page.getByRole('heading', { name: 'People', exact: true })).toBeVisible()
  await expect(laptop.page).toHaveURL(/\/people$/)
})

test('settings: changing the password signs out the other devices, not this one', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { device: laptop, lender } = await newLenderDevice(browser)
  const phone = await signInElsewhere(browser, lender)
  const settings = new SettingsPage(laptop.page)
  await settings.goto()

  // Refusals of the new password are said beside it.
  const newPassword = settings.section('Change password').getByLabel('New password')
  await settings.changePassword(lender.password, 'too short')
  await expect(settings.passwordMessage()).toHaveText(
    'The new password must have at least 10 characters.',
  )
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true')
  await settings.changePassword(lender.password, 'basketball')
  await expect(settings.passwordMessage()).toHaveText(
    'This password is one of the most common ones, which are guessed first. Please choose another.',
  )
  await settings.changePassword('not my password', 'a brand new password')
  await expect(settings.passwordMessage()).toHaveText('The current password is not right.')
  await settings.changePassword(lender.password, 'a brand new password')
  await expect(settings.passwordMessage()).toHaveText(
    'Your password is changed. Every other device is signed out.',
  )
  await expect(phone.page).toHaveURL(/\/login$/, { timeout: 5_000 })
  await expect(settings.section('Devices')).toContainText('No other device is signed in.')

  // The phone gets back in with the new password only.
  const login = new LoginPage(phone.page)
  expect(await login.submitUntilAnswered('Login', lender.email, lender.password)).toBe('refused')
  await login.submitAndEnter('Login', lender.email, 'a brand new password')
})

test('settings fits a 390 px wide phone, reached from the Menu', async ({ browser }) => {
  const { device } = await newLenderDevice(browser)
  await device.page.setViewportSize({ width: 390, height: 844 })
  await device.shell.openFromMenu('Settings')
  const settings = new SettingsPage(device.page)
  await expect(device.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await settings.nameDevice('A phone with a rather long name, forty c')
  await expect(settings.device('A phone with a rather long name, forty c')).toBeVisible()
  const overflow = await device.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBe(0)
})
