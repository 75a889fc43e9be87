import { expect, test } from '@playwright/test'

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
