/**
 * A borrower's passbook (issue 32, item 3), on the real server: links made, listed and revoked by
 * the owner and partners only; the page, on random books, shows exactly the lender's statement to
 * that borrower and nothing the lender keeps to themself; every link that opens nothing answers
 * the same; the page is rate-limited; and a link revoked on one process stops working on the
 * other at once (PostgreSQL + Redis).
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MAX_LINKS_PER_PERSON,
  PASSBOOK_RATE_LIMITS,
  passbookLinkPath,
  passbookLinksPath,
  type PassbookLinkCreated,
  type PassbookLinkList,
} from '../../shared/passbook.ts'
import { archiveLoan } from '../../shared/schema/loan.ts'
import { archivePerson } from '../../shared/schema/person.ts'
import { projectLender } from '../../shared/schema/projection.ts'
import { indianDay } from '../../server/members/collect.ts'
import {
  expectPageMatchesStatement,
  forbiddenOn,
  writeRandomBook,
  type PassbookBook,
} from '../support/passbookBooks.ts'
import {
  cleanup,
  disconnect,
  newAddress,
  openBook,
  startTestServer,
  waitFor,
  type Client,
  type Lender,
  type TestServer,
} from './harness.ts'
import { addMember, api, env, newAccount } from './members.ts'
import { createTestSchema, servicesUp, startTwoProcesses, type TestSchema } from './services.ts'

/** The page at `url`, opened from `address` (the server trusts X-Forwarded-For here). */
function openPage(url: string, address = newAddress()): Promise<Response> {
  return fetch(url, { headers: { 'x-forwarded-for': address, 'accept-encoding': 'identity' } })
}

async function makeLink(
  server: TestServer,
  owner: Lender,
  personId: string,
  as: Lender = owner,
  expiresOn?: string,
): Promise<PassbookLinkCreated> {
  const response = await api(server, passbookLinksPath(owner.userId), as.cookie, {
    method: 'POST',
    body: { personId, ...(expiresOn && { expiresOn }) },
  })
  expect(response.status).toBe(201)
  return (await response.json()) as PassbookLinkCreated
}

/** `personId`'s loans not in Trash in `client`'s copy of the book, in the book's order. */
function loansOf(client: Client, personId: string) {
  const projection = projectLender(client.doc)
  projection.snapshot()
  const loans = projection.activeLoansOf(personId)
  projection.destroy()
  return loans
}

/** The page of a link made on one server, as `server` serves it. */
const pageOn = (server: TestServer, link: PassbookLinkCreated) =>
  server.url + new URL(link.url).pathname

/** A random book written into `owner`'s room, stored; resolves with the client that wrote it. */
async function randomBook(
  server: TestServer,
  owner: Lender,
  seed: number,
): Promise<{ own: Client; book: PassbookBook }> {
  const own = await openBook(server, owner)
  let messages = 1
  own.doc.on('update', () => messages++)
  const book = writeRandomBook(own.doc, seed, indianDay(new Date()))
  await waitFor(() => own.stored() >= messages, 'the book stored', 10_000)
  return { own, book }
}

/** A response's headers that must not tell one missing link from another (all but Date). */
function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'date') out[name] = value
  })
  return out
}

const available = await servicesUp(['postgres'])

const backends = [
  { name: 'SQLite', postgres: false },
  ...(available ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

describe.each(backends)('passbook links and page on $name', ({ postgres }) => {
  let server: TestServer
  let owner: Lender
  let schema: TestSchema | null = null
  /** Sets a link's last day in the database (the way to age it without waiting for days). */
  let setExpiry: (linkId: string, day: string) => Promise<void>

  beforeAll(async () => {
    if (postgres) schema = await createTestSchema()
    server = await startTestServer({
      env: { ...env, ...(schema && { DATABASE_URL: schema.url }) },
    })
    owner = await newAccount(server)
    setExpiry = async (linkId, day) => {
      const query = 'UPDATE passbook_link SET expires_on = $1 WHERE id = $2'
      if (schema) {
        const client = new pg.Client({ connectionString: schema.url })
        await client.connect()
        await client.query(query, [day, linkId])
        await client.end()
      } else {
        const db = new Database(path.join(server.dataDir, 'accounts.sqlite'))
        db.prepare(query.replace(/\$\d/g, '?')).run(day, linkId)
        db.close()
      }
    }
  })
  afterAll(async () => {
    await cleanup()
    await schema?.drop()
  })

  it('lets the owner and partners make, list and revoke links, and nobody else', async () => {
    const { own, book } = await randomBook(server, owner, 11)
    const person = book.people[0]!.id
    const made = await makeLink(server, owner, person)
    expect(made.url).toMatch(/^http:\/\/[^/]+\/p\/[A-Za-z0-9_-]{32}$/)
    expect(made).toMatchObject({ personId: person, expired: false })
    expect((await openPage(pageOn(server, made))).status).toBe(200)

    const partner = await addMember(server, owner, 'partner')
    const byPartner = await makeLink(server, owner, person, partner, indianDay(new Date()))
    expect(byPartner.expiresOn).toBe(indianDay(new Date()))
    for (const role of ['viewer', 'collector'] as const) {
      const member = await addMember(
        server,
        owner,
        role,
        undefined,
        role === 'collector' ? ['city-1'] : undefined,
      )
      const tried = await api(server, passbookLinksPath(owner.userId), member.cookie, {
        method: 'POST',
        body: { personId: person },
      })
      expect(tried.status).toBe(403)
      const listed = await api(server, passbookLinksPath(owner.userId), member.cookie)
      expect(listed.status).toBe(403)
      const revoked = await api(server, passbookLinkPath(owner.userId, made.id), member.cookie, {
        method: 'DELETE',
      })
      expect(revoked.status).toBe(403)
    }
    const stranger = await newAccount(server)
    expect((await api(server, passbookLinksPath(owner.userId), stranger.cookie)).status).toBe(403)
    expect((await fetch(server.url + passbookLinksPath(owner.userId))).status).toBe(401)

    const list = (await (
      await api(server, `${passbookLinksPath(owner.userId)}?personId=${person}`, partner.cookie)
    ).json()) as PassbookLinkList
    expect(list.links.map((l) => l.id)).toEqual([made.id, byPartner.id])
    expect(JSON.stringify(list)).not.toMatch(/token|url/)

    // Refused: a person not in the book, one in Trash, a bad expiry, past the per-person limit.
    for (const [personId, status] of [
      ['nobody', 404],
      [book.trashed, 404],
    ] as const) {
      const refused = await api(server, passbookLinksPath(owner.userId), owner.cookie, {
        method: 'POST',
        body: { personId },
      })
      expect(refused.status).toBe(status)
    }
    const badExpiry = await api(server, passbookLinksPath(owner.userId), owner.cookie, {
      method: 'POST',
      body: { personId: person, expiresOn: '2000-01-01' },
    })
    expect(badExpiry.status).toBe(400)
    for (let i = 2; i < MAX_LINKS_PER_PERSON; i++) await makeLink(server, owner, person)
    const tooMany = await api(server, passbookLinksPath(owner.userId), owner.cookie, {
      method: 'POST',
      body: { personId: person },
    })
    expect(tooMany.status).toBe(409)

    const revoke = () =>
      api(server, passbookLinkPath(owner.userId, made.id), partner.cookie, { method: 'DELETE' })
    expect((await revoke()).status).toBe(204)
    expect((await revoke()).status).toBe(404)
    expect((await openPage(pageOn(server, made))).status).toBe(404)
    disconnect(own)
  })

  it('shows exactly the lender’s statement to each borrower, and nothing private, on random books', async () => {
    let figures = 0
    let pages = 0
    for (const seed of [101, 202, 303, 404, 505]) {
      const lender = await newAccount(server)
      const { own, book } = await randomBook(server, lender, seed)
      for (const person of book.people) {
        const link = await makeLink(server, lender, person.id)
        const response = await openPage(pageOn(server, link))
        expect(response.status).toBe(200)
        const html = await response.text()
        const today = indianDay(new Date())
        figures += expectPageMatchesStatement(html, loansOf(own, person.id), today)
        for (const secret of forbiddenOn(book, person.id, seed)) {
          expect(html, secret).not.toContain(secret)
        }
        pages++
      }
      disconnect(own)
    }
    expect(pages).toBeGreaterThanOrEqual(10)
    expect(figures).toBeGreaterThan(100)
  })

  it('answers unknown, revoked, expired and deleted-person links the same way', async () => {
    const lender = await newAccount(server)
    const { own, book } = await randomBook(server, lender, 77)
    const [first, second] = book.people
    const live = await makeLink(server, lender, first!.id)
    const revoked = await makeLink(server, lender, first!.id)
    const expired = await makeLink(server, lender, first!.id)
    const deleted = await makeLink(server, lender, second!.id)

    const ok = await openPage(pageOn(server, live))
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('no-store')
    expect(ok.headers.get('referrer-policy')).toBe('no-referrer')
    expect(ok.headers.get('x-robots-tag')).toContain('noindex')
    expect(ok.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await ok.text()).toMatch(/^<!doctype html><html lang="(en|hi)">/)

    await api(server, passbookLinkPath(lender.userId, revoked.id), lender.cookie, {
      method: 'DELETE',
    })
    await setExpiry(expired.id, '2020-01-01')
    // The second borrower's loans go to Trash with them: the person is then in Trash.
    const at = { now: new Date().toISOString() }
    for (const loan of loansOf(own, second!.id)) {
      archiveLoan(own.doc, loan.id, at)
    }
    archivePerson(own.doc, second!.id, at)
    // Stored, then read by the server's copy of the room: poll until the page says so.
    for (let tries = 0; (await openPage(pageOn(server, deleted))).status !== 404; tries++) {
      expect(tries).toBeLessThan(100)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }

    const url = pageOn(server, live)
    const guessed = `${server.url}/p/${'A'.repeat(32)}`
    const tampered = url.slice(0, -1) + (url.endsWith('A') ? 'B' : 'A')
    const answers = await Promise.all(
      [
        guessed,
        tampered,
        ...[revoked, expired, deleted].map((l) => pageOn(server, l)),
        url + 'x',
      ].map(async (url) => {
        const response = await openPage(url)
        return {
          status: response.status,
          headers: headersOf(response),
          body: await response.text(),
        }
      }),
    )
    expect(answers[0]!.status).toBe(404)
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0])
    disconnect(own)
  })

  it('limits the page per link and per client address, before reading anything', async () => {
    const lender = await newAccount(server)
    const { own, book } = await randomBook(server, lender, 88)
    const link = await makeLink(server, lender, book.people[0]!.id)
    const statuses: number[] = []
    for (let i = 0; i <= PASSBOOK_RATE_LIMITS.perLink.requests; i++) {
      statuses.push((await openPage(pageOn(server, link))).status)
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)

    // One address trying many links: refused past its limit, whatever the link.
    const address = newAddress()
    const guesses: number[] = []
    for (let i = 0; i <= PASSBOOK_RATE_LIMITS.perAddress.requests; i++) {
      const token = `${String(i).padStart(4, '0')}${'z'.repeat(28)}`
      guesses.push((await openPage(`${server.url}/p/${token}`, address)).status)
    }
    expect(guesses.slice(0, -1).every((s) => s === 404)).toBe(true)
    expect(guesses.at(-1)).toBe(429)
    disconnect(own)
  })
})

const scaledOut = await servicesUp(['postgres', 'redis'])

describe.skipIf(!scaledOut)('passbook links across two processes on PostgreSQL and Redis', () => {
  let one: TestServer
  let two: TestServer
  let drop: () => Promise<void>

  beforeAll(async () => {
    ;({ one, two, drop } = await startTwoProcesses(env))
  })
  afterAll(async () => {
    await cleanup()
    await drop()
  })

  it('stops a link revoked on one process on the other at once', async () => {
    const owner = await newAccount(one)
    const { own, book } = await randomBook(one, owner, 99)
    const link = await makeLink(one, owner, book.people[0]!.id)
    const onTwo = pageOn(two, link)
    const before = await openPage(onTwo)
    expect(before.status).toBe(200)
    const html = await before.text()
    const today = indianDay(new Date())
    expectPageMatchesStatement(html, loansOf(own, book.people[0]!.id), today)

    const revoked = await api(one, passbookLinkPath(owner.userId, link.id), owner.cookie, {
      method: 'DELETE',
    })
    expect(revoked.status).toBe(204)
    const since = performance.now()
    // The very first request after the revocation is answered: no wait, no retry.
    const after = await openPage(onTwo)
    const ms = performance.now() - since
    expect(after.status).toBe(404)
    process.stderr.write(
      `passbook: revoked on process 1, 404 on process 2 after ${ms.toFixed(0)} ms\n`,
    )
    disconnect(own)
  })
})
