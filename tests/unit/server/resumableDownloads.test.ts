/**
 * What the server keeps of book downloads for their devices to resume (`resumableDownloads.ts`):
 * one per account, within the process's budget, and for a while after the last request ended.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ResumableDownloads } from '../../../server/sync/resumableDownloads.ts'

const KEEP_MS = 120_000
const bytes = (n: number) => new Uint8Array(n)

describe('downloads kept for resuming', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('are found by their account, room and id only', () => {
    const kept = new ResumableDownloads(1_000, KEEP_MS)
    const state = bytes(100)
    kept.start('asha', 'users/asha', 'd1', state)
    expect(kept.find('asha', 'users/asha', 'd1')).toBe(state)
    expect(kept.find('asha', 'users/asha', 'd2')).toBeNull()
    expect(kept.find('asha', 'users/other', 'd1')).toBeNull()
    expect(kept.find('ravi', 'users/asha', 'd1')).toBeNull()
  })

  it('keep one per account: a newer download replaces the older', () => {
    const kept = new ResumableDownloads(1_000, KEEP_MS)
    kept.start('asha', 'users/asha', 'd1', bytes(100))
    kept.start('asha', 'users/asha', 'd2', bytes(200))
    expect(kept.find('asha', 'users/asha', 'd1')).toBeNull()
    expect(kept.find('asha', 'users/asha', 'd2')).not.toBeNull()
    expect(kept.size).toBe(200)
  })

  it('stay within the budget, the oldest dropped first, and a book over it is not kept', () => {
    const kept = new ResumableDownloads(1_000, KEEP_MS)
    kept.start('asha', 'users/asha', 'a', bytes(400))
    kept.start('ravi', 'users/ravi', 'r', bytes(400))
    kept.start('mohan', 'users/mohan', 'm', bytes(400))
    expect(kept.find('asha', 'users/asha', 'a')).toBeNull()
    expect(kept.find('ravi', 'users/ravi', 'r')).not.toBeNull()
    expect(kept.size).toBe(800)
    kept.start('sita', 'users/sita', 's', bytes(1_001))
    expect(kept.find('sita', 'users/sita', 's')).toBeNull()
    expect(kept.size).toBe(800)
  })

  it('last while a request sends and for a while after the last one ended', () => {
    const kept = new ResumableDownloads(1_000, KEEP_MS)
    kept.start('asha', 'users/asha', 'd1', bytes(100))
    vi.advanceTimersByTime(10 * KEEP_MS)
    expect(kept.find('asha', 'users/asha', 'd1')).not.toBeNull()
    // Cut; the device resumes before the server has seen the first request end.
    kept.resumed('asha', 'd1')
    kept.ended('asha', 'd1')
    vi.advanceTimersByTime(10 * KEEP_MS)
    expect(kept.find('asha', 'users/asha', 'd1')).not.toBeNull()
    kept.ended('asha', 'd1')
    vi.advanceTimersByTime(KEEP_MS - 1)
    expect(kept.find('asha', 'users/asha', 'd1')).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(kept.find('asha', 'users/asha', 'd1')).toBeNull()
    expect(kept.size).toBe(0)
  })
})
