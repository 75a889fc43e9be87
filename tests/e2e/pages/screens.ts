import { expect, type Page } from '@playwright/test'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** Other work may share this machine: screens get longer than usual to appear. */
export const slow = expect.configure({ timeout: 60_000 })

/**
 * Waits until the page's running animations (a dialog growing in, a card's details unfolding)
 * have finished; endless ones (a spinner) are not waited for. A click lands where a finger's
 * tap would: mid-animation the button under the pointer at the press can have moved by the
 * release, and the click then goes to whatever holds both.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

/** Opens a route and waits (patiently) for its heading. */
export async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await openScreen(page, path)
  await slow(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
}

/**
 * Goes to `path` in place (the router follows history), as a tap on a link does, and waits for
 * the screen's heading. A sweep over every screen uses this rather than `page.goto`: a full load
 * per screen boots the app and reads the book again, which is what most of a sweep's time went
 * on, and is not what a sweep checks (the tests that open a route from its address do that).
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await inApp(page, path)
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/$?]/g, '\\$&')}$`))
  await slow(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
}

/**
 * Goes to `path` as a test's set-up does: in place when the app is already open on this page on
 * another screen (see `goInApp`; a full load would boot the app and read the book again), by
 * address when it is not, or when the page is on that very screen already (a test that asks for
 * the screen it is on wants it drawn afresh). A test about opening a route from its address
 * uses `page.goto` itself.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  const elsewhereInApp = await page
    .evaluate(
      (to) =>
        (document.getElementById('root')?.childElementCount ?? 0) > 0 &&
        window.location.pathname + window.location.search !== to,
      path,
    )
    .catch(() => false)
  if (elsewhereInApp) await inApp(page, path)
  else await page.goto(path)
}

/** Pushes `path` onto the history and tells the router, as a tap on one of the app's links does. */
async function inApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, path)
}

/** Every screen of a signed-in lender, for a person and a loan of theirs. */
export function everyScreen(personId: string, loanId: string): string[] {
  return [
    '/dashboard',
    '/people',
    '/people/add',
    `/people/${personId}`,
    `/people/edit/${personId}`,
    `/users/${personId}/loans`,
    `/users/${personId}/deposit`,
    `/users/${personId}/statement`,
    '/loans',
    '/loans/add',
    `/loans/edit/${loanId}`,
    '/city',
    '/trash',
  ]
}

/** All the text of a PDF, whitespace removed (pdf.js splits runs at will). */
export async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data }).promise
  let text = ''
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    for (const item of content.items) if ('str' in item) text += item.str
  }
  return text.replace(/\s+/g, '')
}
