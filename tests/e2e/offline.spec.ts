import { expect, test } from '@playwright/test'
import { signUpWithBorrower } from './pages/borrower.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { Shell } from './pages/Shell.ts'

test('with the server unreachable, a reload still opens the ledger from IndexedDB', async ({
  page,
}) => {
  const { email } = await signUpWithBorrower(page, { name: 'Meera', city: 'Rampur' })
  const shell = new Shell(page)
  await shell.waitSynced()

  // The page itself still loads (no service worker yet), but neither the session check nor the
  // sync socket gets an answer: the cached user and IndexedDB must carry the whole screen.
  await page.route('**/api/auth/**', (route) => route.abort('internetdisconnected'))
  await page.routeWebSocket(/\/sync\//, (socket) => socket.close({ code: 1006 }))
  await page.reload()
  const people = new PeoplePage(page)
  await expect(people.row('Meera')).toHaveCount(1)
  await expect(page.getByText(email)).toBeVisible()
  await expect(shell.sync).toHaveText('Offline')
})
