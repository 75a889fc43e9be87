import { chromium, expect, test } from '@playwright/test'
import { authMessages } from '../../src/features/auth/authMessages.ts'
import { CitiesPage } from './pages/CitiesPage.ts'
import { phone } from './pages/devices.ts'
import { LoginPage, newLender } from './pages/LoginPage.ts'
import { PersonFormPage } from './pages/PersonFormPage.ts'
import { Shell } from './pages/Shell.ts'

// A LAN-style address: Chromium treats localhost as secure, so the test maps a made-up host
// name to the server. Plain http from such a name is an insecure context, as a phone on the
// shop's Wi-Fi opening http://192.168.1.5:3000 is.
const LAN_HOST = 'rin-khata-lan.test'

for (const [size, options] of [
  ['phone 390×844', phone],
  ['desktop 1280×800', { viewport: { width: 1280, height: 800 } }],
] as const) {
  test(`${size} over plain http from a LAN address: saving works and the login page says offline use needs https`, async ({
    baseURL,
  }) => {
    test.setTimeout(120_000)
    const port = new URL(baseURL!).port
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
      ],
    })
    try {
      const context = await browser.newContext({
        ...options,
        baseURL: `http://${LAN_HOST}:${port}`,
        locale: 'en-IN',
        timezoneId: 'Asia/Kolkata',
      })
      const page = await context.newPage()
      const login = new LoginPage(page)
      await login.goto()
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false)
      expect(await page.evaluate(() => typeof crypto.randomUUID)).toBe('undefined')
      await expect(page.getByText(authMessages.insecure)).toBeVisible()

      const { email, password } = newLender()
      await login.toSignUp()
      await login.submitAndEnter('Sign Up', email, password)
      // Every save makes an id: this used to fail with "crypto.randomUUID is not a function".
      const city = `Lan Nagar ${Date.now().toString(36)}`
      await new CitiesPage(page).goto()
      await new CitiesPage(page).add(city)
      await new PersonFormPage(page).add({ name: 'Http Hari', city })
      await expect(page.getByText('Http Hari').first()).toBeVisible()
      await expect(page.getByText(/randomUUID/)).toHaveCount(0)
      const shell = new Shell(page)
      await shell.waitSynced()
      await shell.pressLogout()
      await expect(page).toHaveURL(/\/login$/)
      await expect(page.getByText(authMessages.insecure)).toBeVisible()
    } finally {
      await browser.close()
    }
  })
}
