/**
 * Book downloads a device may resume: a download that is cut before its last byte is asked for
 * again from where it stopped (`?from=<bytes it has>&download=<id>`, see `shared/protocol.ts`)
 * rather than from the start. On a village network a first sync is often cut: a 4 MB book cut
 * at 3.5 MB carried 7.5 MB in all, and a link that drops every few megabytes never finished.
 *
 * What is kept is the very state that download is sending, so the rest fits what the device
 * already has even when the book changed meanwhile: the socket's handshake brings that change
 * afterwards, as it does after any download. This keeps it in this process's memory; with
 * PostgreSQL it is also kept there (`SharedDownloads`, storage/types.ts), so that a device whose
 * next request reaches another process resumes it too. After a restart of a one-process install,
 * a device downloads the book whole again.
 *
 * A download is kept from its start until `keepMs` after it ended, cut or not: the server cannot
 * tell a download the device received whole from one whose last megabytes sat in the kernel's
 * buffers when the link died, and a link that dies silently is seen long after the device has
 * asked again. Bounded: one per account (a newer one replaces it), and at most `maxBytes` for the
 * whole process, the oldest dropped first.
 */
import { randomBytes } from 'node:crypto'

interface Kept {
  readonly id: string
  readonly room: string
  readonly state: Uint8Array
  /** Its requests still sending (a resume can begin before the server sees the last one end). */
  sending: number
  timer: NodeJS.Timeout | null
}

/** The id a download is known by: 96 random bits, so no one can guess another's. */
export function newDownloadId(): string {
  return randomBytes(12).toString('base64url')
}

export class ResumableDownloads {
  // By account; a Map keeps insertion order, so the first entry is the oldest.
  private readonly kept = new Map<string, Kept>()
  private bytes = 0

  constructor(
    private readonly maxBytes: number,
    private readonly keepMs: number,
  ) {}

  /** Keeps `state`, which download `id` of `account`'s `room` is about to send. */
  start(account: string, room: string, id: string, state: Uint8Array): void {
    this.forget(account)
    if (state.byteLength > this.maxBytes) return
    while (this.bytes + state.byteLength > this.maxBytes) {
      const [oldest] = this.kept.keys()
      if (oldest === undefined) break
      this.forget(oldest)
    }
    this.kept.set(account, { id, room, state, sending: 1, timer: null })
    this.bytes += state.byteLength
  }

  /** A request resumes download `id` (found by `find`): it is kept until that one ends too. */
  resumed(account: string, id: string): void {
    const kept = this.kept.get(account)
    if (kept?.id !== id) return
    kept.sending++
    if (kept.timer) clearTimeout(kept.timer)
    kept.timer = null
  }

  /**
   * A request of download `id` ended: once none is sending, it is kept `keepMs` from now for the
   * device to resume.
   */
  ended(account: string, id: string): void {
    const kept = this.kept.get(account)
    if (kept?.id !== id || --kept.sending > 0) return
    kept.timer = setTimeout(() => {
      if (this.kept.get(account) === kept) this.forget(account)
    }, this.keepMs)
    kept.timer.unref()
  }

  /** The state download `id` sends, if it is `account`'s download of `room` and still kept. */
  find(account: string, room: string, id: string): Uint8Array | null {
    const kept = this.kept.get(account)
    return kept && kept.id === id && kept.room === room ? kept.state : null
  }

  /** Bytes kept by the whole process. */
  get size(): number {
    return this.bytes
  }

  private forget(account: string): void {
    const kept = this.kept.get(account)
    if (!kept) return
    if (kept.timer) clearTimeout(kept.timer)
    this.kept.delete(account)
    this.bytes -= kept.state.byteLength
  }
}
