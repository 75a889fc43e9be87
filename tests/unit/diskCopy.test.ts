/**
 * The doc's copy in IndexedDB (fake-indexeddb here): what is written reads back whole, a big
 * book is compacted into segments, and a compaction never drops what another tab wrote.
 */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { DiskCopy } from '../../src/data/sync/diskCopy.ts'
import { SEGMENT_BYTES } from '../../src/data/sync/segments.ts'
import { readLender } from '../../shared/schema/lender.ts'
import { buildBook, LENDER_DEVICE } from '../fixtures/book.ts'

let databases = 0

/** A doc opened from `name` with its copy following its changes, as the app's rooms do. */
async function open(name: string): Promise<{ doc: Y.Doc; disk: DiskCopy }> {
  const doc = new Y.Doc()
  const disk = new DiskCopy(name, doc)
  await disk.whenLoaded
  doc.on('update', disk.storeUpdate)
  return { doc, disk }
}

async function records(name: string): Promise<Uint8Array[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  const all = await new Promise<Uint8Array[]>((resolve, reject) => {
    const request = db.transaction('updates').objectStore('updates').getAll()
    request.onsuccess = () => resolve(request.result as Uint8Array[])
    request.onerror = () => reject(request.error)
  })
  db.close()
  return all
}

describe('the copy of a doc in IndexedDB', () => {
  it('keeps a big book in segments, and reads it back whole', async () => {
    const name = `book-${databases++}`
    const { doc: book } = buildBook(
      { people: 50, loans: 500, payments: 50_000 },
      { by: LENDER_DEVICE },
    )
    const { doc, disk } = await open(name)
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(book))
    // The first write is the whole book in one record; compacting puts segments in its place.
    expect((await records(name)).length).toBe(1)
    await disk.compact()
    const kept = await records(name)
    // More segments than one read takes: the book comes back over several.
    expect(kept.length).toBeGreaterThan(16)
    for (const record of kept) expect(record.byteLength).toBeLessThan(2 * SEGMENT_BYTES)
    await disk.destroy()

    const { doc: reopened, disk: again } = await open(name)
    expect(readLender(reopened)).toEqual(readLender(book))
    expect(Y.encodeStateVector(reopened)).toEqual(Y.encodeStateVector(book))
    await again.destroy()
  })

  it('reads what another tab wrote before it compacts, so nothing is dropped', async () => {
    const name = `book-${databases++}`
    const here = await open(name)
    const there = await open(name)
    here.doc.getMap('people').set('a', 'written here')
    there.doc.getMap('people').set('b', 'written in the other tab')
    await new Promise((resolve) => setTimeout(resolve, 50))
    await here.disk.compact()
    expect(here.doc.getMap('people').toJSON()).toEqual({
      a: 'written here',
      b: 'written in the other tab',
    })
    await here.disk.destroy()
    await there.disk.destroy()

    const { doc, disk } = await open(name)
    expect(doc.getMap('people').toJSON()).toEqual({
      a: 'written here',
      b: 'written in the other tab',
    })
    await disk.destroy()
  })
})
