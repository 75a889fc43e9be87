/**
 * lib0 (Yjs's encoder) reads and writes a stored value (a person's field, a layout-1 payment, a
 * layout-2 record) by calling itself once per level of nesting. A value nested about 4,200 deep,
 * which any client could send, was stored by the server and shown from the network, but every
 * later open read the book from IndexedDB one call deeper than the stack allows: "Maximum call
 * stack size exceeded", and an empty book, on every device. Both builds (the app's, in
 * vite.config.ts, and the server's, in build-server.ts) read and write arrays and objects with a
 * stack of their own instead, so a value's depth no longer matters up to `MAX_DEPTH` levels; the
 * bytes are the same. The server refuses such values from now on (it checks what a lender's room
 * may hold); this is for the books that already hold one.
 */

/** lib0's decoder and encoder, as a bundler resolves them. */
export const LIB0_DECODING = /[\\/]node_modules[\\/]lib0[\\/]decoding\.js$/
export const LIB0_ENCODING = /[\\/]node_modules[\\/]lib0[\\/]encoding\.js$/

/**
 * The deepest value read or written: far past anything the app stores (a few levels), and short
 * of what a value that is its own child (which no Y type can hold) would take to fill the memory.
 */
export const MAX_DEPTH = 1_000_000

const READ_BEFORE = `export const readAny = decoder => readAnyLookupTable[127 - readUint8(decoder)](decoder)`

const READ_AFTER = `export const readAny = decoder => {
  const type = readUint8(decoder)
  return type === 117 || type === 118 ? readAnyNested(decoder, type) : readAnyLookupTable[127 - type](decoder)
}

/* An array (117) or an object (118) and everything in it, with a stack of its own rather than
   one call per level (scripts/lib0Depth.ts). Each value is read, and put in its container, in the
   order the recursive reader took: key, type, value. */
const readAnyNested = (decoder, type) => {
  const root = type === 117 ? [] : {}
  const containers = [root]
  const left = [readVarUint(decoder)]
  while (containers.length > 0) {
    const top = containers.length - 1
    if (left[top] === 0) {
      containers.pop()
      left.pop()
      continue
    }
    left[top]--
    const container = containers[top]
    const key = Array.isArray(container) ? null : readVarString(decoder)
    const valueType = readUint8(decoder)
    let value
    if (valueType === 117 || valueType === 118) {
      if (containers.length >= ${MAX_DEPTH}) throw new RangeError('readAny: nested too deep')
      value = valueType === 117 ? [] : {}
      containers.push(value)
      left.push(readVarUint(decoder))
    } else {
      value = readAnyLookupTable[127 - valueType](decoder)
    }
    if (key === null) container.push(value)
    else container[key] = value
  }
  return root
}`

const WRITE_BEFORE = `export const writeAny = (encoder, data) => {
  switch (typeof data) {`

const WRITE_AFTER = `export const writeAny = (encoder, data) => {
  if (typeof data !== 'object' || data === null || data instanceof Uint8Array) {
    writeAnyValue(encoder, data)
    return
  }
  /* Arrays and objects with a stack of their own rather than one call per level
     (scripts/lib0Depth.ts): each open container, its keys (null for an array), the next index. */
  const containers = []
  const keysOf = []
  const next = []
  let value = data
  for (;;) {
    if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) {
      if (containers.length >= ${MAX_DEPTH}) throw new RangeError('writeAny: nested too deep')
      const keys = array.isArray(value) ? null : Object.keys(value)
      write(encoder, keys === null ? 117 : 118)
      writeVarUint(encoder, keys === null ? value.length : keys.length)
      containers.push(value)
      keysOf.push(keys)
      next.push(0)
    } else {
      writeAnyValue(encoder, value)
    }
    let found = false
    while (!found && containers.length > 0) {
      const top = containers.length - 1
      const container = containers[top]
      const keys = keysOf[top]
      const at = next[top]
      if (at < (keys === null ? container.length : keys.length)) {
        next[top] = at + 1
        if (keys === null) {
          value = container[at]
        } else {
          writeVarString(encoder, keys[at])
          value = container[keys[at]]
        }
        found = true
      } else {
        containers.pop()
        keysOf.pop()
        next.pop()
      }
    }
    if (!found) return
  }
}

/* What the recursive writer wrote for one value; it meets only values that are not an array or
   an object here, so it no longer calls itself. */
const writeAnyValue = (encoder, data) => {
  switch (typeof data) {`

function replaceOnce(code: string, before: string, after: string, what: string): string {
  if (code.split(before).length !== 2) {
    throw new Error(`lib0: ${what} is not as scripts/lib0Depth.ts expects`)
  }
  return code.replace(before, () => after)
}

/**
 * lib0's decoding.js with `readAny` reading nested values without recursion. Throws when its code
 * no longer reads as expected (an upgrade may have fixed or moved it), so that a build never ships
 * without the fix unseen.
 */
export function withFlatReadAny(code: string): string {
  return replaceOnce(code, READ_BEFORE, READ_AFTER, 'readAny')
}

/** lib0's encoding.js with `writeAny` writing nested values without recursion (see above). */
export function withFlatWriteAny(code: string): string {
  return replaceOnce(code, WRITE_BEFORE, WRITE_AFTER, 'writeAny')
}

/** The module's code with the fix that applies to it, or null when none does. */
export function lib0DepthFix(id: string, code: string): string | null {
  if (LIB0_DECODING.test(id)) return withFlatReadAny(code)
  if (LIB0_ENCODING.test(id)) return withFlatWriteAny(code)
  return null
}
