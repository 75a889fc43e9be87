import type { Logger } from '../log.ts'
import type { DocStorage } from '../storage/types.ts'

/** How long the probe write may take before storage counts as unable to write. */
export const PROBE_TIMEOUT_MS = 2_000

/**
 * How long one probe's answer is reused: however often /healthz is asked, storage sees at most
 * one probe write per second, so the endpoint cannot be used to load the server.
 */
export const PROBE_CACHE_MS = 1_000

/**
 * How long a failed document write keeps /healthz failing, unless a later one succeeds. The probe
 * is one small row rewritten in place, which can still fit in a page or a log that has room when
 * a lender's update (bigger, and always a new row) no longer does: on SQLite after a checkpoint
 * the write-ahead log is reused from its start, and PostgreSQL rewrites the row inside its page.
 * Clients resend a refused update within seconds, so while the store cannot take them this stays
 * fresh; once writes are refused no more, it lapses.
 */
export const WRITE_FAILURE_MS = 60_000

/** Whether storage can commit a write now: what /healthz answers. */
export interface HealthCheck {
  /** True when the probe write succeeded and no document write failed lately. */
  check(): Promise<boolean>
  /** The same storage, telling this check how each document write (append, compact) went. */
  watch(storage: DocStorage): DocStorage
}

export interface HealthCheckOptions {
  /** Commits one tiny write; rejects if it fails or takes longer than `timeoutMs`. */
  probeWrite(timeoutMs: number): Promise<void>
  log: Logger
  now?: () => number
}

/** A health check built on a write probe and on the outcome of real document writes. */
export function createHealthCheck(options: HealthCheckOptions): HealthCheck {
  const { log } = options
  const now = options.now ?? Date.now
  // When the last document write failed; null when it succeeded (or none was made yet).
  let writeFailedAt: number | null = null
  let probed: { at: number; ok: boolean } | null = null
  let probing: Promise<boolean> | null = null
  let healthy = true

  // Logged on a change only: a load balancer asking every second must not fill the log.
  const report = (ok: boolean, why?: string, error?: unknown) => {
    if (ok === healthy) return
    healthy = ok
    if (ok) log.info('health check: storage takes writes again')
    else log.warn(`health check failing: ${why}`, error)
  }

  const probe = (): Promise<boolean> => {
    probing ??= options
      .probeWrite(PROBE_TIMEOUT_MS)
      .then(
        () => true,
        (error: unknown) => {
          report(false, 'storage cannot commit a write', error)
          return false
        },
      )
      .then((ok) => {
        probed = { at: now(), ok }
        probing = null
        return ok
      })
    return probing
  }

  const recorded = <T>(write: Promise<T>): Promise<T> =>
    write.then(
      (value) => {
        writeFailedAt = null
        return value
      },
      (error: unknown) => {
        writeFailedAt = now()
        throw error
      },
    )

  return {
    async check() {
      const at = now()
      if (writeFailedAt !== null && at - writeFailedAt < WRITE_FAILURE_MS) {
        report(false, 'a document write failed')
        return false
      }
      const ok = probed !== null && at - probed.at < PROBE_CACHE_MS ? probed.ok : await probe()
      if (ok) report(true)
      return ok
    },
    watch(storage) {
      return {
        load: (room, afterSeq) => storage.load(room, afterSeq),
        append: (room, updates) => recorded(storage.append(room, updates)),
        groupsAppends: storage.groupsAppends,
        compact: (room, snapshot, uptoSeq) => recorded(storage.compact(room, snapshot, uptoSeq)),
        lastSeqs: (rooms) => storage.lastSeqs(rooms),
        probeWrite: (timeoutMs) => storage.probeWrite(timeoutMs),
        downloads: storage.downloads,
        close: () => storage.close(),
      }
    },
  }
}
