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

  /** Adds a socket; true if it is the session's first open socket in this process. */
  add(session: SessionInfo, cookie: string, socket: SessionSocket): boolean {
    let entry = this.byToken.get(session.token)
    const first = !entry
    if (!entry) {
      entry = { session, cookie, sockets: new Set() }
      this.byToken.set(session.token, entry)
    }
    entry.sockets.add(socket)
    return first
  }

  /** Removes a socket; true if it was the session's last open one in this process. */
  remove(token: string, socket: SessionSocket): boolean {
    const entry = this.byToken.get(token)
    if (!entry) return false
    entry.sockets.delete(socket)
    if (entry.sockets.size > 0) return false
    this.byToken.delete(token)
    return true
  }

  /** Tokens of the sessions with an open socket in this process. */
  tokens(): string[] {
    return [...this.byToken.keys()]
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
