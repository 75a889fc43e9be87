/**
 * Issue 28, the layout part: at 360, 390 and 1280 px, in English and Hindi, online and offline,
 * no route is wider than the screen and no element reaches past its right edge; no date field
 * is the browser's own (which follows the phone's MM/DD/YYYY); and a laptop screen (1280×800)
 * shows at least 10 borrowers of the dashboard at once.
 *
 * One lender, one small book uploaded as a device would hold it (14 people, one of them and one
 * loan in Trash), one page walked through every route: the app navigates in place, as a lender's
 * taps do, so the walk stays quick.
 */
import { expect, test, type Page } from '@playwright/test'
import { buildBook } from '../fixtures/book.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { archiveLoan } from '../../shared/schema/loan.ts'
import { archivePerson } from '../../shared/schema/person.ts'
import { catalogue } from './pages/catalogue.ts'
import { newLenderDevice, readyForOffline } from './pages/devices.ts'
import { uploadBook } from './pages/elsewhere.ts'
import { animationsDone, everyScreen, goInApp } from './pages/screens.ts'

const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const
const LANGUAGES = ['en', 'hi'] as const
/** Where the app keeps this device's language (src/i18n/index.ts). */
const LANGUAGE_STORAGE_KEY = 'rin-khata.language'

/**
 * What on the page reaches past the screen's right edge (or makes the page scroll sideways):
 * each as "tag.class 'text' right=N". Elements with no box (hidden, visually hidden) are left out.
 */
async function pastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth
    const found: string[] = []
    const scroll = document.documentElement.scrollWidth
    if (scroll > width) found.push(`page scrollWidth ${scroll} > ${width}`)
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      if (box.right > width + 0.5) {
        const text = (el.textContent ?? '').trim().slice(0, 30)
        found.push(`${el.tagName.toLowerCase()} '${text}' right=${Math.round(box.right)}`)
      }
    }
    return found.slice(0, 8)
  })
}

/** Goes to `path` in place and lets a screen that is still loading its book settle. */
async function go(page: Page, path: string): Promise<void> {
  await goInApp(page, path)
  await page.waitForTimeout(150)
}

test('360, 390 and 1280 px, English and Hindi, online and offline: nothing past the screen, no native date field, 10 borrowers on a laptop screen', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(540_000)
  const { device } = await newLenderDevice(browser, { viewport: SIZES[2] })
  const { page, context } = device

  const { doc } = buildBook({ people: 14, loans: 20, payments: 30 })
  const book = readLender(doc)
  const [gone, person] = book.people
  const loan = book.loans.find((l) => l.personId === person?.id)
  // Three loans in Trash: each language restores one offline (a change the server has not yet
  // stored), and one stays for every walk.
  const goneLoans = book.loans
    .filter((l) => l.personId !== gone?.id && l.personId !== person?.id)
    .slice(0, 3)
  if (!gone || !person || !loan || goneLoans.length < 3) throw new Error('the book is too small')
  const now = { now: '2026-11-22T10:00:00.000Z' }
  archivePerson(doc, gone.id, now)
  for (const l of goneLoans) archiveLoan(doc, l.id, now)
  await uploadBook(device, doc, baseURL as string)
  await page.goto('/dashboard')
  await expect(
    page
      .getByRole('main')
      .getByText(/^Person \d+$/)
      .first(),
  ).toBeVisible({
    timeout: 60_000,
  })
  await readyForOffline(device)

  const routes = [...everyScreen(person.id, loan.id), '/settings', '/no-such-page']

  const problems: string[] = []
  async function walk(state: string, sizes: readonly { width: number; height: number }[]) {
    for (const size of sizes) {
      await page.setViewportSize(size)
      for (const route of routes) {
        await go(page, route)
        for (const p of await pastTheEdge(page))
          problems.push(`${state} ${size.width} ${route}: ${p}`)
        const mains = await page.getByRole('main').count()
        if (mains !== 1) problems.push(`${state} ${size.width} ${route}: ${mains} main landmarks`)
        const skipped = await page.evaluate(() => {
          const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
            .filter((h) => h.getBoundingClientRect().height > 0)
            .map((h) => Number(h.tagName[1]))
          return levels.filter((level, i) => i > 0 && level > (levels[i - 1] ?? 0) + 1).length
        })
        if (skipped > 0) problems.push(`${state} ${size.width} ${route}: a heading level skipped`)
        const dates = await page.locator('input[type=date]').count()
        if (dates > 0)
          problems.push(`${state} ${size.width} ${route}: ${dates} native date field(s)`)
      }
    }
  }

  /** The settle dialog of the person's first loan: its date field is ours, nothing overflows. */
  async function settleDialog(language: 'en' | 'hi', width: number) {
    const t = catalogue(language)
    await go(page, `/users/${person!.id}/loans`)
    await page
      .getByRole('button', { name: t('loans:waiver.open') })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: t('loans:waiver.title') })
    await expect(dialog).toBeVisible()
    // Measured once the dialog has finished growing in: mid-animation a 44 px field is 43.7.
    await animationsDone(page)
    expect(await dialog.locator('input[type=date]').count()).toBe(0)
    const field = dialog.getByLabel(t('loans:waiver.date'), { exact: true })
    await expect(field).toHaveAttribute('placeholder', t('ui:date.pattern'))
    for (const p of await pastTheEdge(page))
      problems.push(`${language} ${width} settle dialog: ${p}`)
    // Every field and button a thumb's height, at least 8 px apart.
    const boxes = await dialog.locator('input, button').evaluateAll((els) =>
      els
        .map((el) => el.getBoundingClientRect())
        .filter((b) => b.width > 1)
        .map((b) => ({ top: b.top, bottom: b.bottom, left: b.left, right: b.right })),
    )
    for (const b of boxes) {
      if (b.bottom - b.top < 44)
        problems.push(`${language} ${width} settle: a control ${b.bottom - b.top}px tall`)
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const dx = Math.max(b.left - a.right, a.left - b.right)
        const dy = Math.max(b.top - a.bottom, a.top - b.bottom)
        if (Math.max(dx, dy) < 8)
          problems.push(`${language} ${width} settle: two controls ${Math.max(dx, dy)}px apart`)
      }
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }

  for (const language of LANGUAGES) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      LANGUAGE_STORAGE_KEY,
      language,
    ] as const)
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'hi' ? /^hi/ : /^en/)
    await walk(`${language} online`, SIZES)
    for (const size of SIZES.slice(0, 2)) {
      await page.setViewportSize(size)
      await settleDialog(language, size.width)
    }

    // The laptop dashboard: at least ten borrowers fully on one 800 px screen.
    await page.setViewportSize(SIZES[2])
    await go(page, '/dashboard')
    const rows = page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
    await expect(rows.first()).toBeVisible()
    await rows.first().evaluate((row) => row.scrollIntoView({ block: 'start' }))
    const header = await page.locator('header').first().boundingBox()
    const top = (header?.y ?? 0) + (header?.height ?? 0)
    const shown = await rows.evaluateAll(
      (els, from) =>
        els.filter((el) => {
          const b = el.getBoundingClientRect()
          return b.top >= from - 1 && b.bottom <= window.innerHeight + 1
        }).length,
      top,
    )
    const height = (await rows.first().boundingBox())?.height ?? 0
    console.log(
      `${language} 1280×800 dashboard: ${shown} rows on screen, a row is ${height}px tall`,
    )
    if (shown < 10) problems.push(`${language} 1280×800 dashboard: only ${shown} rows on screen`)
    await page.evaluate(() => window.scrollTo(0, 0))

    // Offline, with a change waiting: the header's sync state fits on one line.
    const t = catalogue(language)
    const sync = page.getByRole('status', { name: t('shell:sync.label') })
    await context.setOffline(true)
    await expect(sync).toContainText(t('shell:sync.offline'))
    await page.setViewportSize(SIZES[0])
    await go(page, '/trash')
    await page
      .getByLabel(t('trash:deletedLoans'), { exact: true })
      .getByRole('button', { name: t('trash:restore') })
      .first()
      .click()
    await expect(sync).toContainText(t('shell:sync.unsaved', { count: 1 }))
    await walk(`${language} offline`, SIZES.slice(0, 2))
    await go(page, '/dashboard')
    for (const size of SIZES.slice(0, 2)) {
      await page.setViewportSize(size)
      const lines = await sync.evaluate((el) => {
        const heights = [...el.querySelectorAll('*')].map((c) => c.getBoundingClientRect().height)
        return Math.max(el.getBoundingClientRect().height, ...heights)
      })
      if (lines >= 30)
        problems.push(`${language} ${size.width} offline: sync state ${lines}px tall`)
    }
    await context.setOffline(false)
  }
  console.log(problems.join('\n'))
  expect(problems).toEqual([])
})
