/**
 * A collector at work beside the owner (issue 31): the benchmark's big book on the real server,
 * a collector of one village of forty, and the owner editing from one socket while another of
 * theirs watches. Prints how long the collector's sheet and each deposit take, and how long one
 * of the owner's edits takes to reach the other socket with the collector idle and posting.
 */
import { performance } from 'node:perf_hooks'
import { COLLECT_PATH, type CollectorSheet } from '../shared/collect.ts'
import { userRoom } from '../shared/protocol.ts'
import { readProfile, setProfile } from '../shared/schema/profile.ts'
import { buildBook, LENDER_DEVICE } from '../tests/fixtures/book.ts'
import {
  cleanup,
  connectClient,
  openBook,
  startTestServer,
  waitFor,
  type Client,
} from '../tests/integration/harness.ts'
import { addMember, api, env, newAccount } from '../tests/integration/members.ts'

const SIZE = { people: 1_000, loans: 10_000, payments: 100_000 }
const POSTS = 20

const ms = (value: number) => `${Math.round(value).toLocaleString('en-IN')} ms`
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** The owner's edits, one at a time, each timed until the watching socket has it. */
async function ownerEdits(own: Client, watcher: Client, until: () => boolean): Promise<number[]> {
  const times: number[] = []
  for (let n = 0; !until() || times.length < 5; n++) {
    const name = `Lender ${n} ${Math.random()}`
    const start = performance.now()
    setProfile(own.doc, { displayName: name })
    await waitFor(() => readProfile(watcher.doc).displayName === name, 'the edit', 60_000)
    times.push(performance.now() - start)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return times
}

export async function benchCollectors(): Promise<void> {
  const server = await startTestServer({ env: { ...env, LOG_LEVEL: 'error' } })
  try {
    const owner = await newAccount(server)
    const { doc } = buildBook(SIZE, { by: LENDER_DEVICE })
    const upload = connectClient(server, userRoom(owner.userId), owner.cookie, doc, {
      chunks: true,
    })
    await waitFor(() => upload.provider.synced && upload.stored() > 0, 'the upload', 600_000)
    const collector = await addMember(server, owner, 'collector', undefined, ['city-1'])
    const own = await openBook(server, owner)
    const watcher = await openBook(server, owner)
    let done = false
    const idle = await ownerEdits(own, watcher, () => true)

    const sheets: number[] = []
    let sheet: CollectorSheet | null = null
    let bytes = 0
    for (let n = 0; n < 3; n++) {
      const start = performance.now()
      const text = await (
        await api(server, `${COLLECT_PATH}/${owner.userId}`, collector.cookie)
      ).text()
      sheets.push(performance.now() - start)
      bytes = text.length
      sheet = JSON.parse(text) as CollectorSheet
    }
    const loan = sheet!.loans[0]!
    const busy = ownerEdits(own, watcher, () => done)
    const posts: number[] = []
    for (let n = 0; n < POSTS; n++) {
      const deposit = {
        depositId: (0xbe000 + n).toString(16).padStart(20, '0'),
        date: '2026-11-20',
        createdAt: '2026-11-20T10:00:00.000Z',
        device: 'Munshi phone',
        allocations: [{ loanId: loan.id, amount: 100_00 }],
      }
      const start = performance.now()
      const answer = await api(
        server,
        `${COLLECT_PATH}/${owner.userId}/deposits`,
        collector.cookie,
        {
          method: 'POST',
          body: { deposits: [deposit] },
        },
      )
      await answer.text()
      posts.push(performance.now() - start)
    }
    done = true
    const during = await busy
    console.log(
      `collectors: ${SIZE.payments.toLocaleString('en-IN')}-payment book, a collector of 1 village ` +
        `of 40: sheet ${ms(sheets[0]!)} the first time, then ${ms(median(sheets.slice(1)))} ` +
        `(${Math.round(bytes / 1024)} KiB); one deposit ${ms(median(posts))} (p50 of ${POSTS})`,
    )
    const ratio = median(during) / median(idle)
    console.log(
      `collectors: the owner's edit on another socket: p50 ${ms(median(idle))} with the collector ` +
        `idle, ${ms(median(during))} while he posts (max ${ms(Math.max(...during))}); ` +
        `${ratio.toFixed(1)}x (goal: as fast as without him)`,
    )
  } finally {
    await cleanup()
  }
}
