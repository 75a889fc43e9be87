import { expect, test } from '@playwright/test'
import { signUpNewLender } from './pages/LoginPage.ts'

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

test('7. installable: a manifest with name, theme and icons that Chromium accepts', async ({
  page,
  request,
}) => {
  await page.goto('/login')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBeTruthy()
  const response = await request.get(href!)
  expect(response.headers()['content-type']).toContain('application/manifest+json')
  const manifest = (await response.json()) as {
    name: string
    short_name: string
    lang: string
    display: string
    start_url: string
    theme_color: string
    background_color: string
    icons: { src: string; sizes: string; type: string; purpose?: string }[]
  }
  expect(manifest).toMatchObject({
    name: 'Rin Khata',
    short_name: 'Rin Khata',
    lang: 'en-IN',
    display: 'standalone',
    start_url: '/',
    theme_color: '#285e61',
  })
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)

  // Each icon is a real PNG of the size it claims; launchers need 192, 512 and a maskable one.
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src)
    expect(image.headers()['content-type']).toBe('image/png')
    expect(pngSize(await image.body())).toBe(icon.sizes)
  }
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))

  // Chromium's own verdict, the one behind its "Install app" prompt: once the service worker
  // controls the page, nothing stands in the way of installing it. (A Playwright context is an
  // incognito profile, where Chromium never offers to install anything; that one is not ours.)
  // The service worker is registered once a book is open on the device, not on the login screen.
  await signUpNewLender(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  const cdp = await page.context().newCDPSession(page)
  await expect
    .poll(async () => {
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      return installabilityErrors
        .map((error) => error.errorId)
        .filter((id) => id !== 'in-incognito')
    })
    .toEqual([])
})

/**
 * Issue 30: a first visit to the login screen on slow 4G spent its first seconds on every
 * screen's code, which the service worker precached at once. Now it loads the login screen's own
 * code; the app is installed for offline use once a book is open on the device.
 */
test('the login visit fetches only its own code; the app installs once a book is open', async ({
  page,
}) => {
  const scripts = new Set<string>()
  page.context().on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname)
  })
  await page.goto('/login')
  await expect(page.getByLabel('Email')).toBeVisible()
  // Long enough for a service worker registered at load to be installing, and fetching.
  await page.waitForTimeout(1_500)
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) ?? null),
  ).toBeNull()
  const onLogin = scripts.size

  await signUpNewLender(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  const kept = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    }
    return urls.filter((url) => url.endsWith('.js')).length
  })
  console.log(`login visit: ${onLogin} scripts; installed after sign-up: ${kept} scripts kept`)
  expect(onLogin).toBeLessThan(kept / 2)
})
