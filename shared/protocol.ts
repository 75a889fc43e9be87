/**
 * The wire vocabulary shared by the app and the sync server: room names, close codes and the
 * custom "stored" acknowledgement. One place, so both ends agree on every reason.
 */

/** Path prefix of the sync endpoint: a room `r` lives at `/sync/<r>`. */
export const SYNC_PATH = '/sync'

/** The room shared by every lender: the list of cities and villages. */
export const CITIES_ROOM = 'cities'

/** The private room holding one lender's people and loans. */
export function userRoom(userId: string): string {
  return `users/${userId}`
}

/** The user id of a `users/<id>` room, or null for any other room name. */
export function userIdOfRoom(room: string): string | null {
  const match = /^users\/([A-Za-z0-9_-]{1,128})$/.exec(room)
  return match ? (match[1] ?? null) : null
}

/**
 * WebSocket close codes (4000–4999 are the application's own). The y-websocket provider treats
 * 4400–4499 as final (it stops reconnecting until told to) and every other code as passing (it
 * reconnects with back-off, 0.2 s doubling up to 2.5 s): a refusal that waiting can cure is a
 * 45xx, never a 44xx.
 */
export const CloseCode = {
  /** No session, or the session expired or was signed out. */
  unauthorized: 4401,
  /** The room belongs to someone else, or does not exist. */
  forbidden: 4403,
  /** A frame that is not a valid y-websocket message, or an update the room refuses. */
  badMessage: 4400,
  /**
   * A change from a member who may only read the book (a viewer): refused, nothing of it kept.
   * Final: the app says so and keeps the change out of the book.
   */
  readOnly: 4405,
  /**
   * The owner changed this member's role or removed them: reconnect (a 45xx, so the stock client
   * does), to be let in with what the member may do now, or turned away (403).
   */
  accessChanged: 4509,
  /** A frame over the size limit. */
  tooLarge: 4413,
  /**
   * The client writes an older layout of the book than the room holds (see LAYOUT_PARAM): it
   * would misread the book and could write old forms into it. Final (44xx): the app asks the
   * lender to update; reconnecting would be refused the same way.
   */
  outdatedClient: 4426,
  /**
   * This account already has as many sockets open, or as much of unfinished chunked messages
   * held, as the server allows one account: try again later (the app reconnects with back-off).
   */
  accountBusy: 4529,
  /** The server holds as much unfinished chunked data as it allows itself: try again later. */
  serverBusy: 4503,
  /** The server is shutting down; reconnect later. */
  goingAway: 1001,
} as const
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode]

/** Human-readable close reasons, sent with the close codes above. */
export const closeReason: Record<CloseCode, string> = {
  [CloseCode.unauthorized]: 'not signed in',
  [CloseCode.forbidden]: 'not your document',
  [CloseCode.badMessage]: 'malformed or refused message',
  [CloseCode.readOnly]: 'this book is shared with you to read only: your change was not kept',
  [CloseCode.accessChanged]: 'your access to this book changed',
  [CloseCode.tooLarge]: 'message too large',
  [CloseCode.outdatedClient]: 'this book is kept by a newer app: update the app',
  [CloseCode.accountBusy]: 'too much open at once for this account, try again later',
  [CloseCode.serverBusy]: 'server busy, try again later',
  [CloseCode.goingAway]: 'server shutting down',
}

/**
 * y-websocket message types. 0 and 1 are the standard sync and awareness messages; 2 and 3 are
 * auth and query-awareness in the stock protocol. `stored` is ours: after the server has durably
 * stored a client's updates it sends `[messageStored, varUint(count)]`, where count is the number
 * of that client's update messages stored so far on this connection. Only a client that asked
 * for it with `?ack=1` (see ACK_PARAM) gets it: a stock client would log "Unable to compute
 * message" for every one, so to any other Yjs client the endpoint is a plain y-websocket server.
 */
export const MessageType = {
  sync: 0,
  awareness: 1,
  auth: 2,
  queryAwareness: 3,
  stored: 100,
  /** One part of a message too large for one frame (see `shared/chunks.ts`). */
  chunk: 101,
  /** A large message compressed (see `shared/deflate.ts`). */
  deflated: 102,
} as const

/**
 * Query parameter of the sync URL with which a client asks for `stored` acknowledgements:
 * `/sync/<room>?ack=1` (y-websocket's `params: { ack: '1' }`).
 */
export const ACK_PARAM = 'ack'

/**
 * Query parameter with which a client says it sends and takes large messages in chunks
 * (`?chunks=1`, see `shared/chunks.ts`), so no frame limit can cut it off from its own book.
 */
export const CHUNKS_PARAM = 'chunks'

/**
 * Query parameter with which a client says it sends and takes large messages compressed
 * (`?deflate=1`, see `shared/deflate.ts`).
 */
export const DEFLATE_PARAM = 'deflate'

/**
 * Query parameter with which a client says which layout of the lender's book it reads and writes
 * (`?layout=5`, the app's SCHEMA_VERSION). The server refuses a client older than the room's
 * layout with `outdatedClient`, before it syncs. A client that does not say is not checked: a
 * stock Yjs client sees a plain y-websocket server, and the apps from before the handshake
 * (layout 4 and older) already stop themselves at the book's newer stamp (see `isNewerLayout`).
 */
export const LAYOUT_PARAM = 'layout'

/**
 * A picture of a lender's dashboard for one day (`GET /sync/users/<id>?picture=<YYYY-MM-DD>`,
 * JSON: see `shared/dashboardPicture.ts`), drawn by the server from its copy of the book: what a
 * device that has none of the book yet shows while the book itself downloads.
 */
export const PICTURE_PARAM = 'picture'

/**
 * A book's download (`GET /sync/users/<id>`), resumed where it was cut: its answer names it
 * (`Book-Download`), says how many bytes the whole book is (`Book-Length`) and where in them its
 * body begins (`Book-Offset`). A device cut off asks again with `?from=<bytes it has>` and
 * `&download=<id>`, and gets the rest, or (the server no longer has it) the book whole, from
 * offset 0. Bytes of the book as encoded, before compression: the browser undoes the
 * compression, so those are the bytes a device can count.
 */
export const DOWNLOAD_HEADERS = {
  id: 'Book-Download',
  length: 'Book-Length',
  offset: 'Book-Offset',
} as const
export const DOWNLOAD_FROM_PARAM = 'from'
export const DOWNLOAD_ID_PARAM = 'download'

/** The layout a sync URL's `layout` value claims: a whole number from 1, else null (unsaid). */
export function claimedLayout(value: string | null): number | null {
  return value !== null && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : null
}

/** Largest WebSocket frame the server accepts (bytes). */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024
