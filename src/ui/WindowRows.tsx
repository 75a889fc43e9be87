import { Box, Table } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useWindowRows } from './useWindowRows.ts'

/**
 * The body of a long table with only the rows near the screen in the DOM, between two spacer
 * rows that keep the page as tall as the whole list. Pair it with `aria-rowcount={items.length +
 * 1}` on the table: each row carries its `aria-rowindex` (the header row is 1).
 */
export function WindowTableBody<T>({
  items,
  rowKey,
  columns,
  estimatePx,
  children,
}: {
  items: readonly T[]
  rowKey: (item: T) => string
  /** How many cells a row has, for the spacer rows. */
  columns: number
  estimatePx: number
  /** The cells of one row. */
  children: (item: T) => ReactNode
}) {
  const {
    bodyRef,
    virtualizer,
    items: shown,
    before,
    after,
  } = useWindowRows<HTMLTableSectionElement>(items.length, estimatePx)
  return (
    <Table.Body ref={bodyRef}>
      {before > 0 && <SpacerRow height={before} columns={columns} />}
      {shown.map((virtual) => {
        const item = items[virtual.index] as T
        return (
          <Table.Row
            key={rowKey(item)}
            data-index={virtual.index}
            ref={virtualizer.measureElement}
            aria-rowindex={virtual.index + 2}
          >
            {children(item)}
          </Table.Row>
        )
      })}
      {after > 0 && <SpacerRow height={after} columns={columns} />}
    </Table.Body>
  )
}

/** An empty row standing in for the rows above or below the screen. */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={columns} style={{ padding: 0, border: 0 }} />
    </tr>
  )
}

/**
 * A long stack of cards (the phone form of a list) with only the cards near the screen in the
 * DOM; padding above and below keeps the page as tall as the whole stack. Each card is measured
 * as it renders, since cards differ in height.
 */
export function WindowStack<T>({
  items,
  rowKey,
  estimatePx,
  gapPx = 12,
  children,
}: {
  items: readonly T[]
  rowKey: (item: T) => string
  estimatePx: number
  gapPx?: number
  children: (item: T) => ReactNode
}) {
  const {
    bodyRef,
    virtualizer,
    items: shown,
    before,
    after,
  } = useWindowRows<HTMLDivElement>(items.length, estimatePx + gapPx)
  return (
    <Box ref={bodyRef} style={{ paddingTop: before, paddingBottom: after }}>
      {shown.map((virtual) => {
        const item = items[virtual.index] as T
        return (
          <Box
            key={rowKey(item)}
            data-index={virtual.index}
            ref={virtualizer.measureElement}
            style={{ paddingBottom: gapPx }}
          >
            {children(item)}
          </Box>
        )
      })}
    </Box>
  )
}
