/**
 * Issue 30, item 4: the login visit on slow 4G spent its first seconds on the statement PDF's
 * code (pdfmake 286 kB, the statement PDF with its fonts 161 kB, compressed), precached by the
 * service worker before anyone asked for a PDF. Now the service worker leaves it out; the code is
 * fetched when a statement is first opened and kept from then on, so the PDF still works offline.
 */
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { addDays } from '../../shared/dates.ts'
import { addBorrower, loanTerms } from './pages/borrower.ts'
import { browserToday } from './pages/clock.ts'
import { appInstalled, goOffline, newLenderDevice, phone } from './pages/devices.ts'
import { pdfText, slow } from './pages/screens.ts'

const PDF_CODE = /\/assets\/(pdfmake|statementPdf)-[^/]*\.js$/

/** Every URL the page's origin keeps in Cache Storage (the service worker's caches). */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname)
    }
    return urls
  })
}

test('390 px: the login visit caches no PDF code; the first statement fetches it and a PDF is made offline after', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const today = browserToday()
  const { device } = await newLenderDevice(browser, phone)
  const { page } = device
  await appInstalled(device)
  const installed = await cachedUrls(page)
  // The app itself is precached (it opens offline)...
  expect(installed.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(10)
  // ...but not the PDF code, which a login visit would otherwise download at once.
  expect(installed.filter((url) => PDF_CODE.test(url))).toEqual([])

  await addBorrower(page, {
    name: 'Sita Devi',
    village: 'Kherwara',
    loans: [
      {
        loan: loanTerms('well', {
          amount: 20_000_00,
          interestRate: 2,
          interestType: 'per_month',
          startDate: addDays(today, -60),
          dueDate: addDays(today, 60),
        }),
        description: 'Well',
      },
    ],
  })
  await page.getByRole('link', { name: 'Statement' }).click()
  await slow(page.getByRole('article', { name: 'Statement' })).toBeVisible()
  // Opening a statement fetches the PDF code, and the service worker keeps both files.
  await expect
    .poll(async () => (await cachedUrls(page)).filter((url) => PDF_CODE.test(url)).length, {
      timeout: 30_000,
    })
    .toBe(2)

  // With no network, a reload still opens the statement and makes the PDF.
  await goOffline(device)
  await page.reload()
  await slow(page.getByRole('article', { name: 'Statement' })).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ])
  const text = await pdfText(new Uint8Array(readFileSync(await download.path())))
  expect(text).toContain('SitaDevi')
  await device.context.close()
})
