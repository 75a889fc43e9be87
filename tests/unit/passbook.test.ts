/**
 * The borrower's passbook (issue 32, item 3), as pure code: on random books, every figure the
 * page shows equals the lender's statement to that borrower and the app's Due today, to the paisa;
 * no page shows a planted Aadhaar, phone, another borrower's name or a lender-only note; and the
 * links' rules (requests, limits) hold.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { MAX_EXPIRY_DAYS, passbookLinkLive, readCreatePassbookLink } from '../../shared/passbook.ts'
import { passbookView } from '../../shared/passbookView.ts'
import { readProfile } from '../../shared/schema/profile.ts'
import { projectLender } from '../../shared/schema/projection.ts'
import { addDays } from '../../shared/dates.ts'
import {
  NOT_FOUND_PAGE,
  PAGE_CSP,
  passbookPage,
  TOO_MANY_PAGE,
} from '../../server/passbook/page.ts'
import { createRateLimiter } from '../../server/passbook/rateLimit.ts'
import {
  expectPageMatchesStatement,
  forbiddenOn,
  writeRandomBook,
} from '../support/passbookBooks.ts'

const TODAY = '2026-07-15'

/** Every passbook of a random book, as the server renders it. */
function pagesOf(seed: number) {
  const doc = new Y.Doc()
  const book = writeRandomBook(doc, seed, TODAY)
  const projection = projectLender(doc)
  const snapshot = projection.snapshot()
  const pages = book.people.map(({ id }) => {
    const person = snapshot.people.find((p) => p.id === id)!
    const loans = projection.activeLoansOf(id)
    const view = passbookView({ person, loans, lender: readProfile(doc).displayName, today: TODAY })
    return { id, loans, view, html: passbookPage(view) }
  })
  return { book, pages }
}

describe('the passbook page', () => {
  it('shows the figures of the lender’s statement to the borrower, to the paisa, on random books', () => {
    let figures = 0
    let receipts = 0
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        for (const page of pagesOf(seed).pages) {
          figures += expectPageMatchesStatement(page.html, page.loans, TODAY)
          receipts += page.view.receipts.length
        }
      }),
      { numRuns: 150 },
    )
    // It did look at something: figures and receipts of hundreds of borrowers.
    expect(figures).toBeGreaterThan(1000)
    expect(receipts).toBeGreaterThan(300)
  })

  it('shows no Aadhaar, phone, other borrower or lender-only note, on random books', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { book, pages } = pagesOf(seed)
        for (const page of pages) {
          const own = book.people.find((p) => p.id === page.id)!
          expect(page.html).toContain(own.name)
          for (const secret of forbiddenOn(book, page.id, seed)) {
            expect(page.html, secret).not.toContain(secret)
          }
        }
      }),
      { numRuns: 100 },
    )
  })

  it('keeps a voided deposit’s number, marked VOID, and speaks the borrower’s language', () => {
    let voided = 0
    let hindi = 0
    for (let seed = 1; seed <= 60; seed++) {
      for (const { view, html } of pagesOf(seed).pages) {
        expect(html).toContain(`<html lang="${view.language}">`)
        if (view.language === 'hi') {
          hindi++
          expect(html).toContain('आज बकाया')
        } else expect(html).toContain('Due today')
        for (const receipt of view.receipts.filter((r) => r.voided)) {
          voided++
          expect(html).toContain(view.language === 'hi' ? 'रद्द' : 'VOID')
          if (receipt.number) expect(html).toContain(receipt.number)
        }
      }
    }
    expect(voided).toBeGreaterThan(5)
    expect(hindi).toBeGreaterThan(5)
  })

  it('runs no script and loads nothing: the policy allows only its own stylesheet', () => {
    const { html } = pagesOf(7).pages[0]!
    expect(html).not.toMatch(/<script|<img|<link|style="/i)
    expect(PAGE_CSP).toContain("default-src 'none'")
    expect(PAGE_CSP).not.toContain('unsafe')
    // One page for every link that opens nothing, naming no one.
    expect(NOT_FOUND_PAGE).toContain('lang="hi"')
    expect(TOO_MANY_PAGE).not.toBe(NOT_FOUND_PAGE)
  })
})

describe('passbook links', () => {
  it('take a person and an optional expiry from today to MAX_EXPIRY_DAYS ahead', () => {
    expect(readCreatePassbookLink({ personId: 'p1' }, TODAY)).toEqual({
      ok: true,
      request: { personId: 'p1' },
    })
    expect(readCreatePassbookLink({ personId: 'p1', expiresOn: TODAY }, TODAY).ok).toBe(true)
    const last = addDays(TODAY, MAX_EXPIRY_DAYS)
    expect(readCreatePassbookLink({ personId: 'p1', expiresOn: last }, TODAY).ok).toBe(true)
    for (const expiresOn of [addDays(TODAY, -1), addDays(last, 1), '2026-02-30', 5]) {
      expect(readCreatePassbookLink({ personId: 'p1', expiresOn }, TODAY)).toEqual({
        ok: false,
        reason: 'bad expiry',
      })
    }
    for (const body of [null, [], {}, { personId: '' }, { personId: 'x'.repeat(65) }]) {
      expect(readCreatePassbookLink(body, TODAY)).toEqual({ ok: false, reason: 'bad person' })
    }
    expect(passbookLinkLive(undefined, TODAY)).toBe(true)
    expect(passbookLinkLive(TODAY, TODAY)).toBe(true)
    expect(passbookLinkLive(addDays(TODAY, -1), TODAY)).toBe(false)
  })

  it('are rate-limited per key in windows, within a bounded number of keys', () => {
    const limit = createRateLimiter({ requests: 3, windowMs: 1000, maxKeys: 100 })
    expect([1, 2, 3, 4].map(() => limit.take('a', 0))).toEqual([true, true, true, false])
    expect(limit.take('b', 10)).toBe(true)
    expect(limit.take('a', 999)).toBe(false)
    expect(limit.take('a', 1000)).toBe(true)
    for (let i = 0; i < 10_000; i++) limit.take(`guess${i}`, 2000)
    expect(limit.size).toBeLessThanOrEqual(100)
  })
})
