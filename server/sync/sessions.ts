import type { SessionInfo } from '../auth/auth.ts'

/** A socket that can be told its session ended. */
export interface SessionSocket {
  endSession(): void
}

interface Entry {
  session: SessionInfo
  /** The Cookie header of the upgrade, to ask auth whether the session still lives. */
  cookie: string
  sockets: Set<SessionSocket>
}

/** The live sockets of each session, so that signing out or expiry can close them. */
export class SessionSockets {
  private readonly byToken = new Map<string, Entry>()

  add(session: SessionInfo, cookie: string, socket: SessionSocket): void {
    let entry = this.byToken.get(session.token)
    if (!entry) {
      entry = { session, cookie, sockets: new Set() }
      this.byToken.set(session.token, entry)
    }
    entry.sockets.add(socket)
  }

  remove(token: string, socket: SessionSocket): void {
    const entry = this.byToken.get(token)
    if (!entry) return
    entry.sockets.delete(socket)
    if (entry.sockets.size === 0) this.byToken.delete(token)
  }

  /** Closes every socket of the session with this token. */
  end(token: string): void {
    const entry = this.byToken.get(token)
    if (!entry) return
    this.byToken.delete(token)
    for (const socket of entry.sockets) socket.endSession()
  }

  /**
   * Ends sessions that expired by `now`, and those `isAlive` reports gone (revoked elsewhere,
   * e.g. signed out through another server process). An error from `isAlive` keeps the session:
   * a storage hiccup must not sign everyone out.
   */
  async sweep(
    now: number,
    isAlive: (cookie: string, token: string) => Promise<boolean>,
  ): Promise<void> {
    for (const [token, entry] of [...this.byToken]) {
      if (entry.session.expiresAt <= now) {
        this.end(token)
        continue
      }
      try {
        if (!(await isAlive(entry.cookie, token))) this.end(token)
      } catch {
        // keep it; the next sweep asks again
      }
    }
  }
}
