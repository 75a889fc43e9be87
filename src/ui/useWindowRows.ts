import { useWindowVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual'
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
  // Where the list starts on the page: the tiles and the search box are above it.
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const measure = () => {
      const el = bodyRef.current
      if (!el) return
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY)
      setScrollMargin((m) => (m === top ? m : top))
    }
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  })
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimatePx,
    overscan: 6,
    scrollMargin,
    // The window's size from the first render, so the rows on screen are drawn in it: measured
    // in a layout effect instead, they would be drawn again at once, in one task with the commit.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items[items.length - 1]
  const before = first ? first.start - scrollMargin : 0
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0
  return { bodyRef, virtualizer, items, before, after }
}
