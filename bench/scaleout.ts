/**
 * Scale-out benchmark: two server processes on one PostgreSQL and Redis (as docker-compose.yml
 * runs them) beside one process on SQLite. One client edits on process 1; the time until a client
 * on process 2 sees each edit covers the socket, the Redis hop and the second socket, and the CPU
 * both processes spend per edit is set against what one process spends.
 * Skipped, saying so, when PostgreSQL or Redis does not answer.
 */
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type * as Y from 'yjs'
import { userRoom } from '../shared/protocol.ts'
import {
  cleanup,
  connectClient,
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

const WARMUP_EDITS = 30
const EDITS = 3000
/** Linux counts process CPU time in ticks of 1/100 s (USER_HZ). */
const CLOCK_TICKS = 100

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

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

interface Delivery {
  p50: number
  p99: number
  /** Server CPU per delivered edit, in microseconds (every server process counted). */
  cpuPerEdit: number
  /** The same, for the writer's process and the reader's (one figure when they are one). */
  perProcess: number[]
}

/**
 * One edit at a time from a client on `writerServer` until a client on `readerServer` sees it:
 * the delivery latency, and the CPU the servers spent per edit meanwhile.
 */
async function deliver(writerServer: TestServer, readerServer: TestServer): Promise<Delivery> {
  const lender = await signUp(writerServer)
  const room = userRoom(lender.userId)
  const writer = connectClient(writerServer, room, lender.cookie)
  const reader = connectClient(readerServer, room, lender.cookie)
  await Promise.all([waitSynced(writer), waitSynced(reader)])
  const pids = [...new Set([writerServer.process.pid!, readerServer.process.pid!])]

  const latencies: number[] = []
  let cpuStart: number[] = []
  for (let i = 0; i < WARMUP_EDITS + EDITS; i++) {
    if (i === WARMUP_EDITS) cpuStart = pids.map(cpuSeconds)
    const key = `p${i}`
    const seen = arrival(reader.doc, key)
    const start = performance.now()
    writer.doc.getMap('people').set(key, `person ${i}`)
    await seen
    if (i >= WARMUP_EDITS) latencies.push(performance.now() - start)
  }
  // What the last edits still cost after they arrived (the append, the acknowledgement).
  await new Promise((resolve) => setTimeout(resolve, 200))
  const perProcess = pids.map((pid, i) => ((cpuSeconds(pid) - cpuStart[i]!) / EDITS) * 1e6)
  const cpuPerEdit = perProcess.reduce((sum, value) => sum + value, 0)
  latencies.sort((a, b) => a - b)
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuPerEdit, perProcess }
}

/**
 * Prints, for one process on SQLite and for two processes on PostgreSQL + Redis, how long one
 * edit takes to reach another client and what it costs the servers in CPU.
 */
export async function benchScaleOut(): Promise<void> {
  if (!(await servicesUp(['postgres', 'redis']))) {
    console.log('scale-out: skipped (PostgreSQL or Redis not reachable)')
    return
  }
  const schema = await createTestSchema()
  try {
    const single = await startTestServer({ env: { LOG_LEVEL: 'error' } })
    const one = await deliver(single, single)
    const env = {
      DATABASE_URL: schema.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: testRedisPrefix(),
      LOG_LEVEL: 'error',
    }
    const [first, second] = await Promise.all([startTestServer({ env }), startTestServer({ env })])
    const two = await deliver(first, second)
    const ms = (value: number) => `${value.toFixed(1)} ms`
    const us = (value: number) => `${value.toFixed(0)} µs`
    console.log(
      `scale-out: one process (SQLite), one edit to another client (${EDITS} edits): ` +
        `p50 ${ms(one.p50)}, p99 ${ms(one.p99)}, server CPU ${us(one.cpuPerEdit)} per edit`,
    )
    const ratio = two.cpuPerEdit / one.cpuPerEdit
    console.log(
      `scale-out: two processes (PostgreSQL + Redis), process 1 -> process 2: ` +
        `p50 ${ms(two.p50)} (goal ≤ 5 ms: ${two.p50 <= 5 ? 'met' : 'MISSED'}), p99 ${ms(two.p99)}, ` +
        `server CPU ${us(two.cpuPerEdit)} per edit (writer's ${us(two.perProcess[0]!)}, ` +
        `reader's ${us(two.perProcess[1]!)}), ${ratio.toFixed(2)}x one process ` +
        `(goal ≤ 1.5x: ${ratio <= 1.5 ? 'met' : 'MISSED'})`,
    )
  } finally {
    await cleanup()
    await schema.drop()
  }
}
