import { Box, Table } from '@chakra-ui/react'
import { startTransition, useEffect, useState, type ReactNode } from 'react'
import { useWide } from './useWide.ts'
import { useWindowRows } from './useWindowRows.ts'

/** One item of a long list that is near the screen: its place in the whole list, and its key. */
export interface ShownItem<T> {
  item: T
  index: number
  key: string
}

/**
 * How many rows a list draws in its first frame; the rest of those near the screen follow a task
 * later. Drawn at once with the screen around them, a big book's dashboard took one task of 270
 * ms on a phone-class CPU, with nothing on screen meanwhile.
 */
const FIRST_DRAWN = 4

/**
 * `useWindowRows` over `items`: the items near the screen, each with its index and key, and
 * `measure`, the ref each rendered row or card takes so that its real height is used.
 */
export function useWindowItems<T, E extends HTMLElement>(
  items: readonly T[],
  rowKey: (item: T) => string,
  estimatePx: number,
) {
  const {
    bodyRef,
    virtualizer,
    items: near,
    before,
    after,
  } = useWindowRows<E>(items.length, estimatePx)
  const all = useAllDrawn(items.length > 0)
  const drawn = all ? near : near.slice(0, FIRST_DRAWN)
  const shown: ShownItem<T>[] = drawn.map((virtual) => {
    const item = items[virtual.index] as T
    return { item, index: virtual.index, key: rowKey(item) }
  })
  // The rows not drawn yet are left to the spacer below, so the page keeps its height.
  const last = near.at(-1)
  const lastDrawn = drawn.at(-1)
  const notDrawn = last && lastDrawn ? last.end - lastDrawn.end : 0
  return { bodyRef, measure: virtualizer.measureElement, shown, before, after: after + notDrawn }
}

/** False until a task after the first frame that had something to draw (see `FIRST_DRAWN`). */
function useAllDrawn(anything: boolean): boolean {
  const [all, setAll] = useState(false)
  useEffect(() => {
    if (all || !anything) return
    // As a transition, React renders the rows in slices and only their commit is one task.
    const later = setTimeout(() => startTransition(() => setAll(true)))
    return () => clearTimeout(later)
  }, [all, anything])
  return all
}

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
  const { bodyRef, measure, shown, before, after } = useWindowItems<T, HTMLTableSectionElement>(
    items,
    rowKey,
    estimatePx,
  )
  return (
    <Table.Body ref={bodyRef}>
      {before > 0 && <SpacerRow height={before} columns={columns} />}
      {shown.map(({ item, index, key }) => (
        <Table.Row key={key} data-index={index} ref={measure} aria-rowindex={index + 2}>
          {children(item)}
        </Table.Row>
      ))}
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
  const { bodyRef, measure, shown, before, after } = useWindowItems<T, HTMLDivElement>(
    items,
    rowKey,
    estimatePx + gapPx,
  )
  return (
    <Box ref={bodyRef} style={{ paddingTop: before, paddingBottom: after }}>
      {shown.map(({ item, index, key }) => (
        <Box key={key} data-index={index} ref={measure} style={{ paddingBottom: gapPx }}>
          {children(item)}
        </Box>
      ))}
    </Box>
  )
}

/** A column of a windowed table: its heading, and whether its cells align to the end (money). */
export interface Column {
  header: string
  end?: boolean
}

/**
 * A long list: a table on a wide screen, cards on a phone, each with only what is near the
 * screen in the DOM. With a `label` the table is named by it and the cards are a group of that
 * name; without one the table's rows are interactive (they highlight under the pointer).
 */
export function WindowList<T>({
  items,
  rowKey,
  label,
  columns,
  rowPx,
  cardPx,
  row,
  card,
}: {
  items: readonly T[]
  rowKey: (item: T) => string
  label?: string
  columns: readonly Column[]
  rowPx: number
  cardPx: number
  /** The cells of one table row. */
  row: (item: T) => ReactNode
  /** One card. */
  card: (item: T) => ReactNode
}) {
  const wide = useWide()
  if (!wide) {
    const stack = (
      <WindowStack items={items} rowKey={rowKey} estimatePx={cardPx}>
        {card}
      </WindowStack>
    )
    return label === undefined ? (
      stack
    ) : (
      <Box role="group" aria-label={label}>
        {stack}
      </Box>
    )
  }
  return (
    <WindowTable count={items.length} label={label} columns={columns}>
      <WindowTableBody items={items} rowKey={rowKey} columns={columns.length} estimatePx={rowPx}>
        {row}
      </WindowTableBody>
    </WindowTable>
  )
}

/** The frame and the header row of a windowed table; `children` is its windowed body. */
export function WindowTable({
  count,
  label,
  columns,
  children,
}: {
  count: number
  label?: string | undefined
  columns: readonly Column[]
  children: ReactNode
}) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root
        size="sm"
        interactive={label === undefined}
        aria-label={label}
        aria-rowcount={count + 1}
      >
        <Table.Header>
          <Table.Row aria-rowindex={1}>
            {columns.map((column, index) => (
              <Table.ColumnHeader key={index} textAlign={column.end ? 'end' : undefined}>
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        {children}
      </Table.Root>
    </Table.ScrollArea>
  )
}
