/**
 * A session the server refuses is told apart: one that still had time to run (by the server's own
 * `expiresAt`) was ended on purpose, from another device's Settings or by a password change; only
 * one at or past its end has expired.
 */
import { describe, expect, it } from 'vitest'
import { sessionEndedEarly } from '../../src/data/session/sessionEnd.ts'

const DAY = 24 * 60 * 60_000
const now = Date.parse('2026-11-26T15:40:00Z')

describe('why a session ended', () => {
  it('calls a refusal days before the session end a sign-out from elsewhere', () => {
    expect(sessionEndedEarly(now, String(now + 6 * DAY))).toBe(true)
  })

  it('calls a refusal at or after the end, or within the clock margin, an expiry', () => {
    expect(sessionEndedEarly(now, String(now - 1))).toBe(false)
    expect(sessionEndedEarly(now, String(now + 60_000))).toBe(false)
  })

  it('calls it an expiry when the end was never learnt', () => {
    expect(sessionEndedEarly(now, null)).toBe(false)
    expect(sessionEndedEarly(now, 'garbage')).toBe(false)
  })
})
