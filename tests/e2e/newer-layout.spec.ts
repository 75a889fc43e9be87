/**
 * A book another device has saved with a newer app: this app would misread it, so it shows
 * nothing of it, offers the update, and keeps doing so after a reload (from IndexedDB).
 */
import { expect, test } from '@playwright/test'
import { SCHEMA_VERSION, metaMap } from '../../shared/schema/doc.ts'
import { newLenderDevice, phone } from './pages/devices.ts'
import { PeoplePage } from './pages/PeoplePage.ts'
import { changeBookElsewhere } from './pages/elsewhere.ts'

test('a book saved by a newer app is not shown here until the app is updated', async ({
  browser,
  baseURL,
}) => {
  const { device } = await newLenderDevice(browser, phone)
  const { page } = device
  const people = new PeoplePage(page)
  await expect(people.count).toHaveText('Showing 0 of 0 people')
  const gate = page.getByRole('alert').filter({
    has: page.getByRole('heading', { name: 'Update Rin Khata to open this book' }),
  })
  await expect(gate).toHaveCount(0)

  await changeBookElsewhere(device, baseURL as string, (doc) =>
    metaMap(doc).set('schemaVersion', SCHEMA_VERSION + 1),
  )

  await expect(gate).toBeVisible()
  await expect(page.getByRole('heading', { name: 'People', exact: true })).toHaveCount(0)
  await expect(people.count).toHaveCount(0)
  // Another screen is no way round it.
  await page.goto('/loans')
  await expect(gate).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Loans', exact: true })).toHaveCount(0)

  // The update reloads the app; this server still serves this version, so the book stays closed.
  // Waited for before the click: a quick reload could fire `load` before the wait began.
  await Promise.all([
    page.waitForEvent('load'),
    gate.getByRole('button', { name: 'Update now' }).click(),
  ])
  await expect(gate).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Loans', exact: true })).toHaveCount(0)
  await device.context.close()
})
