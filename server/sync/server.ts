import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, WebSocket, type RawData } from 'ws'
import { ChunkError, ChunkJoiner, isChunk, splitMessage } from '../../shared/chunks.ts'
import {
  ACK_PARAM,
  CHUNKS_PARAM,
  claimedLayout,
  CITIES_ROOM,
  CloseCode,
  DEFLATE_PARAM,
  DOWNLOAD_FROM_PARAM,
  DOWNLOAD_HEADERS,
  DOWNLOAD_ID_PARAM,
  LAYOUT_PARAM,
  PICTURE_PARAM,
  SYNC_PATH,
  closeReason,
  userIdOfRoom,
  userRoom,
} from '../../shared/protocol.ts'
import type * as Y from 'yjs'
import { checkCitiesUpdate } from '../../shared/schema/cityUpdate.ts'
import type { LenderProjection } from '../../shared/schema/projection.ts'
import { metaMap } from '../../shared/schema/doc.ts'
import { layoutOf } from '../../shared/schema/layouts/index.ts'
import { checkLenderUpdate } from '../../shared/schema/lenderUpdate.ts'
import { writesBook, type BookAccess } from '../../shared/members.ts'
import { sessionFromHeaders, type Auth, type SessionInfo } from '../auth/auth.ts'
import type { ServerConfig } from '../config.ts'
import type { Fanout } from '../fanout/types.ts'
import type { Logger } from '../log.ts'
import type { MembersStore } from '../members/store.ts'
import type { DocStorage } from '../storage/types.ts'
import { isDeflated } from '../../shared/deflate.ts'
import { sendCompressed } from './bookState.ts'
import { drawPicture, pictureDay } from './dashboardPicture.ts'
import { newDownloadId, ResumableDownloads } from './resumableDownloads.ts'
import { deflateForWire, inflateFromWire, shouldDeflate } from './deflate.ts'
import { originAllowed } from '../http/origin.ts'
import { Liveness } from './liveness.ts'
import { BadMessageError, ReadOnlyError } from './messages.ts'
import type { Peer, Room, UpdateGate } from './room.ts'
import { DailyCount, SyncLimits } from './limits.ts'
import { Rooms } from './rooms.ts'
import { SessionSockets } from './sessions.ts'

/** The `/sync/<room>` endpoint: authenticates upgrades and runs the rooms behind them. */
export interface SyncServer {
  /** The HTTP server's 'upgrade' listener. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /**
   * `GET /sync/users/<id>`: a lender's whole book in one compressed download (see bookState.ts);
   * with `?picture=<day>`, a picture of its dashboard that day (see dashboardPicture.ts).
   */
  handleStateRequest(req: IncomingMessage, res: ServerResponse): Promise<void>
  /**
   * Closes the sockets of a session that was signed out or revoked, in this process and, through
   * the fan-out, in every other one.
   */
  endSession(token: string): void
  /**
   * Checks every open socket's session now, rather than at the next session check: another
   * process (the reset-password command) has ended sessions, and which ones is not known here.
   */
  recheckSessions(): void
  /**
   * Closes `memberId`'s sockets on `ownerId`'s book, in this process and, through the fan-out, in
   * every other one: their role changed or they were removed.
   */
  accessChanged(ownerId: string, memberId: string): void
  /**
   * Reads `ownerId`'s book (as the app reads it, kept up to date while the room is in memory,
   * see `Room.lenderBook`) and the cities.
   */
  readBook<T>(
    ownerId: string,
    read: (book: LenderProjection, doc: Y.Doc, cities: Y.Doc) => T,
  ): Promise<T>
  /**
   * Writes into `ownerId`'s book as the server (see `Room.change`), given the book as read;
   * resolves with what `change` returned once it is stored.
   */
  changeBook<T>(ownerId: string, change: (doc: Y.Doc, book: LenderProjection) => T): Promise<T>
  /** Rooms currently in memory. */
  readonly roomCount: number
  /** Refuses new sockets, stores everything, closes every socket with 1001. */
  close(): Promise<void>
}

export interface SyncServerOptions {
  auth: Auth
  storage: DocStorage
  fanout: Fanout
  log: Logger
  config: Pick<
    ServerConfig,
    | 'maxMessageBytes'
    | 'maxSyncBytes'
    | 'roomIdleMs'
    | 'sessionCheckMs'
    | 'compactEvery'
    | 'pingIntervalMs'
    | 'accountSockets'
    | 'accountSyncBytes'
    | 'serverSyncBytes'
    | 'citiesPerDay'
  >
  /** How often rooms poll storage for updates other processes stored; 0 for one process. */
  catchUpMs: number
  /** Origins a browser may open sockets from, besides the request's own host. */
  trustedOrigin: string
  /** Who else may open a book besides its owner, and with what role (see members/store.ts). */
  members: Pick<MembersStore, 'roleOf'>
}

/**
 * How long a cut download of a book is kept for its device to ask for the rest: a phone that
 * lost its signal for a minute, or was put in a pocket, still resumes.
 */
const RESUME_KEEP_MS = 2 * 60_000

/**
 * The longest a download is taken to be still sending, for other processes: kept that long from
 * its start, then `RESUME_KEEP_MS` from the end of its last request.
 */
const SENDING_KEEP_MS = 30 * 60_000

/**
 * Downloads being written for other processes at once. A book's state is megabytes, and the
 * database client copies it into its own buffer while it sends it: past this many, a download is
 * kept in this process only (as one too big for this process to keep is not written at all).
 */
const SHARED_WRITES = 4

/**
 * The download a request resumes (`?download=<id>&from=<bytes>`), as `find` still keeps it, and
 * from where; null for a request that resumes nothing, or asks for bytes the book does not have.
 */
async function resumeOf(
  url: URL,
  find: (id: string) => Promise<Uint8Array | null>,
): Promise<{ id: string; state: Uint8Array; from: number } | null> {
  const id = url.searchParams.get(DOWNLOAD_ID_PARAM)
  const from = url.searchParams.get(DOWNLOAD_FROM_PARAM)
  if (id === null || from === null || !/^(0|[1-9][0-9]{0,9})$/.test(from)) return null
  const state = await find(id)
  return state && Number(from) <= state.byteLength ? { id, state, from: Number(from) } : null
}

/** A lender's own room takes only what the book's schema can hold (see `lenderUpdate.ts`). */
const lenderGate: UpdateGate = (doc, update, decoded) => {
  const check = checkLenderUpdate(doc, update, decoded)
  return check.ok ? null : check.reason
}

/**
 * The cities room takes new cities only (see `cityUpdate.ts`), and from one account no more than
 * `perDay` a day (UTC, by the server's clock).
 */
function citiesGate(perDay: number): UpdateGate {
  const today = new DailyCount(perDay)
  return (doc, _update, decoded, peer) => {
    const check = checkCitiesUpdate(doc, decoded)
    if (!check.ok) return check.reason
    const day = new Date().toISOString().slice(0, 10)
    return today.take(peer.account, check.added, day) ? null : 'daily allowance of cities used up'
  }
}

function refuseUpgrade(socket: Duplex, status: number): void {
  const body = `${status} ${STATUS_CODES[status] ?? ''}\n`
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}

/** Answers an HTTP request with `status` and, in words, `why`. */
function refusal(res: ServerResponse, status: number, why: string): void {
  res.statusCode = status
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.end(`${why}\n`)
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data))
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
}

/** Creates the sync endpoint. Its timers stop on `close`. */
export function createSyncServer(options: SyncServerOptions): SyncServer {
  const { auth, storage, fanout, log, config } = options
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: config.maxMessageBytes,
    perMessageDeflate: false,
  })
  const rooms = new Rooms(
    { storage, fanout, log, compactEvery: config.compactEvery, gate: lenderGate, awareness: true },
    config.roomIdleMs,
    log,
    options.catchUpMs,
  )
  // Shared by every account: no awareness, so no account's presence reaches another's sockets.
  const citiesRooms = new Rooms(
    {
      storage,
      fanout,
      log,
      compactEvery: config.compactEvery,
      gate: citiesGate(config.citiesPerDay),
      awareness: false,
    },
    config.roomIdleMs,
    log,
    options.catchUpMs,
  )
  const roomsFor = (name: string) => (name === CITIES_ROOM ? citiesRooms : rooms)
  const sessions = new SessionSockets()
  fanout.onSessionEnded((token) => sessions.end(token))

  // Members' sockets by book and member, closed when the owner changes what the member may do.
  // `accessChanges` counts the changes, so that a socket let in with a role read just before a
  // change is closed as soon as it is connected.
  const memberSockets = new Map<string, Set<() => void>>()
  const accessChanges = new Map<string, number>()
  const memberKey = (ownerId: string, memberId: string) => `${ownerId}\n${memberId}`
  const closeMemberSockets = (ownerId: string, memberId: string) => {
    const key = memberKey(ownerId, memberId)
    accessChanges.set(key, (accessChanges.get(key) ?? 0) + 1)
    for (const close of memberSockets.get(key) ?? []) close()
  }
  fanout.onAccessChanged(closeMemberSockets)

  /**
   * What `userId` may do in room `name`: its owner's everything, a member's role, or nothing
   * (null). A collector is not served the whole book: his own (his villages only) comes later.
   */
  async function accessTo(name: string, userId: string): Promise<BookAccess | null> {
    const ownerId = userIdOfRoom(name)
    if (ownerId === null) return null
    if (ownerId === userId) return 'owner'
    const role = await options.members.roleOf(ownerId, userId)
    return role === 'collector' ? null : role
  }
  const limits = new SyncLimits(config)

  /**
   * Records that a session was seen now (the Devices list shows it): when its first socket
   * opens, at every session check while one is open, and when its last one closes. A failed
   * write only makes "last seen" older.
   */
  const touch = (token: string) => {
    void auth.$context
      .then((context) => context.internalAdapter.updateSession(token, { lastSeenAt: new Date() }))
      .catch((error: unknown) => log.debug('could not record when a session was seen', error))
  }
  // A reader that stops reading must not make the server buffer without bound.
  const maxBuffered = Math.max(64 * 1024 * 1024, 2 * config.maxMessageBytes)
  let closing = false

  const liveness = new Liveness(config.pingIntervalMs)
  const pingTimer = setInterval(() => {
    liveness.tick((ws) => {
      log.debug('dropping a socket silent past its grace: no answer to its pings, nothing read')
      ws.terminate()
    })
  }, config.pingIntervalMs)
  pingTimer.unref()

  let sweeping = false
  // Asked for while a sweep ran: that one may have checked a session before it ended.
  let sweepAgain = false
  const sweep = () => {
    if (sweeping) {
      sweepAgain = true
      return
    }
    sweeping = true
    void sessions
      .sweep(Date.now(), async (cookie, token) => {
        const session = await sessionFromHeaders(auth, { cookie })
        return session?.token === token
      })
      .finally(() => {
        sweeping = false
        if (sweepAgain && !closing) {
          sweepAgain = false
          sweep()
        }
      })
  }
  const sessionTimer = setInterval(() => {
    if (sweeping) return
    for (const token of sessions.tokens()) touch(token)
    sweep()
  }, config.sessionCheckMs)
  sessionTimer.unref()

  function connect(
    ws: WebSocket,
    room: Room,
    session: SessionInfo,
    cookie: string,
    wants: { acks: boolean; chunks: boolean; deflate: boolean; layout: number | null },
    access: BookAccess,
    accessChangesSeen: number,
  ): void {
    // ws closes an oversized frame with the generic 1009; the app gets our own code, which the
    // stock client also treats as final (4400–4499), so it does not resend the same frame forever.
    const close = ws.close.bind(ws)
    ws.close = (code?: number, reason?: string | Buffer) =>
      code === 1009
        ? close(CloseCode.tooLarge, closeReason[CloseCode.tooLarge])
        : close(code, reason)

    // A whole book sent at once may sit in the send buffer for a while on a slow link: that is
    // not a reader that stopped reading, so the allowance grows by the largest message in flight.
    let inFlight = 0
    const transmit = (message: Uint8Array) => {
      if (ws.readyState !== WebSocket.OPEN) return
      if (ws.bufferedAmount <= maxBuffered) inFlight = 0
      else if (ws.bufferedAmount > maxBuffered + inFlight) {
        log.warn(`dropping a socket of ${room.name} that stopped reading`)
        ws.terminate()
        return
      }
      if (message.byteLength > maxBuffered) inFlight = Math.max(inFlight, message.byteLength)
      for (const frame of wants.chunks ? splitMessage(message) : [message]) ws.send(frame)
      liveness.sent(ws, message.byteLength)
    }
    // Messages leave in the order they were sent: while a large one is being compressed, the
    // ones after it wait behind it.
    let compressing: Promise<void> | null = null
    const peer: Peer = {
      send(message) {
        if (ws.readyState !== WebSocket.OPEN) return
        const deflate = wants.deflate && shouldDeflate(message)
        if (!deflate && !compressing) return transmit(message)
        const ready = deflate ? deflateForWire(message) : message
        const queued = (compressing ?? Promise.resolve()).then(async () => transmit(await ready))
        const settled = queued.catch((error: unknown) => {
          log.error(`could not compress a message for ${room.name}`, error)
          ws.close(1011, 'internal error')
        })
        compressing = settled
        void settled.then(() => {
          if (compressing === settled) compressing = null
        })
      },
      close(code, reason) {
        ws.close(code, reason)
      },
      get open() {
        return ws.readyState === WebSocket.OPEN
      },
      wantsAcks: wants.acks,
      account: session.userId,
      readOnly: !writesBook(access),
    }
    const sessionSocket = {
      endSession: () => ws.close(CloseCode.unauthorized, closeReason[CloseCode.unauthorized]),
    }
    const refuse = (why: string) => {
      log.warn(
        `closed a socket of user ${session.userId} in ${room.name}: malformed or refused frame (${why})`,
      )
      ws.close(CloseCode.badMessage, closeReason[CloseCode.badMessage])
    }

    liveness.add(ws)
    ws.on('error', (error) => log.debug(`socket error in ${room.name}`, error.message))
    // Only a client that said it chunks may send chunks; they join into one message per socket.
    // What a socket holds of an unfinished message counts against its account's share and the
    // process's budget; a part that would pass either closes the socket with a "try again later".
    const joiner = wants.chunks ? new ChunkJoiner(config.maxSyncBytes) : null
    let held = 0
    const holdJoined = () => {
      limits.hold(session.userId, (joiner?.heldBytes ?? 0) - held)
      held = joiner?.heldBytes ?? 0
    }
    const join = (frame: Uint8Array): Uint8Array | null => {
      let message: Uint8Array | null
      try {
        // A message over MAX_SYNC_BYTES throws here (4400): it would never fit, however long
        // the client waited.
        message = joiner!.accept(frame)
      } finally {
        holdJoined()
      }
      // A finished message holds nothing any more: only an unfinished one is turned away.
      const busy = message === null ? limits.overdrawn(session.userId) : null
      if (busy === null) return message
      joiner!.drop()
      holdJoined()
      log.warn(
        `closed a socket of user ${session.userId} in ${room.name}: ${closeReason[busy]} ` +
          `(${limits.heldBytes} bytes of unfinished messages held in all)`,
      )
      ws.close(busy, closeReason[busy])
      return null
    }
    // A client that writes an older layout than the room's is turned away before it syncs, and
    // again should another device move the room on while it is connected.
    const outdated = (): boolean => {
      if (wants.layout === null) return false
      const roomLayout = layoutOf(metaMap(room.doc).get('schemaVersion'))
      if (roomLayout === null || wants.layout >= roomLayout) return false
      log.warn(
        `closed a socket of user ${session.userId} in ${room.name}: it writes layout ` +
          `${wants.layout}, the book is at ${roomLayout}`,
      )
      ws.close(CloseCode.outdatedClient, closeReason[CloseCode.outdatedClient])
      return true
    }
    // A member's socket closes when the owner changes what they may do (see `accessChanged`).
    const ownerId = userIdOfRoom(room.name)
    const asMember =
      access === 'owner' || ownerId === null ? null : memberKey(ownerId, session.userId)
    const closeAsMember = () =>
      ws.close(CloseCode.accessChanged, closeReason[CloseCode.accessChanged])
    if (asMember !== null) {
      const open = memberSockets.get(asMember) ?? new Set()
      memberSockets.set(asMember, open.add(closeAsMember))
    }

    ws.on('message', (data, isBinary) => {
      if (ws.readyState !== WebSocket.OPEN) return
      if (outdated()) return
      if (!isBinary) return refuse('text frame')
      try {
        const frame = toBytes(data)
        const message = joiner && isChunk(frame) ? join(frame) : frame
        if (!message) return
        room.receive(
          peer,
          wants.deflate && isDeflated(message)
            ? inflateFromWire(message, config.maxSyncBytes)
            : message,
        )
      } catch (error) {
        if (error instanceof ReadOnlyError) {
          log.warn(`closed a socket of user ${session.userId} in ${room.name}: ${error.message}`)
          return ws.close(CloseCode.readOnly, closeReason[CloseCode.readOnly])
        }
        if (error instanceof BadMessageError || error instanceof ChunkError) {
          return refuse(error.message)
        }
        log.error(`unexpected error handling a frame in ${room.name}`, error)
        ws.close(1011, 'internal error')
      }
    })
    ws.on('close', () => {
      if (asMember !== null) {
        const open = memberSockets.get(asMember)
        open?.delete(closeAsMember)
        if (open?.size === 0) memberSockets.delete(asMember)
      }
      limits.hold(session.userId, -held)
      held = 0
      limits.closeSocket(session.userId)
      room.removePeer(peer)
      roomsFor(room.name).release(room)
      if (sessions.remove(session.token, sessionSocket)) touch(session.token)
    })
    if (sessions.add(session, cookie, sessionSocket)) touch(session.token)
    if (asMember !== null && (accessChanges.get(asMember) ?? 0) !== accessChangesSeen) {
      return closeAsMember()
    }
    if (!outdated()) room.addPeer(peer)
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (closing) return refuseUpgrade(socket, 503)
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (!url.pathname.startsWith(SYNC_PATH + '/')) return refuseUpgrade(socket, 404)
    if (!originAllowed(req, options.trustedOrigin)) return refuseUpgrade(socket, 403)
    let name: string
    try {
      name = decodeURIComponent(url.pathname.slice(SYNC_PATH.length + 1))
    } catch {
      return refuseUpgrade(socket, 403)
    }

    let session: SessionInfo | null
    try {
      session = await sessionFromHeaders(auth, req.headers)
    } catch (error) {
      log.error('session lookup failed during upgrade', error)
      return refuseUpgrade(socket, 503)
    }
    if (!session) return refuseUpgrade(socket, 401)
    const account = session.userId
    // The cities room is every account's; a book is its owner's and its members'.
    let access: BookAccess = 'owner'
    const ownerId = userIdOfRoom(name)
    const accessChangesSeen =
      ownerId === null ? 0 : (accessChanges.get(memberKey(ownerId, account)) ?? 0)
    if (name !== CITIES_ROOM) {
      let found: BookAccess | null
      try {
        found = await accessTo(name, account)
      } catch (error) {
        log.error('members lookup failed during upgrade', error)
        return refuseUpgrade(socket, 503)
      }
      if (found === null) return refuseUpgrade(socket, 403)
      access = found
    }
    if (!limits.openSocket(account)) {
      // Said with a close code rather than an HTTP status, which a browser does not show the
      // app: a 45xx, so the app's own devices keep trying (with back-off) instead of giving up.
      log.warn(`refused a socket of user ${account}: ${config.accountSockets} already open`)
      wss.handleUpgrade(req, socket, head, (ws) =>
        ws.close(CloseCode.accountBusy, closeReason[CloseCode.accountBusy]),
      )
      return
    }

    const registry = roomsFor(name)
    let room: Room
    try {
      room = await registry.acquire(name)
    } catch (error) {
      limits.closeSocket(account)
      log.error(`could not load room ${name}`, error)
      return refuseUpgrade(socket, 503)
    }
    if (closing || socket.destroyed) {
      limits.closeSocket(account)
      registry.release(room)
      socket.destroy()
      return
    }
    // If ws refuses the handshake itself (bad headers) its callback never runs: release then.
    let connected = false
    socket.once('close', () => {
      if (connected) return
      limits.closeSocket(account)
      registry.release(room)
    })
    const cookie = req.headers.cookie ?? ''
    const live = session
    const wants = {
      acks: url.searchParams.get(ACK_PARAM) === '1',
      chunks: url.searchParams.get(CHUNKS_PARAM) === '1',
      deflate: url.searchParams.get(DEFLATE_PARAM) === '1',
      // The cities room has no layouts.
      layout: name === CITIES_ROOM ? null : claimedLayout(url.searchParams.get(LAYOUT_PARAM)),
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      connected = true
      connect(ws, room, live, cookie, wants, access, accessChangesSeen)
    })
  }

  /** Runs `use` with room `name` in memory, loading it first if need be. */
  async function withRoom<T>(name: string, use: (room: Room) => Promise<T> | T): Promise<T> {
    const registry = roomsFor(name)
    const room = await registry.acquire(name)
    try {
      return await use(room)
    } finally {
      registry.release(room)
    }
  }

  /**
   * Accounts with a download of their book's state under way: one at a time each, except that a
   * device resuming its own download takes over from the one it lost (see `ResumableDownloads`).
   */
  const downloading = new Map<string, { id: string; res: ServerResponse }>()
  /** Accounts with a picture of a dashboard being drawn (see `PICTURE_PARAM`). */
  const drawing = new Set<string>()
  const resumable = new ResumableDownloads(config.serverSyncBytes, RESUME_KEEP_MS)
  const shared = storage.downloads
  let sharedWrites = 0

  /** Answers `?picture=<day>`: the dashboard of book `name` that day, drawn here (see `PICTURE_PARAM`). */
  async function pictureRequest(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    name: string,
    account: string,
  ): Promise<void> {
    const now = new Date()
    const day = pictureDay(url.searchParams.get(PICTURE_PARAM), now)
    if (day === null) return refusal(res, 400, 'a picture is of one day (YYYY-MM-DD), near today')
    // Each one replays every loan of the book: one at a time per account.
    if (drawing.has(account)) return refusal(res, 429, 'a picture of this book is being drawn')
    drawing.add(account)
    try {
      const picture = await withRoom(name, async (book) => {
        const projection = await book.lenderBook()
        return withRoom(CITIES_ROOM, (cities) => drawPicture(projection, cities.doc, day, now))
      })
      const body = Buffer.from(JSON.stringify(picture))
      await sendCompressed(req, res, body, {}, 'application/json; charset=utf-8')
    } finally {
      drawing.delete(account)
    }
  }

  async function stateRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refuse = (status: number, why: string) => refusal(res, status, why)
    if (closing) return refuse(503, 'the server is stopping')
    const url = new URL(req.url ?? '/', 'http://localhost')
    let name: string
    try {
      name = decodeURIComponent(url.pathname.slice(SYNC_PATH.length + 1))
    } catch {
      return refuse(404, 'no such book')
    }
    if (userIdOfRoom(name) === null) return refuse(404, 'no such book')
    if (!originAllowed(req, options.trustedOrigin)) return refuse(403, 'not from this site')
    const session = await sessionFromHeaders(auth, req.headers)
    if (!session) return refuse(401, 'not signed in')
    if ((await accessTo(name, session.userId)) === null) return refuse(403, 'not your book')
    const account = session.userId
    if (url.searchParams.has(PICTURE_PARAM)) return pictureRequest(req, res, url, name, account)
    // Kept by this process, or else by another (which this device's last request reached).
    const resume = await resumeOf(url, async (id) => {
      const here = resumable.find(account, name, id)
      if (here || !shared) return here
      return shared.find(account, name, id).catch((error: unknown) => {
        log.debug('reading a kept download failed; the book is sent whole', error)
        return null
      })
    })
    const under = downloading.get(account)
    if (under) {
      if (under.id !== resume?.id) return refuse(429, 'this book is already being downloaded')
      // The device lost that one (its link died without a word to us): this one takes over.
      under.res.destroy()
    }
    const id = resume?.id ?? newDownloadId()
    downloading.set(account, { id, res })
    let started = false
    try {
      let state = resume?.state
      if (!state) {
        const registry = roomsFor(name)
        const room = await registry.acquire(name)
        try {
          const roomLayout = layoutOf(metaMap(room.doc).get('schemaVersion'))
          const layout = claimedLayout(url.searchParams.get(LAYOUT_PARAM))
          if (layout !== null && roomLayout !== null && layout < roomLayout) {
            return refuse(409, closeReason[CloseCode.outdatedClient])
          }
          state = await room.state()
        } finally {
          registry.release(room)
        }
        resumable.start(account, name, id, state)
        const kept = resumable.find(account, name, id)
        if (kept && shared && sharedWrites < SHARED_WRITES) {
          sharedWrites++
          keepShared(() =>
            shared.keep(account, name, id, kept, SENDING_KEEP_MS).finally(() => sharedWrites--),
          )
        }
      } else if (resumable.find(account, name, id)) {
        resumable.resumed(account, id)
      } else {
        // Another process's download: this one keeps it too, should this request be cut.
        resumable.start(account, name, id, state)
      }
      started = true
      const offset = resume?.from ?? 0
      await sendCompressed(req, res, state.subarray(offset), {
        [DOWNLOAD_HEADERS.id]: id,
        [DOWNLOAD_HEADERS.length]: state.byteLength,
        [DOWNLOAD_HEADERS.offset]: offset,
      })
      // The download counts until its last byte has left (or the client went away).
      if (!res.closed) await new Promise((resolve) => res.once('close', resolve))
    } finally {
      resumable.ended(account, id)
      if (started) keepShared(() => shared?.touch(account, id, RESUME_KEEP_MS))
      if (downloading.get(account)?.res === res) downloading.delete(account)
    }
  }

  /** Keeping a download for other processes is best effort: without it, the book is sent whole. */
  function keepShared(write: () => Promise<void> | undefined): void {
    write()?.catch((error: unknown) =>
      log.debug('keeping a download for other processes failed', error),
    )
  }

  return {
    handleStateRequest: stateRequest,
    handleUpgrade(req, socket, head) {
      socket.on('error', (error) => log.debug('upgrade socket error', error.message))
      upgrade(req, socket, head).catch((error: unknown) => {
        log.error('upgrade failed', error)
        socket.destroy()
      })
    },
    endSession(token) {
      sessions.end(token)
      fanout.publishSessionEnded(token)
    },
    recheckSessions() {
      if (!closing) sweep()
    },
    readBook(ownerId, read) {
      return withRoom(userRoom(ownerId), async (book) => {
        const projection = await book.lenderBook()
        return withRoom(CITIES_ROOM, (cities) => read(projection, book.doc, cities.doc))
      })
    },
    changeBook(ownerId, change) {
      return withRoom(userRoom(ownerId), async (book) => {
        const projection = await book.lenderBook()
        return book.change((doc) => change(doc, projection))
      })
    },
    accessChanged(ownerId, memberId) {
      closeMemberSockets(ownerId, memberId)
      fanout.publishAccessChanged(ownerId, memberId)
    },
    get roomCount() {
      return rooms.size + citiesRooms.size
    },
    async close() {
      closing = true
      clearInterval(pingTimer)
      clearInterval(sessionTimer)
      // Store and acknowledge what already arrived before anyone is cut off.
      await Promise.all([rooms.flushAll(), citiesRooms.flushAll()])
      const closed = [...wss.clients].map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve()
            ws.once('close', () => resolve())
            ws.close(CloseCode.goingAway, closeReason[CloseCode.goingAway])
          }),
      )
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref())
      await Promise.race([Promise.all(closed), deadline])
      for (const ws of wss.clients) ws.terminate()
      await Promise.all([rooms.closeAll(), citiesRooms.closeAll()])
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
