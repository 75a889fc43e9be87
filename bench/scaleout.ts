/**
 * Scale-out benchmark: two server processes on one PostgreSQL and Redis (as docker-compose.yml
 * runs them). One client edits on process 1; the time until a client on process 2 sees each
 * edit covers the socket, the PostgreSQL append, the Redis hop and the second socket.
 * Skipped, saying so, when PostgreSQL or Redis does not answer.
 */
import { performance } from 'node:perf_hooks'
import type * as Y from 'yjs'
import { userRoom } from '../shared/protocol.ts'
import {
  cleanup,
  connectClient,
  signUp,
  startTestServer,
  waitSynced,
} from '../tests/integration/harness.ts'
import {
  TEST_REDIS_URL,
  createTestSchema,
  servicesUp,
  testRedisPrefix,
} from '../tests/integration/services.ts'

const WARMUP_EDITS = 30
const EDITS = 300

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

/** Prints one-edit latency p50/p99 from a client on process 1 to a client on process 2. */
export async function benchScaleOut(): Promise<void> {
  if (!(await servicesUp(['postgres', 'redis']))) {
    console.log('scale-out: skipped (PostgreSQL or Redis not reachable)')
    return
  }
  const schema = await createTestSchema()
  try {
    const env = {
      DATABASE_URL: schema.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: testRedisPrefix(),
      LOG_LEVEL: 'error',
    }
    const [one, two] = await Promise.all([startTestServer({ env }), startTestServer({ env })])
    const lender = await signUp(one)
    const room = userRoom(lender.userId)
    const writer = connectClient(one, room, lender.cookie)
    const reader = connectClient(two, room, lender.cookie)
    await Promise.all([waitSynced(writer), waitSynced(reader)])

    const latencies: number[] = []
    for (let i = 0; i < WARMUP_EDITS + EDITS; i++) {
      const key = `p${i}`
      const seen = arrival(reader.doc, key)
      const start = performance.now()
      writer.doc.getMap('people').set(key, `person ${i}`)
      await seen
      if (i >= WARMUP_EDITS) latencies.push(performance.now() - start)
    }
    latencies.sort((a, b) => a - b)
    console.log(
      `scale-out: one edit, process 1 -> process 2 via PostgreSQL + Redis (${EDITS} edits) ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    )
  } finally {
    await cleanup()
    await schema.drop()
  }
}
