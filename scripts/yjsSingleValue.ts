/**
 * Yjs keeps each value it stores (a person's name, a loan's amount) as an item whose content
 * holds an array of values: an object, an array and the array's store for one value. A book of
 * 30,000 loans holds about 300,000 such single values, each on its own (a map's fields never
 * merge), so both builds (the app's, in vite.config.ts, and the server's, in build-server.ts)
 * change Yjs's `ContentAny` to keep a single value as itself and make its array only when asked:
 * 20 bytes of heap where the array took 44 (and, before the reader below, 88: Yjs read each
 * value into an array grown by `push`, which V8 gives room for seventeen).
 *
 * What the class does is unchanged: `arr`, `getContent`, `splice`, `mergeWith` and `write` see
 * the same values as before, and it writes the same bytes (tests/unit/yjs-single-value.test.ts).
 */

/** The module the fix is for, as a bundler resolves it. */
export const YJS_MODULE = /[\\/]node_modules[\\/]yjs[\\/]dist[\\/]yjs\.mjs$/

/** Yjs's reader: a single value read straight into its content, with no array grown by `push`. */
const READ_BEFORE = `const readContentAny = decoder => {
  const len = decoder.readLen();
  const cs = [];`

const READ_AFTER = `const readContentAny = decoder => {
  const len = decoder.readLen();
  if (len === 1) return new ContentAny([decoder.readAny()])
  const cs = [];`

/** The class's start, up to its first method that reads `arr` once per call. */
const CLASS_BEFORE = `class ContentAny {
  /**
   * @param {Array<any>} arr
   */
  constructor (arr) {
    /**
     * @type {Array<any>}
     */
    this.arr = arr;
    isDevMode && object.deepFreeze(arr);
  }

  /**
   * @return {number}
   */
  getLength () {
    return this.arr.length
  }`

const CLASS_AFTER = `class ContentAny {
  /**
   * @param {Array<any>} arr
   */
  constructor (arr) {
    // One value is kept as itself (see scripts/yjsSingleValue.ts).
    this.single = arr.length === 1;
    this.values = this.single ? arr[0] : arr;
    isDevMode && object.deepFreeze(arr);
  }

  /**
   * @type {Array<any>}
   */
  get arr () {
    return this.single ? [this.values] : this.values
  }

  set arr (arr) {
    this.single = arr.length === 1;
    this.values = this.single ? arr[0] : arr;
  }

  /**
   * @return {number}
   */
  getLength () {
    return this.single ? 1 : this.values.length
  }`

/**
 * Yjs's module with the fix. Throws when its code no longer reads as expected (an upgrade may
 * have fixed or moved it), so that a build never ships without the fix unseen.
 */
export function withSingleValueContent(code: string): string {
  for (const expected of [READ_BEFORE, CLASS_BEFORE]) {
    if (code.split(expected).length !== 2) {
      throw new Error('yjs: ContentAny is not as scripts/yjsSingleValue.ts expects')
    }
  }
  return code.replace(READ_BEFORE, READ_AFTER).replace(CLASS_BEFORE, CLASS_AFTER)
}
