/**
 * A new device's first download of a lender's book over HTTP (see `Room.downloadIfEmpty`), and
 * its early start. On a slow link the download is the long wait of a first visit, and the app's
 * code for the signed-in screens takes seconds of its own to arrive: so the download starts as
 * soon as the session is known (`downloadBookEarly`), side by side with that code, when this
 * device has no copy of the book; the room takes it over once it has read its (empty) disk.
 *
 * This module is part of the first screen's code: nothing here may bring Yjs or the schema.
 */
import { LAYOUT_PARAM, SYNC_PATH } from '../../../shared/protocol.ts'
import { CURRENT_LAYOUT } from '../../../shared/schema/layouts/current.ts'

/** A download that receives nothing for this long is given up (the socket brings the book). */
const DOWNLOAD_STALL_MS = 30_000

/**
 * How long the app's start waits to hear which databases the device has. The answer takes
 * milliseconds; a browser that does not give it (IndexedDB has hung at startup in some) must not
 * hold the app: it then starts nothing early.
 */
const DATABASES_WAIT_MS = 300

interface Download {
  bytes: Promise<Uint8Array | null>
  abort: () => void
}

/** Downloads begun before their room asked, by room name. */
const early = new Map<string, Download>()

/** The IndexedDB database a room's doc is kept in on this device. */
export function roomDatabase(room: string): string {
  return `rin-khata/${room}`
}

/**
 * The names of this device's IndexedDB databases, asked for at once (the answer takes a trip to
 * the browser); null where the browser cannot list them, or does not answer in time.
 */
export function databasesOnDevice(): Promise<ReadonlySet<string> | null> {
  if (typeof indexedDB?.databases !== 'function') return Promise.resolve(null)
  const listed = indexedDB.databases().then(
    (databases) => new Set(databases.map(({ name }) => name ?? '')),
    () => null,
  )
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), DATABASES_WAIT_MS))
  return Promise.race([listed, late])
}

/**
 * Starts downloading `room`'s book for the room to take (`downloadBook`) if this device keeps no
 * copy of it: none of `databases` is its (a device that has one reads it instead; a browser
 * that cannot say starts nothing early). Resolves once the request is on its way: the browser
 * fetches six files at a time from one server, and the app's code must not queue ahead of it.
 */
export async function downloadBookEarly(
  room: string,
  databases: Promise<ReadonlySet<string> | null>,
): Promise<void> {
  // Offline (a reload on the road), nothing can be fetched: the start does not wait to hear.
  if (!navigator.onLine || early.has(room)) return
  const names = await databases
  if (!names || names.has(roomDatabase(room))) return
  const controller = new AbortController()
  early.set(room, { bytes: fetchBook(room, controller), abort: () => controller.abort() })
}

/**
 * `room`'s book as the server holds it now, as one Yjs update: the early download if one was
 * begun, else a download from now. Null for anything but a clean download (offline, a stall, an
 * old server, a refusal): the socket's handshake then brings the book.
 */
export function downloadBook(room: string): Promise<Uint8Array | null> {
  const begun = early.get(room)
  early.delete(room)
  return begun ? begun.bytes : fetchBook(room)
}

/** Stops an early download of `room` that is not wanted after all (the disk had the book). */
export function dropBookDownload(room: string): void {
  early.get(room)?.abort()
  early.delete(room)
}

async function fetchBook(
  room: string,
  controller = new AbortController(),
): Promise<Uint8Array | null> {
  let stall: ReturnType<typeof setTimeout> | undefined
  const watch = () => {
    clearTimeout(stall)
    stall = setTimeout(() => controller.abort(), DOWNLOAD_STALL_MS)
  }
  try {
    watch()
    const url = `${SYNC_PATH}/${room}?${LAYOUT_PARAM}=${CURRENT_LAYOUT}`
    const response = await fetch(url, {
      cache: 'no-store',
      signal: controller.signal,
      priority: 'high',
    })
    if (!response.ok || response.headers.get('Content-Type') !== 'application/octet-stream') {
      return null
    }
    // Each part that arrives puts the stall off again.
    const watched = response.body!.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(part, stream) {
          watch()
          stream.enqueue(part)
        },
      }),
    )
    return new Uint8Array(await new Response(watched).arrayBuffer())
  } catch {
    return null
  } finally {
    clearTimeout(stall)
  }
}
