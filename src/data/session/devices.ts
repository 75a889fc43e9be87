import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PasswordCode,
} from '../../../shared/auth.ts'
import { authClient } from './authClient.ts'
import { guessDeviceName } from './device.ts'
import { rememberPassword } from './offlineSignIn.ts'
import { i18n } from '../../i18n/index.ts'

/**
 * The lender's signed-in devices (better-auth sessions) and what can be done to them from
 * Settings: sign one out, sign out all the others, change the password. Every call needs the
 * network; a failure comes back as a plain sentence for the screen, never as an exception.
 */

/** One signed-in device as the Devices list shows it. */
export interface DeviceSession {
  /** The session token: what signing that device out names. */
  token: string
  name: string
  /** When the server last saw the device, epoch ms; null if never since it signed in. */
  lastSeen: number | null
  /** The device showing the list. */
  current: boolean
}

/** An action's outcome; `message` is a sentence for the lender. */
export type DeviceResult = { ok: true } | { ok: false; message: string }

/** Shown whenever the server cannot be reached (in the lender's language at the time). */
const offline = (): string => i18n.t('settings:errors.offline')

interface ServerSession {
  token: string
  userAgent?: string | null
  deviceName?: string | null
  lastSeenAt?: string | Date | null
  updatedAt?: string | Date
  createdAt?: string | Date
}

const listeners = new Set<() => void>()

/** Calls `listener` after this tab signed a device out or renamed this one. */
export function subscribeDevices(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function changed(): void {
  for (const listener of listeners) listener()
}

function time(value: string | Date | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const ms = new Date(value).getTime()
  return Number.isNaN(ms) ? null : ms
}

function failure(error: { status?: number; message?: string } | null | undefined): {
  ok: false
  message: string
} {
  if (error?.status === 401) {
    return { ok: false, message: i18n.t('settings:errors.sessionEnded') }
  }
  return { ok: false, message: error?.message ? `${error.message}.` : offline() }
}

/** This lender's devices: this one first, then the most recently seen. */
export async function listDevices(): Promise<
  { ok: true; devices: DeviceSession[] } | { ok: false; message: string }
> {
  try {
    const [sessions, current] = await Promise.all([
      authClient.$fetch<ServerSession[]>('/list-sessions', { method: 'GET' }),
      authClient.getSession(),
    ])
    if (sessions.error || !sessions.data) return failure(sessions.error)
    if (current.error || !current.data) return failure(current.error)
    const currentToken = current.data.session.token
    const devices = sessions.data.map((session) => ({
      token: session.token,
      name: session.deviceName?.trim() || guessDeviceName(session.userAgent ?? ''),
      // Before the first socket, the sign-in is the last time the server saw the device.
      lastSeen:
        time(session.lastSeenAt) ?? time(session.updatedAt) ?? time(session.createdAt) ?? null,
      current: session.token === currentToken,
    }))
    devices.sort(
      (a, b) => Number(b.current) - Number(a.current) || (b.lastSeen ?? 0) - (a.lastSeen ?? 0),
    )
    return { ok: true, devices }
  } catch {
    return { ok: false, message: offline() }
  }
}

/** Tells the server this device's name, so that the lender's other devices list it by name. */
export async function shareDeviceName(name: string): Promise<DeviceResult> {
  try {
    const { error } = await authClient.$fetch('/update-session', {
      method: 'POST',
      body: { deviceName: name },
    })
    if (error) return failure(error)
    changed()
    return { ok: true }
  } catch {
    return { ok: false, message: offline() }
  }
}

/** Signs out one other device; its open sockets close at once and it returns to Login. */
export async function signOutDevice(token: string): Promise<DeviceResult> {
  try {
    const { error } = await authClient.revokeSession({ token })
    if (error) return failure(error)
    changed()
    return { ok: true }
  } catch {
    return { ok: false, message: offline() }
  }
}

/** Signs out every device but this one. */
export async function signOutOtherDevices(): Promise<DeviceResult> {
  try {
    const { error } = await authClient.revokeOtherSessions()
    if (error) return failure(error)
    changed()
    return { ok: true }
  } catch {
    return { ok: false, message: offline() }
  }
}

export { MIN_PASSWORD_LENGTH }

/** A refused password change; `field` names the field the sentence is about, if one. */
export type PasswordChangeResult =
  | { ok: true }
  | { ok: false; message: string; field?: 'current' | 'next' }

/** The sentence for a new password the server refused, by its error code. */
const newPasswordRefusals: Record<PasswordCode, () => string> = {
  [PasswordCode.tooShort]: () => i18n.t('settings:errors.tooShort', { min: MIN_PASSWORD_LENGTH }),
  [PasswordCode.tooLong]: () => i18n.t('settings:errors.tooLong', { max: MAX_PASSWORD_LENGTH }),
  [PasswordCode.tooCommon]: () => i18n.t('settings:errors.tooCommon'),
}

/**
 * Changes the password, then signs out every other device. Two steps on purpose: better-auth's
 * own `revokeOtherSessions` option of change-password ends this device's session too and makes
 * a new one, which would close this device's sockets as if it had been signed out.
 *
 * This device's offline sign-in follows at once: from then on the new password opens the book
 * here without a network, and the old one does not.
 */
export async function changePassword(
  current: string,
  next: string,
): Promise<PasswordChangeResult> {
  if (current === '') {
    return { ok: false, message: i18n.t('settings:errors.currentRequired'), field: 'current' }
  }
  if (next.length < MIN_PASSWORD_LENGTH) {
    return { ok: false, message: newPasswordRefusals[PasswordCode.tooShort](), field: 'next' }
  }
  try {
    const { data, error } = await authClient.changePassword({
      currentPassword: current,
      newPassword: next,
      revokeOtherSessions: false,
    })
    if (error) {
      if (error.code === 'INVALID_PASSWORD') {
        return { ok: false, message: i18n.t('settings:errors.wrongPassword'), field: 'current' }
      }
      const refusal = newPasswordRefusals[error.code as PasswordCode] as (() => string) | undefined
      if (refusal) return { ok: false, message: refusal(), field: 'next' }
      return failure(error)
    }
    await rememberPassword({ id: data.user.id, email: data.user.email }, next)
  } catch {
    return { ok: false, message: offline() }
  }
  const others = await signOutOtherDevices()
  if (!others.ok) {
    return {
      ok: false,
      message: i18n.t('settings:errors.othersNotSignedOut'),
    }
  }
  return { ok: true }
}
