import { useEffect, useSyncExternalStore } from 'react'
import type * as Y from 'yjs'
import { readRefusedReceipts } from '../../../shared/receipts/refused.ts'
import {
  checkRecords,
  type ReceiptMemo,
  type Verification,
} from '../../../shared/receipts/verify.ts'
import { paymentsInAnyOrder } from '../../../shared/schema/lenderReads.ts'
import type { LenderSnapshot } from '../../../shared/schema/types.ts'
import { readVoids } from '../../../shared/schema/void.ts'
import { useLender } from '../../data/book/hooks.ts'
import { useSignedIn } from '../../data/book/WorkspaceContext.tsx'
import { nextTask, TASK_BUDGET_MS } from '../../data/sync/tasks.ts'

/**
 * One book's receipt check, shared by every screen that shows it: run a slice at a time between
 * frames after each change (a big book's first check hashes every receipt, seconds of work on a
 * phone), the run in progress dropped when the book changes again. The last finished check is
 * shown meanwhile; `null` until the first is done.
 */
class ReceiptWatch {
  private readonly memo: ReceiptMemo = new WeakMap()
  private latest: Verification | null = null
  private wanted: LenderSnapshot | null = null
  private checked: LenderSnapshot | null = null
  private running = false
  private readonly listeners = new Set<() => void>()

  constructor(private readonly doc: Y.Doc) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly current = () => this.latest

  /** Checks `snapshot`'s receipts, once the run in progress (if any) is dropped. */
  check(snapshot: LenderSnapshot): void {
    if (snapshot === this.checked || snapshot === this.wanted) return
    this.wanted = snapshot
    if (!this.running) void this.run()
  }

  private async run(): Promise<void> {
    this.running = true
    try {
      while (this.wanted !== null) {
        const snapshot = this.wanted
        this.wanted = null
        const steps = checkRecords(
          {
            payments: paymentsInAnyOrder(snapshot),
            waivers: snapshot.waivers,
            voids: readVoids(this.doc),
            refused: readRefusedReceipts(this.doc),
          },
          this.memo,
        )
        let start = performance.now()
        let step = steps.next()
        while (!step.done && this.wanted === null) {
          if (performance.now() - start > TASK_BUDGET_MS) {
            await nextTask()
            start = performance.now()
          }
          step = steps.next()
        }
        if (!step.done) continue // the book changed meanwhile: check the newer one
        this.checked = snapshot
        this.latest = step.value
        for (const listener of this.listeners) listener()
      }
    } finally {
      this.running = false
    }
  }
}

const watches = new WeakMap<Y.Doc, ReceiptWatch>()

/**
 * The open book's receipts, each checked against its code (`checkRecords`): from the snapshot's
 * payments and waivers and the doc's voids (undone ones included) and refused receipts (both
 * are few). `null` while the first check of the book is still running.
 */
export function useReceiptCheck(): Verification | null {
  const snapshot = useLender()
  const { doc } = useSignedIn().workspace.lender
  let watch = watches.get(doc)
  if (!watch) watches.set(doc, (watch = new ReceiptWatch(doc)))
  useEffect(() => watch.check(snapshot), [watch, snapshot])
  return useSyncExternalStore(watch.subscribe, watch.current)
}
