import { expect, test } from '@playwright/test'
import { CitiesPage } from './pages/CitiesPage.ts'
import { signUpNewLender } from './pages/LoginPage.ts'
import { Shell } from './pages/Shell.ts'

test('desktop top bar: title, the four links, Trash, Settings, email and Logout', async ({
  page,
}) => {
  const { email } = await signUpNewLender(page)
  const shell = new Shell(page)

  await expect(page.getByRole('link', { name: 'Rin Khata' })).toBeVisible()
  for (const [name, path] of [
    ['Dashboard', '/dashboard'],
    ['People', '/people'],
    ['Loans', '/loans'],
    ['Cities', '/city'],
    ['Trash', '/trash'],
    ['Settings', '/settings'],
  ] as const) {
    await shell.follow(shell.mainNav, name, path)
    await expect(shell.mainNav.getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
  }
  await expect(shell.tabs).toBeHidden()
  await expect(page.getByText(email)).toBeVisible()
  await expect(shell.logoutButton()).toHaveCount(1)
})

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('bottom tabs, the menu with Trash, and Logout', async ({ page }) => {
    await signUpNewLender(page)
    const shell = new Shell(page)

    await expect(shell.mainNav).toBeHidden()
    for (const [name, path] of [
      ['Dashboard', '/dashboard'],
      ['Loans', '/loans'],
      ['Cities', '/city'],
      ['People', '/people'],
    ] as const) {
      await shell.follow(shell.tabs, name, path)
    }

    await shell.openFromMenu('Trash')
    await expect(page).toHaveURL(/\/trash$/)

    // Logout is in the Menu, not a tab beside Cities.
    await expect(shell.tabs.getByRole('button', { name: 'Logout' })).toHaveCount(0)
    await shell.pressLogout()
    await expect(page).toHaveURL(/\/login$/)
  })
})

test('the sync indicator reaches Synced and counts changes made offline', async ({
  page,
  context,
}) => {
  await signUpNewLender(page)
  const shell = new Shell(page)
  await shell.waitSynced()

  await shell.mainNav.getByRole('link', { name: 'Cities' }).click()
  // On the page before the network goes: its code may still be on its way.
  await expect(page.getByRole('heading', { name: 'Cities' })).toBeVisible()
  await context.setOffline(true)
  await expect(shell.sync).toHaveText('Offline')
  const cities = new CitiesPage(page)
  const tag = Date.now().toString(36)
  await cities.add(`Offline Pur ${tag}`)
  await expect(shell.sync).toHaveText(/^Offline.*1 unsaved change$/)
  await cities.add(`Offline Nagar ${tag}`)
  await expect(shell.sync).toHaveText(/^Offline.*2 unsaved changes$/)

  await context.setOffline(false)
  await shell.waitSynced()
})
