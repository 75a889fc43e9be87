/**
 * Yjs keeps each value it stores (a person's name, a loan's amount) as an item whose content
 * holds an array of values: an object, an array and the array's store for one value. A book of
 * 30,000 loans holds about 300,000 such single values, each on its own (a map's fields never
 * merge), so both builds (the app's, in vite.config.ts, and the server's, in build-server.ts)
 * change Yjs's `ContentAny` to keep a single value as itself and make its array only when asked:
 * 20 bytes of heap where Yjs takes 108 (the array it reads a value into is grown by `push`,
 * which V8 gives room for seventeen; that array is now dropped as soon as it is read).
 *
 * What the class does is unchanged: `arr`, `getContent`, `splice`, `mergeWith` and `write` see
 * the same values as before, and it writes the same bytes (tests/unit/yjs-single-value.test.ts).
 */

/** The module the fix is for, as a bundler resolves it. */
export const YJS_MODULE = /[\\/]node_modules[\\/]yjs[\\/]dist[\\/]yjs\.mjs$/

/** The class as Yjs ships it, up to its first method: the constructor and `getLength`. */
const BEFORE = `class ContentAny {
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

/**
 * The same constructor, whose `this.arr = arr` now goes through the setter below, and `arr` as
 * an accessor over `single` and `values`; `getLength` without making an array.
 */
const AFTER = `class ContentAny {
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

  // One value is kept as itself, not in an array (see scripts/yjsSingleValue.ts).
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
  if (code.split(BEFORE).length !== 2) {
    throw new Error('yjs: ContentAny is not as scripts/yjsSingleValue.ts expects')
  }
  return code.replace(BEFORE, AFTER)
}
