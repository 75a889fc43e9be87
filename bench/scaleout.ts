/**
 * Scale-out benchmark: two server processes on one PostgreSQL and Redis (as docker-compose.yml
 * runs them) beside one process on SQLite. One client edits on process 1; the time until a client
 * on process 2 sees each edit covers the socket, the Redis hop and the second socket, and the CPU
 * both processes spend per edit is set against what one process spends: both warmed up first,
 * then measured in turns (see `ROUNDS`).
 * Skipped, saying so, when PostgreSQL or Redis does not answer.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type * as Y from 'yjs'
import { userRoom } from '../shared/protocol.ts'
import {
  cleanup,
  connectClient,
  type Client,
  signUp,
  startTestServer,
  waitSynced,
  type TestServer,
} from '../tests/integration/harness.ts'
import {
  TEST_REDIS_URL,
  createTestSchema,
  servicesUp,
  testRedisPrefix,
} from '../tests/integration/services.ts'

/** Edits before any is measured, so that every process's code is as warm as it will get. */
const WARMUP_EDITS = 3000
const EDITS = 3000
/** Rounds of the comparison, in turns: this machine's speed drifts, so the middle one is told. */
const ROUNDS = 5

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/** Resolves once `doc`'s people map holds `key`. */
function arrival(doc: Y.Doc, key: string): Promise<void> {
  const people = doc.getMap('people')
  return new Promise((resolve) => {
    if (people.has(key)) return resolve()
    const handler = () => {
      if (!people.has(key)) return
      people.unobserve(handler)
      resolve()
    }
    people.observe(handler)
  })
}

/**
 * CPU seconds a process has used so far, every thread of it (the main one, V8's helpers, libuv's
 * pool), from the scheduler's count in nanoseconds (Linux). `/proc/<pid>/stat` says the same in
 * ticks of 10 ms, and a round's 0.2-0.4 s per process is too few of them: a tick either way
 * moved the ratio by a few hundredths.
 */
function cpuSeconds(pid: number): number {
  let nanoseconds = 0
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      // The first of its three fields is the time the thread has run on a CPU.
      const [run] = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')
      nanoseconds += Number(run)
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return nanoseconds / 1e9
}

interface Delivery {
  p50: number
  p99: number
  /** Server CPU per delivered edit, in microseconds (every server process counted). */
  cpuPerEdit: number
  /** The same, for the writer's process and the reader's (one figure when they are one). */
  perProcess: number[]
}

/** A lender's room open on two servers (or twice on one): a client editing, a client reading. */
interface Pair {
  writer: Client
  reader: Client
  pids: number[]
  /** Edits made so far: each has a key of its own. */
  made: number
}

async function openPair(writerServer: TestServer, readerServer: TestServer): Promise<Pair> {
  const lender = await signUp(writerServer)
  const room = userRoom(lender.userId)
  const writer = connectClient(writerServer, room, lender.cookie)
  const reader = connectClient(readerServer, room, lender.cookie)
  await Promise.all([waitSynced(writer), waitSynced(reader)])
  const pids = [...new Set([writerServer.process.pid!, readerServer.process.pid!])]
  return { writer, reader, pids, made: 0 }
}

/**
 * `edits` edits, one at a time, from the pair's writer until its reader sees each: the delivery
 * latency, and the CPU the servers spent per edit meanwhile.
 */
async function deliver(pair: Pair, edits: number): Promise<Delivery> {
  const { writer, reader, pids } = pair
  const latencies: number[] = []
  const cpuStart = pids.map(cpuSeconds)
  for (let n = 0; n < edits; n++) {
    const i = pair.made++
    const key = `p${i}`
    const seen = arrival(reader.doc, key)
    const start = performance.now()
    writer.doc.getMap('people').set(key, `person ${i}`)
    await seen
    latencies.push(performance.now() - start)
  }
  // What the last edits still cost after they arrived (the append, the acknowledgement).
  await new Promise((resolve) => setTimeout(resolve, 200))
  const perProcess = pids.map((pid, i) => ((cpuSeconds(pid) - cpuStart[i]!) / edits) * 1e6)
  const cpuPerEdit = perProcess.reduce((sum, value) => sum + value, 0)
  latencies.sort((a, b) => a - b)
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuPerEdit, perProcess }
}

/**
 * Prints, for one process on SQLite and for two processes on PostgreSQL + Redis, how long one
 * edit takes to reach another client and what it costs the servers in CPU (the middle round's).
 */
export async function benchScaleOut(): Promise<void> {
  if (!(await servicesUp(['postgres', 'redis']))) {
    console.log('scale-out: skipped (PostgreSQL or Redis not reachable)')
    return
  }
  const schema = await createTestSchema()
  try {
    const single = await startTestServer({ env: { LOG_LEVEL: 'error' } })
    const env = {
      DATABASE_URL: schema.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: testRedisPrefix(),
      LOG_LEVEL: 'error',
    }
    const [first, second] = await Promise.all([startTestServer({ env }), startTestServer({ env })])
    const onePair = await openPair(single, single)
    const twoPair = await openPair(first, second)
    await deliver(onePair, WARMUP_EDITS)
    await deliver(twoPair, WARMUP_EDITS)
    const rounds: { one: Delivery; two: Delivery; ratio: number }[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const one = await deliver(onePair, EDITS)
      const two = await deliver(twoPair, EDITS)
      rounds.push({ one, two, ratio: two.cpuPerEdit / one.cpuPerEdit })
    }
    const { one, two, ratio } = [...rounds].sort((a, b) => a.ratio - b.ratio)[ROUNDS >> 1]!
    const ms = (value: number) => `${value.toFixed(1)} ms`
    const us = (value: number) => `${value.toFixed(0)} µs`
    console.log(
      `scale-out: one process (SQLite), one edit to another client (${EDITS} edits): ` +
        `p50 ${ms(one.p50)}, p99 ${ms(one.p99)}, server CPU ${us(one.cpuPerEdit)} per edit`,
    )
    console.log(
      `scale-out: two processes (PostgreSQL + Redis), process 1 -> process 2: ` +
        `p50 ${ms(two.p50)} (goal ≤ 5 ms: ${two.p50 <= 5 ? 'met' : 'MISSED'}), p99 ${ms(two.p99)}, ` +
        `server CPU ${us(two.cpuPerEdit)} per edit (writer's ${us(two.perProcess[0]!)}, ` +
        `reader's ${us(two.perProcess[1]!)}), ${ratio.toFixed(2)}x one process ` +
        `(goal ≤ 1.5x: ${ratio <= 1.5 ? 'met' : 'MISSED'}); the middle of ${ROUNDS} rounds ` +
        `(${rounds.map((r) => `${us(r.two.cpuPerEdit)} / ${us(r.one.cpuPerEdit)}`).join(', ')})`,
    )
  } finally {
    await cleanup()
    await schema.drop()
  }
}
