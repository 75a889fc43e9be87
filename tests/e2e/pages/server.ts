/** The largest frame the browser tests' server accepts (its MAX_MESSAGE_BYTES): 256 KiB. */
export const E2E_MAX_FRAME = 256 * 1024
