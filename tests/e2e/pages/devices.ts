import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test'
import { MessageType } from '../../../shared/protocol.ts'
import { addCity } from './CitiesPage.ts'
import { signUpNewLender, signUpThroughForm } from './LoginPage.ts'
import { PersonFormPage } from './PersonFormPage.ts'
import { PersonLoansPage } from './PersonLoansPage.ts'
import { Shell } from './Shell.ts'

/** One device of a lender: its own browser context (cookies, IndexedDB, service worker). */
export interface Device {
  context: BrowserContext
  page: Page
  shell: Shell
}

async function open(context: BrowserContext): Promise<Device> {
  const page = await context.newPage()
  return { context, page, shell: new Shell(page) }
}

/** A phone: 390×844, touch, mobile viewport (the size the reports come from). */
export const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
}

/** A new device on which a brand-new lender has signed up; lands on /people. */
export async function newLenderDevice(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ device: Device; lender: { email: string; password: string } }> {
  const device = await open(await browser.newContext(options))
  const lender = await signUpNewLender(device.page)
  return { device, lender }
}

/** The page of a brand-new lender's own new device, signed up and on /people. */
export async function newLenderPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const { device } = await newLenderDevice(browser, options)
  return device.page
}

/**
 * A brand-new lender's device with `city` and these people in it, entered through the forms,
 * all of it stored on the server and the app installed: from here it may go offline. The lender
 * signed up through the form, as on a device one works on offline, so it also knows their
 * password for an offline sign-in.
 */
export async function offlineReadyLender(
  browser: Browser,
  city: string,
  people: readonly string[] = [],
  options: BrowserContextOptions = {},
): Promise<{ device: Device; lender: { email: string; password: string } }> {
  const device = await open(await browser.newContext(options))
  const lender = await signUpThroughForm(device.page)
  await addCity(device.page, city)
  for (const name of people) await new PersonFormPage(device.page).add({ name, city })
  await readyForOffline(device)
  return { device, lender }
}

/**
 * A new device of `first`'s lender, not yet opened: a context with `first`'s session cookie and
 * nothing else (its own IndexedDB, empty, and no service worker yet). The cookie rather than the
 * sign-in form: the sign-in endpoint allows a few attempts per address per 10 s, and these tests
 * are about sync, not sign-in.
 */
export async function sameLenderContext(
  browser: Browser,
  first: Device,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const { cookies } = await first.context.storageState()
  return browser.newContext({ ...options, storageState: { cookies, origins: [] } })
}

/** A second device of the same lender (see `sameLenderContext`), open on /people. */
export async function secondDevice(browser: Browser, first: Device): Promise<Device> {
  const device = await open(await sameLenderContext(browser, first))
  await device.page.goto('/people')
  await expect(device.page.getByRole('heading', { name: 'People', exact: true })).toBeVisible()
  return device
}

/**
 * A second device of `first`'s lender, opened once `first` has stored everything, on the loans
 * page of `person` until it shows their `loans` loans and is synced; then the app is installed on
 * both, so the two can go offline.
 */
export async function secondDeviceReadyForOffline(
  browser: Browser,
  first: Device,
  person: { id: string; name: string },
  loans: number,
): Promise<Device> {
  await first.shell.waitSynced()
  const second = await secondDevice(browser, first)
  await new PersonLoansPage(second.page).goto(person.id, person.name)
  await expect(second.page.getByRole('article')).toHaveCount(loans)
  await second.shell.waitSynced()
  await Promise.all([appInstalled(first), appInstalled(second)])
  return second
}

/**
 * Waits until the service worker has precached the app, so that the app opens with no network.
 * A real lender gets this on their first visit; a test must not cut the network before it.
 */
export async function appInstalled(device: Pick<Device, 'page'>): Promise<void> {
  await device.page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
}

/**
 * Waits until the server has every change and the app is installed: from here the device opens
 * and works with no network.
 */
export async function readyForOffline(device: Device): Promise<void> {
  await device.shell.waitSynced()
  await appInstalled(device)
}

/** Cuts the device's network (the app is told through the browser's `offline` event). */
export async function goOffline(device: Device): Promise<void> {
  await device.context.setOffline(true)
  await expect(device.shell.sync).toContainText('Offline')
}

/** Gives the device its network back. */
export async function goOnline(device: Device): Promise<void> {
  await device.context.setOffline(false)
}

/** Gives the device its network back and waits until the server has every change. */
export async function backOnline(device: Device): Promise<void> {
  await goOnline(device)
  await device.shell.waitSynced()
}

/** `n` unsaved changes, as the sync indicator words it. */
export function unsaved(n: number): RegExp {
  return new RegExp(`${n} unsaved ${n === 1 ? 'change' : 'changes'}`)
}

/**
 * Puts a proxy between the device's pages and the sync server that can hold back the server's
 * `stored` acknowledgements while letting everything else through, so a test can see what the
 * app shows when the server has a change but has not yet said it stored it. Only sockets opened
 * after this call go through it.
 */
export async function ackValve(
  context: BrowserContext,
): Promise<{ hold(): void; release(): void }> {
  let holding = false
  const held: (() => void)[] = []
  await context.routeWebSocket(/\/sync\//, (page) => {
    const server = page.connectToServer()
    page.onMessage((message) => server.send(message))
    server.onMessage((message) => {
      const stored = typeof message !== 'string' && message[0] === MessageType.stored
      if (holding && stored) held.push(() => page.send(message))
      else page.send(message)
    })
  })
  return {
    hold: () => {
      holding = true
    },
    release: () => {
      holding = false
      for (const send of held.splice(0)) send()
    },
  }
}
