import {
  measureElement as measureBox,
  useWindowVirtualizer,
  windowScroll,
  type VirtualItem,
  type Virtualizer,
} from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState } from 'react'

/**
 * The rows of a long list that are on screen, for a list that scrolls with the page (the window),
 * not in a box of its own: on a phone a scroll box inside a scrolling page traps the thumb.
 * `before` and `after` are the heights of the rows left out above and below, for spacers (or
 * padding) that keep the page as tall as the whole list, so the scrollbar and the browser's own
 * scrolling to a focused link behave as with every row present. A few rows either side are kept
 * (overscan), so Tab from the last link on screen reaches the next row, which scrolls it in.
 */
export function useWindowRows<E extends HTMLElement>(
  count: number,
  estimatePx: number,
): {
  bodyRef: React.RefObject<E | null>
  virtualizer: Virtualizer<Window, Element>
  items: VirtualItem[]
  before: number
  after: number
} {
  const bodyRef = useRef<E | null>(null)
  // Where the list starts on the page: the tiles and the search box are above it. Read in the
  // next frame, where the browser lays the page out anyway: read in the commit, it forced that
  // layout into the commit's task (60-70 ms of a 200 ms task on a phone-class CPU).
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const measure = () => {
      const el = bodyRef.current
      if (!el) return
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY)
      setScrollMargin((m) => (m === top ? m : top))
    }
    const frame = requestAnimationFrame(measure)
    window.addEventListener('resize', measure)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('resize', measure)
    }
  })
  const mounted = useRef(false)
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimatePx,
    overscan: 6,
    scrollMargin,
    // The window's size from the first render, so the rows on screen are drawn in it: measured
    // in a layout effect instead, they would be drawn again at once, in one task with the commit.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    // A row's height comes from the virtualizer's ResizeObserver, once the browser has laid the
    // row out; until then the last height seen, or the estimate. Read as the row is attached (in
    // the commit), it forced the same layout as above into the commit's task.
    measureElement: (element, entry, instance) =>
      entry
        ? measureBox(element, entry, instance)
        : (instance.itemSizeCache.get(
            instance.options.getItemKey(instance.indexFromElement(element)),
          ) ?? estimatePx),
    // As it mounts, the virtualizer scrolls the window to where the window already is: nothing
    // moves, but the write forced a layout into the commit's task (80 ms at 4× CPU under a big
    // book's dashboard). Every later scroll is made.
    scrollToFn: (offset, options, instance) => {
      const mounting = !mounted.current
      mounted.current = true
      if (mounting && options.adjustments === undefined && options.behavior === undefined) return
      windowScroll(offset, options, instance)
    },
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items[items.length - 1]
  const before = first ? first.start - scrollMargin : 0
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0
  return { bodyRef, virtualizer, items, before, after }
}
