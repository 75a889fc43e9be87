import type { Logger } from '../log.ts'
import { Room, type RoomDeps } from './room.ts'

/**
 * The rooms in memory. A room is created on first use and served only after its stored state
 * has loaded; every connection to the same name, including one that arrives while the room is
 * loading or unloading, gets the same instance. A room leaves memory only after it has had no
 * connection for `idleMs`, and an unload that finds a newcomer when its writes finish stays.
 */
export class Rooms {
  private readonly rooms = new Map<string, Room>()
  private readonly pollTimer: NodeJS.Timeout | null = null
  private polling = false

  /**
   * `catchUpMs` > 0 (several processes): every so often, one storage query asks for the last
   * seq of every room in memory, and a room that is behind reads the rest. This is what repairs
   * the last fan-out message of a burst when it is lost: no later message reveals that hole.
   */
  constructor(
    private readonly deps: Omit<RoomDeps, 'onBroken'>,
    private readonly idleMs: number,
    private readonly log: Logger,
    catchUpMs = 0,
  ) {
    if (catchUpMs > 0) {
      this.pollTimer = setInterval(() => void this.poll(), catchUpMs)
      this.pollTimer.unref()
    }
  }

  get size(): number {
    return this.rooms.size
  }

  /** The loaded room `name`, counted as in use until `release`. Rejects if it cannot load. */
  async acquire(name: string): Promise<Room> {
    let room = this.rooms.get(name)
    if (!room) {
      const created = new Room(name, { ...this.deps, onBroken: (r, e) => this.broken(r, e) })
      created.loaded = created.load().catch((error: unknown) => {
        if (this.rooms.get(name) === created) this.rooms.delete(name)
        created.destroy()
        throw error
      })
      this.rooms.set(name, created)
      room = created
    }
    room.refs++
    if (room.idleTimer) {
      clearTimeout(room.idleTimer)
      room.idleTimer = null
    }
    try {
      await room.loaded
    } catch (error) {
      room.refs--
      throw error
    }
    return room
  }

  /** Ends one use of `room`; the last one starts the idle countdown. */
  release(room: Room): void {
    room.refs--
    if (room.refs > 0) return
    if (room.broken) return room.destroy()
    if (this.rooms.get(room.name) !== room) return
    if (room.idleTimer) clearTimeout(room.idleTimer)
    room.idleTimer = setTimeout(() => void this.unload(room), this.idleMs)
    room.idleTimer.unref()
  }

  /** Stores, snapshots and frees every room (shutdown). */
  async closeAll(): Promise<void> {
    if (this.pollTimer) clearInterval(this.pollTimer)
    const rooms = [...this.rooms.values()]
    this.rooms.clear()
    await Promise.all(
      rooms.map(async (room) => {
        try {
          await room.loaded
          await room.snapshotIfUseful()
        } catch (error) {
          this.log.error(`could not store ${room.name} at shutdown`, error)
        }
        room.destroy()
      }),
    )
  }

  /** Stores every room's pending updates and acknowledges them (shutdown, before sockets close). */
  async flushAll(): Promise<void> {
    await Promise.all(
      [...this.rooms.values()].map(async (room) => {
        await room.flush()
        room.sendAcks()
      }),
    )
  }

  private async unload(room: Room): Promise<void> {
    room.idleTimer = null
    if (room.refs > 0) return
    try {
      await room.snapshotIfUseful()
    } catch (error) {
      this.log.warn(`snapshot of ${room.name} before unload failed`, error)
    }
    // Someone connected while we were writing: the room stays, with everything in it.
    if (room.refs > 0 || this.rooms.get(room.name) !== room) return
    this.rooms.delete(room.name)
    room.destroy()
    this.log.debug(`room ${room.name} unloaded`)
  }

  private async poll(): Promise<void> {
    if (this.polling || this.rooms.size === 0) return
    this.polling = true
    try {
      const stored = await this.deps.storage.lastSeqs([...this.rooms.keys()])
      for (const [name, seq] of stored) {
        const room = this.rooms.get(name)
        if (room && room.storedSeq < seq) void room.catchUp()
      }
    } catch (error) {
      this.log.debug('catch-up poll failed', error)
    } finally {
      this.polling = false
    }
  }

  private broken(room: Room, error: unknown): void {
    this.log.error(`storage failed for ${room.name}; dropping it from memory`, error)
    if (this.rooms.get(room.name) === room) this.rooms.delete(room.name)
  }
}
