/**
 * Sorted lists patched by what changed: a copy and a binary search per change, never a sort of
 * the whole list. The projection keeps the snapshot's lists this way, and the book-wide list of
 * payments only when someone reads it (see `LazySorted`).
 */

/** One entry of a sorted list that changed: what it was (if anything), what it is now (if anything). */
export interface Change<T> {
  readonly old: T | undefined
  readonly next: T | null
}

/** Where `item` belongs in `sorted` (after any equal entries). */
function insertionPoint<T>(sorted: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (compare(sorted[mid] as T, item) <= 0) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * `prev` (sorted by `compare`) with the changed entries taken out and put back where they now
 * belong: a copy and a binary search per change, never a scan of the whole array.
 */
export function patchSorted<T>(
  prev: readonly T[],
  changes: Iterable<Change<T>>,
  compare: (a: T, b: T) => number,
): T[] {
  const next = prev.slice()
  const added: T[] = []
  for (const { old, next: item } of changes) {
    if (old !== undefined) {
      // `old` sits at the end of its run of equals; step back over the equal ones to find it.
      let at = insertionPoint(next, old, compare) - 1
      while (at >= 0 && next[at] !== old) at--
      if (at >= 0) next.splice(at, 1)
    }
    if (item) added.push(item)
  }
  for (const item of added) next.splice(insertionPoint(next, item, compare), 0, item)
  return next
}

/** Whether two lists hold the same objects in the same order. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}

/** Past this many unread patches a lazy list's chain is folded into one patch, so it stays short. */
const MAX_UNREAD_PATCHES = 64

/**
 * A sorted list patched only when someone reads it. The screens never read every payment (they
 * read each loan's own), so a deposit into a 100,000-payment book does not copy all of them; an
 * export or a test that does read the list gets exactly what an eager patch would have given.
 */
export interface LazySorted<T> {
  read(): readonly T[]
  /** The list, once built. */
  built: readonly T[] | null
  /** On a list to sort: its items, in whatever order they are until then. */
  unsorted: readonly T[] | null
  /** The list this one patches, and its changes by id; null once built, and on a list to sort. */
  base: LazySorted<T> | null
  changes: ReadonlyMap<string, Change<T>>
  /** Patches not yet applied, counted back to the last list that was built. */
  unread: number
}

/** A lazy list that is `list` already. */
export function readySorted<T>(list: readonly T[]): LazySorted<T> {
  return {
    read: () => list,
    built: list,
    unsorted: null,
    base: null,
    changes: new Map(),
    unread: 0,
  }
}

/** `list` (in any order) sorted by `compare` when first read. */
export function sortLater<T>(list: T[], compare: (a: T, b: T) => number): LazySorted<T> {
  const lazy: LazySorted<T> = {
    read: () => (lazy.built ??= list.sort(compare)),
    built: null,
    unsorted: list,
    base: null,
    changes: new Map(),
    unread: 0,
  }
  return lazy
}

/**
 * `prev` with `changes` applied, built when first read: the changes of every unread list back to
 * the last built one are merged per id (first `old`, last `next`) and applied in one patch.
 */
export function patchLater<T>(
  prev: LazySorted<T>,
  changes: ReadonlyMap<string, Change<T>>,
  compare: (a: T, b: T) => number,
): LazySorted<T> {
  const lazy = patchNode(prev, changes, prev.unread + 1, compare)
  if (lazy.unread <= MAX_UNREAD_PATCHES) return lazy
  // Too long a chain: fold it into one patch of the list it starts from, still sorting nothing.
  const { root, merged } = unreadChanges(lazy)
  return patchNode(root, merged, 1, compare)
}

function patchNode<T>(
  base: LazySorted<T>,
  changes: ReadonlyMap<string, Change<T>>,
  unread: number,
  compare: (a: T, b: T) => number,
): LazySorted<T> {
  const lazy: LazySorted<T> = {
    read() {
      if (lazy.built) return lazy.built
      const { root, merged } = unreadChanges(lazy)
      lazy.built = patchSorted(root.read(), merged.values(), compare)
      lazy.base = null // let the older lists go
      return lazy.built
    },
    built: null,
    unsorted: null,
    base,
    changes,
    unread,
  }
  return lazy
}

/**
 * Every item of `lazy`, in no particular order, without building it: for a reader that wants
 * them all and not their order (a check of every receipt), so that reading them does not sort a
 * big book's 100,000 payments in one go.
 */
export function* inAnyOrder<T>(lazy: LazySorted<T>): Generator<T> {
  const { root, merged } = unreadChanges(lazy)
  const gone = new Set<T>()
  for (const { old } of merged.values()) if (old !== undefined) gone.add(old)
  for (const item of root.built ?? root.unsorted ?? root.read()) if (!gone.has(item)) yield item
  for (const { next } of merged.values()) if (next) yield next
}

/** The list `lazy`'s chain starts from (built, or sorted when read), and the chain's changes merged per id. */
function unreadChanges<T>(lazy: LazySorted<T>): {
  root: LazySorted<T>
  merged: Map<string, Change<T>>
} {
  const chain: LazySorted<T>[] = []
  let from = lazy
  for (; !from.built && from.base; from = from.base) chain.push(from)
  const merged = new Map<string, Change<T>>()
  for (const node of chain.reverse()) {
    for (const [id, change] of node.changes) {
      const earlier = merged.get(id)
      merged.set(id, earlier ? { old: earlier.old, next: change.next } : change)
    }
  }
  return { root: from, merged }
}
