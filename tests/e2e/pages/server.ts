/** The largest frame the browser tests' server accepts (its MAX_MESSAGE_BYTES): 256 KiB. */
export const E2E_MAX_FRAME = 256 * 1024

/**
 * The browser tests' server pings every 10 s (PING_INTERVAL_MS), so that a download through a
 * slow link outlasts two pings and a pong queued behind it is put to the test.
 */
export const E2E_PING_INTERVAL_MS = 10_000
