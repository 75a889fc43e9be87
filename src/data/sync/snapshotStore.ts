import type * as Y from 'yjs'

/** A `useSyncExternalStore` source of plain snapshots read from a doc. */
export interface SnapshotStore<T> {
  subscribe: (listener: () => void) => () => void
  getSnapshot: () => T
}

const stores = new WeakMap<Y.Doc, WeakMap<object, SnapshotStore<unknown>>>()

/**
 * The shared snapshot store of `read` over `doc`. The snapshot is re-read only after the doc
 * changed, so its identity is stable between edits and React skips renders that would show the
 * same data; one store per (doc, reader) pair, so every component shares one read per edit.
 */
export function snapshotStore<T>(doc: Y.Doc, read: (doc: Y.Doc) => T): SnapshotStore<T> {
  let perDoc = stores.get(doc)
  if (!perDoc) {
    perDoc = new WeakMap()
    stores.set(doc, perDoc)
  }
  const existing = perDoc.get(read)
  if (existing) return existing as SnapshotStore<T>

  let snapshot: T | undefined
  let stale = true
  const listeners = new Set<() => void>()
  // One listener for the doc's lifetime: the snapshot must go stale even while nobody renders.
  doc.on('update', () => {
    stale = true
    for (const listener of listeners) listener()
  })
  const store: SnapshotStore<T> = {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot() {
      if (stale || snapshot === undefined) {
        snapshot = read(doc)
        stale = false
      }
      return snapshot
    },
  }
  perDoc.set(read, store as SnapshotStore<unknown>)
  return store
}
