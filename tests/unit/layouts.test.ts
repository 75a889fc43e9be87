/**
 * The list of layout steps (`shared/schema/layouts/`): it runs 1..n without gaps, ends at the
 * layout this code writes, and every step says what it moves and why.
 */
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { metaMap } from '../../shared/schema/doc.ts'
import { LAYOUTS, SCHEMA_VERSION } from '../../shared/schema/layouts/index.ts'
import { initLenderDoc } from '../../shared/schema/lender.ts'

describe('LAYOUTS', () => {
  it('runs from layout 1 to SCHEMA_VERSION without gaps', () => {
    expect(LAYOUTS.map((step) => step.layout)).toEqual(
      Array.from({ length: LAYOUTS.length }, (_, index) => index + 1),
    )
    expect(LAYOUTS.at(-1)?.layout).toBe(SCHEMA_VERSION)
  })

  it('says for every step what it moves and why', () => {
    for (const step of LAYOUTS) {
      expect(step.moves.trim()).not.toBe('')
      expect(step.why.trim()).not.toBe('')
      expect(typeof step.move).toBe('function')
    }
  })

  it('moves nothing in a new doc: initLenderDoc only stamps it', () => {
    const doc = new Y.Doc()
    initLenderDoc(doc)
    expect(metaMap(doc).get('schemaVersion')).toBe(SCHEMA_VERSION)
    expect(
      [...doc.share.keys()].filter((name) => {
        const type = doc.share.get(name)
        return name !== 'meta' && type !== undefined && type._length + type._map.size > 0
      }),
    ).toEqual([])
  })
})
