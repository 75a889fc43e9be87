/**
 * A new device's first download of a lender's book over HTTP (see `Room.downloadIfEmpty`), and
 * its early start. On a slow link the download is the long wait of a first visit, and the app's
 * code for the signed-in screens takes seconds of its own to arrive: so the download starts as
 * soon as the session is known (`downloadBookEarly`), side by side with that code, when this
 * device has no copy of the book; the room takes it over once it has read its (empty) disk.
 *
 * This module is part of the first screen's code: nothing here may bring Yjs or the schema.
 */
import {
  DOWNLOAD_FROM_PARAM,
  DOWNLOAD_HEADERS,
  DOWNLOAD_ID_PARAM,
  LAYOUT_PARAM,
  PICTURE_PARAM,
  SYNC_PATH,
} from '../../../shared/protocol.ts'
import { localToday } from '../../../shared/dates.ts'
import { CURRENT_LAYOUT } from '../../../shared/schema/layouts/current.ts'

/** A download that receives nothing for this long is given up (the socket brings the book). */
const DOWNLOAD_STALL_MS = 30_000

/**
 * How long the app's start waits to hear which databases the device has. The answer takes
 * milliseconds; a browser that is slow to give it (IndexedDB has hung at startup in some, and a
 * busy phone can take longer) must not hold the app: the download then starts when the answer
 * comes, if the book's room has not asked for the book by then.
 */
const DATABASES_WAIT_MS = 300

interface Download {
  bytes: Promise<Uint8Array | null>
  abort: () => void
}

/** Downloads begun before their room asked, by room name. */
const early = new Map<string, Download>()

/**
 * The server's pictures of the dashboard asked for with early downloads, by room name: what the
 * dashboard shows while the book itself comes (see `takePicture`).
 */
const pictures = new Map<string, Promise<unknown>>()

/** Rooms whose early start waits for the device's answer, past the app's start. */
const awaitingAnswer = new Set<string>()

/** The IndexedDB database a room's doc is kept in on this device. */
export function roomDatabase(room: string): string {
  return `rin-khata/${room}`
}

/**
 * The names of this device's IndexedDB databases, asked for at once (the answer takes a trip to
 * the browser); null where the browser cannot list them.
 */
export function databasesOnDevice(): Promise<ReadonlySet<string> | null> {
  if (typeof indexedDB?.databases !== 'function') return Promise.resolve(null)
  return indexedDB.databases().then(
    (databases) => new Set(databases.map(({ name }) => name ?? '')),
    () => null,
  )
}

/**
 * Starts downloading `room`'s book for the room to take (`downloadBook`) if this device keeps no
 * copy of it: none of `databases` is its (a device that has one reads it instead; a browser
 * that cannot say starts nothing early). Resolves once the request is on its way (the browser
 * fetches six files at a time from one server, and the app's code must not queue ahead of it),
 * or after `DATABASES_WAIT_MS` without an answer: the request then leaves when the answer comes.
 * Opening `onDashboard`, the server's picture of the dashboard is asked for too (see
 * `takePicture`).
 */
export async function downloadBookEarly(
  room: string,
  databases: Promise<ReadonlySet<string> | null>,
  { onDashboard = false } = {},
): Promise<void> {
  // Offline (a reload on the road), nothing can be fetched: the start does not wait to hear.
  if (!navigator.onLine || early.has(room)) return
  awaitingAnswer.add(room)
  const begin = (names: ReadonlySet<string> | null) => {
    // The room asked meanwhile (and fetches the book itself), or the device keeps a copy.
    if (!awaitingAnswer.delete(room) || !names || names.has(roomDatabase(room))) return
    const controller = new AbortController()
    early.set(room, { bytes: fetchBook(room, controller), abort: () => controller.abort() })
    // Asked for once the book's request is on its way: a few kilobytes, which come long before
    // the book's megabytes and let the dashboard show its rows meanwhile.
    if (onDashboard) pictures.set(room, fetchPicture(room, controller.signal))
  }
  const late = new Promise<void>((resolve) => setTimeout(resolve, DATABASES_WAIT_MS))
  await Promise.race([databases.then(begin), late])
}

/**
 * `room`'s book as the server holds it now, as one Yjs update: the early download if one was
 * begun, else a download from now. Null for anything but a clean download (offline, a stall, an
 * old server, a refusal): the socket's handshake then brings the book.
 */
export function downloadBook(room: string): Promise<Uint8Array | null> {
  awaitingAnswer.delete(room)
  const begun = early.get(room)
  early.delete(room)
  return begun ? begun.bytes : fetchBook(room)
}

/**
 * The server's picture of `room`'s dashboard (unchecked JSON) if one was asked for with an early
 * download; it resolves null if the book itself arrives first, or the picture cannot be had.
 */
export function takePicture(room: string): Promise<unknown> | null {
  const picture = pictures.get(room)
  pictures.delete(room)
  const book = early.get(room)?.bytes
  if (!picture || !book) return null
  return Promise.race([picture, book.then(() => null)])
}

/** The server's picture of `room`'s dashboard today, or null if it cannot be had. */
async function fetchPicture(room: string, signal: AbortSignal): Promise<unknown> {
  const day = localToday(new Date())
  try {
    const answer = await fetch(`${SYNC_PATH}/${room}?${PICTURE_PARAM}=${day}`, {
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    })
    // A server too old to draw one sends no JSON (it refuses a second download of the book).
    const json = answer.headers.get('Content-Type')?.startsWith('application/json') ?? false
    return answer.ok && json ? await answer.json() : null
  } catch {
    return null
  }
}

/** Stops an early download of `room` that is not wanted after all (the disk had the book). */
export function dropBookDownload(room: string): void {
  pictures.delete(room)
  awaitingAnswer.delete(room)
  early.get(room)?.abort()
  early.delete(room)
}

/** What a download has brought so far, across the requests it took. */
interface Received {
  parts: Uint8Array[]
  bytes: number
  /** The download's id and the book's whole length, as its server named them; null: unnamed. */
  download: { id: string; length: number } | null
}

/**
 * The book as one Yjs update, downloaded in one request or, when the link is cut, in a few: each
 * asks for the rest of the same download (see `DOWNLOAD_HEADERS`) and keeps what came before.
 * Null for anything but the whole book: offline, refused, an old server, given up.
 */
async function fetchBook(
  room: string,
  controller = new AbortController(),
): Promise<Uint8Array | null> {
  const signal = controller.signal
  const received: Received = { parts: [], bytes: 0, download: null }
  for (let attempt = 0; attempt <= DOWNLOAD_RESUMES; attempt++) {
    let url = `${SYNC_PATH}/${room}?${LAYOUT_PARAM}=${CURRENT_LAYOUT}`
    if (attempt > 0) {
      // Only a download the server answered (and named) is resumed; else the socket brings it.
      // Even one that brought no bytes: a stream that fails drops what had come and was not yet
      // read, so a link cut at once can leave none, and the server keeps that download anyway.
      const { download, bytes } = received
      if (download === null) return null
      await pause(RESUME_PAUSE_MS * 2 ** (attempt - 1), signal)
      if (!navigator.onLine || signal.aborted) return null
      url += `&${DOWNLOAD_ID_PARAM}=${encodeURIComponent(download.id)}`
      url += `&${DOWNLOAD_FROM_PARAM}=${bytes}`
    }
    const answer = await fetchPart(url, signal, received)
    if (answer === 'refused') return null
    if (answer === 'done') {
      const { parts, bytes, download } = received
      return bytes === (download?.length ?? bytes) ? joined(parts, bytes) : null
    }
  }
  return null
}

/** How many times a cut download asks for the rest before the socket is left to bring the book. */
const DOWNLOAD_RESUMES = 5

/**
 * The pause before asking for the rest, doubled each time (1, 2, 4, 8, 16 s): the link that was
 * just lost may need a moment.
 */
const RESUME_PAUSE_MS = 1_000

/**
 * One request of a download, adding what it brings to `received`: 'done' once its body is whole,
 * 'cut' when the link failed or stalled, 'refused' when the server said no (or something this
 * device cannot use: an old server, an answer that does not continue what came before), or the
 * download was called off.
 */
async function fetchPart(
  url: string,
  signal: AbortSignal,
  received: Received,
): Promise<'done' | 'cut' | 'refused'> {
  const attempt = new AbortController()
  const stop = () => attempt.abort()
  signal.addEventListener('abort', stop)
  let stall: ReturnType<typeof setTimeout> | undefined
  const watch = () => {
    clearTimeout(stall)
    stall = setTimeout(stop, DOWNLOAD_STALL_MS)
  }
  try {
    watch()
    const response = await fetch(url, {
      cache: 'no-store',
      signal: attempt.signal,
      priority: 'high',
    })
    if (!response.ok || response.headers.get('Content-Type') !== 'application/octet-stream') {
      return 'refused'
    }
    if (!continues(response, received)) return 'refused'
    const reader = response.body!.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return 'done'
      // Each part that arrives puts the stall off again.
      watch()
      received.parts.push(value)
      received.bytes += value.byteLength
    }
  } catch {
    // The link failed (or stalled), before the answer or part way through it.
    return signal.aborted ? 'refused' : 'cut'
  } finally {
    clearTimeout(stall)
    signal.removeEventListener('abort', stop)
  }
}

/**
 * Whether `response` continues `received` (the rest of its download, or the book from the start,
 * which replaces what came before); takes the download's name and length from it.
 */
function continues(response: Response, received: Received): boolean {
  const begins = headerNumber(response, DOWNLOAD_HEADERS.offset) ?? 0
  if (begins !== received.bytes) {
    if (begins !== 0) return false
    received.parts = []
    received.bytes = 0
  }
  const id = response.headers.get(DOWNLOAD_HEADERS.id)
  const length = headerNumber(response, DOWNLOAD_HEADERS.length)
  received.download = id !== null && length !== null ? { id, length } : null
  return true
}

/** A whole-number header, or null. */
function headerNumber(response: Response, name: string): number | null {
  const value = response.headers.get(name)
  return value !== null && /^[0-9]{1,10}$/.test(value) ? Number(value) : null
}

/** `parts` as one array of `length` bytes. */
function joined(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array
  const whole = new Uint8Array(length)
  let at = 0
  for (const part of parts) {
    whole.set(part, at)
    at += part.byteLength
  }
  return whole
}

/** Waits `ms`, or less if `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })
}
