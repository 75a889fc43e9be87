/**
 * Yjs reads each value it stores (a person's name, a loan's amount) into an array grown by
 * `push`, which V8 gives room for seventeen: 88 bytes of heap for one value, where 16 hold it.
 * A book of 10,000 loans has about 100,000 such values: 7 MB of a device's heap (an eighth of
 * what the app holds), and as much again on the server for each big book it has open. Both
 * builds (the app's, in vite.config.ts, and the server's, in build-server.ts) give a single
 * value an array of its own size until Yjs does.
 */

/** The module the fix is for, as a bundler resolves it. */
export const YJS_MODULE = /[\\/]node_modules[\\/]yjs[\\/]dist[\\/]yjs\.mjs$/

const BEFORE = `const readContentAny = decoder => {
  const len = decoder.readLen();
  const cs = [];`

const AFTER = `const readContentAny = decoder => {
  const len = decoder.readLen();
  if (len === 1) return new ContentAny([decoder.readAny()])
  const cs = [];`

/**
 * Yjs's module with the fix. Throws when its code no longer reads as expected (an upgrade may
 * have fixed or moved it), so that a build never ships without the fix unseen.
 */
export function withSingleValueContent(code: string): string {
  if (!code.includes(BEFORE)) {
    throw new Error('yjs: readContentAny is not as scripts/yjsSingleValue.ts expects')
  }
  return code.replace(BEFORE, AFTER)
}
