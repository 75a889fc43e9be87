import { expect, test } from '@playwright/test'
import enAuth from '../../src/i18n/locales/en/auth.json' with { type: 'json' }
import hiAuth from '../../src/i18n/locales/hi/auth.json' with { type: 'json' }
import hiCommon from '../../src/i18n/locales/hi/common.json' with { type: 'json' }
import hiSettings from '../../src/i18n/locales/hi/settings.json' with { type: 'json' }
import hiShell from '../../src/i18n/locales/hi/shell.json' with { type: 'json' }
import { signUpInHindi } from './pages/catalogue.ts'
import { newLender } from './pages/LoginPage.ts'
import { Shell } from './pages/Shell.ts'

// The Hindi texts come from the catalogue itself, so a better word there does not break this
// test; what it checks is that the screens show the Hindi catalogue, not the English one.

test('a lender switches to Hindi on the login screen, keeps it after a reload, and switches back', async ({
  page,
}) => {
  // A sign-up, two reloads and three screens: over a minute on a busy two-core machine.
  test.setTimeout(150_000)
  const { email, password } = newLender()
  await page.goto('/login')
  // The browser here speaks en-IN, so the first visit is in English.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible()

  // A message already on screen follows the switch too.
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText(enAuth.messages.required)

  // Each language is written in its own script, so a lender finds theirs without reading the other.
  const languages = page.getByRole('group', { name: 'Language' })
  await languages.getByRole('button', { name: 'हिन्दी' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  await expect(page.getByRole('heading', { name: hiAuth.login.title, level: 1 })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText(hiAuth.messages.required)
  await expect(page.getByRole('group', { name: hiCommon.language })).toBeVisible()
  await expect(page).toHaveTitle(hiCommon.appName)

  await signUpInHindi(page, email, password)

  // The shell: the links of the top bar, the sync indicator and Logout are in Hindi.
  const mainNav = page.getByRole('navigation', { name: hiShell.mainNav })
  for (const word of Object.values(hiShell.nav)) {
    await expect(mainNav.getByRole('link', { name: word, exact: true })).toBeVisible()
  }
  const sync = page.getByRole('status', { name: hiShell.sync.label })
  await expect(sync).toHaveText(hiShell.sync.synced, { timeout: 20_000 })
  await expect(page.getByRole('button', { name: hiShell.logout, exact: true })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)

  // Settings: its title and sections in Hindi, and the switch showing Hindi chosen.
  await mainNav.getByRole('link', { name: hiShell.nav.settings, exact: true }).click()
  await expect(page.getByRole('heading', { name: hiSettings.title, level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: hiSettings.sections.password })).toBeVisible()
  await expect(
    page.getByRole('region', { name: hiSettings.sections.deviceName }).getByRole('button', {
      name: hiSettings.deviceName.save,
    }),
  ).toBeVisible()
  const languageSection = page.getByRole('region', { name: hiSettings.sections.language })
  await expect(languageSection.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  // At phone width the bottom tabs are in Hindi too, and so is the Menu with Logout.
  await page.setViewportSize({ width: 390, height: 844 })
  const tabs = page.getByRole('navigation', { name: hiShell.tabs })
  await expect(tabs.getByRole('link', { name: hiShell.nav.people, exact: true })).toBeVisible()
  await expect(tabs.getByRole('button', { name: hiShell.logout, exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: hiShell.menu, exact: true }).click()
  await expect(page.getByRole('menuitem', { name: hiShell.logout, exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 1280, height: 800 })

  // This device remembers the choice.
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  await expect(page.getByRole('heading', { name: hiSettings.title, level: 1 })).toBeVisible()
  await expect(mainNav.getByRole('link', { name: hiShell.nav.dashboard })).toBeVisible()

  // Back to English: everything reads as before.
  await page
    .getByRole('region', { name: hiSettings.sections.language })
    .getByRole('button', { name: 'English' })
    .click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await expect(page).toHaveTitle('Rin Khata')
  const shell = new Shell(page)
  for (const name of ['Dashboard', 'People', 'Loans', 'Cities', 'Trash', 'Settings']) {
    await expect(shell.mainNav.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await shell.waitSynced()
  await expect(shell.logoutButton()).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
})

test.describe('a browser whose language is Hindi', () => {
  test.use({ locale: 'hi-IN' })

  test('opens the app in Hindi on the first visit', async ({ page }) => {
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
    await expect(page.getByRole('heading', { name: hiAuth.login.title, level: 1 })).toBeVisible()
    await expect(page.getByLabel(hiAuth.email)).toBeVisible()
  })
})
