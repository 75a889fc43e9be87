import { useMemo, useSyncExternalStore } from 'react'
import type { CollectorSheet } from '../../../shared/collect.ts'
import { createFiguresCache, type FiguresOf } from '../../../shared/ledger/figures.ts'
import type { IsoDate } from '../../../shared/ledger/types.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import type { OutboxEntry } from '../../data/collect/outbox.ts'
import { loansWithOutbox, voidedOnSheet } from '../../data/collect/outbox.ts'
import { useCollecting, useCollectorState } from '../../data/collect/useCollector.ts'
import { readToday, subscribeToday } from '../../data/book/clock.ts'
import { readDeviceName } from '../../data/session/device.ts'

/** His sheet as the screens read it: every loan with his deposits on top, and today. */
export interface SheetView {
  sheet: CollectorSheet
  outbox: readonly OutboxEntry[]
  /** The sheet's loans, with what he recorded that it does not hold yet (see `outbox.ts`). */
  loans: readonly Loan[]
  loansOf(personId: string): Loan[]
  figuresOf: FiguresOf
  today: IsoDate
  /** His deposits the owner has voided since, by their ids in the book. */
  voided: ReadonlySet<string>
}

/** The sheet with his outbox on top; null until a sheet has arrived on this device. */
export function useSheet(): SheetView | null {
  const { email } = useCollecting()
  const { sheet, outbox } = useCollectorState()
  const today = useSyncExternalStore(subscribeToday, readToday)
  return useMemo(() => {
    if (sheet === null) return null
    const loans = loansWithOutbox(sheet, outbox, { account: email, device: readDeviceName() })
    const byPerson = new Map<string, Loan[]>()
    for (const loan of loans) {
      const list = byPerson.get(loan.personId) ?? []
      list.push(loan)
      byPerson.set(loan.personId, list)
    }
    return {
      sheet,
      outbox,
      loans,
      loansOf: (personId: string) => byPerson.get(personId) ?? [],
      figuresOf: createFiguresCache(),
      today,
      voided: voidedOnSheet(sheet),
    }
  }, [sheet, outbox, email, today])
}
