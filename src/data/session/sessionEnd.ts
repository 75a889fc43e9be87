// Device and server clocks differ a little; near the end, a refusal is called an expiry.
const CLOCK_MARGIN_MS = 5 * 60_000

/**
 * Whether a session the server refused at `now` still had time to run by the server's own word
 * (`until`: the epoch ms of its last `expiresAt`, as stored; null when never learnt). Such a
 * session did not run out: it was ended, from another device's Settings or by a password change.
 */
export function sessionEndedEarly(now: number, until: string | null): boolean {
  const end = Number(until)
  return until !== null && until !== '' && Number.isFinite(end) && now < end - CLOCK_MARGIN_MS
}
