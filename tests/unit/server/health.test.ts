/**
 * The health check's own rules, with a probe that counts its calls: one probe write per second
 * however often /healthz is asked, and a failed document write failing the check until a later
 * one succeeds or a minute has passed.
 */
import { describe, expect, it } from 'vitest'
import { PROBE_CACHE_MS, WRITE_FAILURE_MS, createHealthCheck } from '../../../server/http/health.ts'
import type { Logger } from '../../../server/log.ts'
import type { DocStorage } from '../../../server/storage/types.ts'

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} }

function setup(probeWorks = { value: true }) {
  let clock = 1_000_000
  let probes = 0
  const health = createHealthCheck({
    async probeWrite() {
      probes++
      if (!probeWorks.value) throw new Error('SQLITE_FULL')
    },
    log: quiet,
    now: () => clock,
  })
  const writes = { fail: false }
  const storage: DocStorage = {
    async load() {
      return { updates: [], seq: 0 }
    },
    async append() {
      if (writes.fail) throw new Error('could not extend file')
      return 1
    },
    groupsAppends: false,
    async compact() {},
    async lastSeqs() {
      return new Map()
    },
    async probeWrite() {},
    async close() {},
  }
  return {
    health,
    storage: health.watch(storage),
    writes,
    probes: () => probes,
    advance: (ms: number) => (clock += ms),
  }
}

describe('health check', () => {
  it('probes storage once for any number of checks within a second', async () => {
    const { health, probes, advance } = setup()
    const answers = await Promise.all(Array.from({ length: 500 }, () => health.check()))
    expect(new Set(answers)).toEqual(new Set([true]))
    expect(probes()).toBe(1)
    advance(PROBE_CACHE_MS - 1)
    await health.check()
    expect(probes()).toBe(1)
    advance(1)
    await health.check()
    expect(probes()).toBe(2)
  })

  it('fails while the probe write fails', async () => {
    const works = { value: false }
    const { health, advance } = setup(works)
    expect(await health.check()).toBe(false)
    works.value = true
    expect(await health.check()).toBe(false) // the last answer, for a second
    advance(PROBE_CACHE_MS)
    expect(await health.check()).toBe(true)
  })

  it('fails after a document write failed, until one succeeds or a minute passes', async () => {
    const { health, storage, writes, advance } = setup()
    expect(await health.check()).toBe(true)
    writes.fail = true
    await expect(storage.append('users/a', [new Uint8Array(1)])).rejects.toThrow()
    expect(await health.check()).toBe(false)
    writes.fail = false
    await storage.append('users/a', [new Uint8Array(1)])
    expect(await health.check()).toBe(true)

    writes.fail = true
    await expect(storage.append('users/a', [new Uint8Array(1)])).rejects.toThrow()
    advance(WRITE_FAILURE_MS - 1)
    expect(await health.check()).toBe(false)
    advance(1)
    expect(await health.check()).toBe(true)
  })
})
