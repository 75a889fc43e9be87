import { useEffect, useSyncExternalStore } from 'react'
import type * as Y from 'yjs'
import { readRefusedReceipts } from '../../../shared/receipts/refused.ts'
import { checkRecords, ReceiptMemo, type Verification } from '../../../shared/receipts/verify.ts'
import { paymentsInAnyOrder } from '../../../shared/schema/lenderReads.ts'
import type { LenderSnapshot } from '../../../shared/schema/types.ts'
import { readVoids } from '../../../shared/schema/void.ts'
import { useLender } from '../../data/book/hooks.ts'
import { useSignedIn } from '../../data/book/WorkspaceContext.tsx'
import { nextTask, TASK_BUDGET_MS } from '../../data/sync/tasks.ts'

/**
 * How long the book must stay unchanged before its receipts are checked: while a book arrives
 * (a first sync, an import) it changes many times a second, and each check reads every receipt.
 */
const QUIET_MS = 500

/**
 * One book's receipt check, shared by every screen that shows it: run a slice at a time between
 * frames once the book has been quiet for a moment (a big book's first check hashes every
 * receipt, seconds of work on a phone), the run in progress dropped when the book changes again.
 * The last finished check is shown meanwhile; `null` until the first is done.
 */
class ReceiptWatch {
  private readonly memo: ReceiptMemo = new ReceiptMemo()
  private latest: ReceiptCheck | null = null
  private wanted: LenderSnapshot | null = null
  private checking: LenderSnapshot | null = null
  private running = false
  private quiet: ReturnType<typeof setTimeout> | null = null
  private readonly listeners = new Set<() => void>()

  constructor(private readonly doc: Y.Doc) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly current = () => this.latest

  /** Checks `snapshot`'s receipts once the book has been quiet for `QUIET_MS`. */
  check(snapshot: LenderSnapshot): void {
    if ([this.latest?.of, this.checking, this.wanted].includes(snapshot)) return
    this.wanted = snapshot
    if (this.quiet) clearTimeout(this.quiet)
    this.quiet = setTimeout(() => {
      this.quiet = null
      if (!this.running) void this.run()
    }, QUIET_MS)
  }

  private async run(): Promise<void> {
    this.running = true
    try {
      // A run dropped for a newer book goes on with it only once that one has been quiet too.
      while (this.wanted !== null && this.quiet === null) {
        const snapshot = this.wanted
        this.wanted = null
        this.checking = snapshot
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
        this.checking = null
        if (!step.done) continue // the book changed meanwhile: the newer one is checked instead
        this.latest = { verification: step.value, of: snapshot }
        for (const listener of this.listeners) listener()
      }
    } finally {
      this.running = false
      this.checking = null
    }
  }
}

/** A finished check, and the snapshot of the book it checked. */
interface ReceiptCheck {
  readonly verification: Verification
  readonly of: LenderSnapshot
}

const watches = new WeakMap<Y.Doc, ReceiptWatch>()

/**
 * The open book's receipts, each checked against its code (`checkRecords`): from the snapshot's
 * payments and waivers and the doc's voids (undone ones included) and refused receipts (both
 * are few). `latest` is the last finished check (`null` until the first), `upToDate` whether it
 * is of the book as it is now: a receipt just given is not in an older check.
 */
export function useReceiptCheck(): { latest: Verification | null; upToDate: boolean } {
  const snapshot = useLender()
  const { doc } = useSignedIn().workspace.lender
  let watch = watches.get(doc)
  if (!watch) watches.set(doc, (watch = new ReceiptWatch(doc)))
  useEffect(() => watch.check(snapshot), [watch, snapshot])
  const checked = useSyncExternalStore(watch.subscribe, watch.current)
  return { latest: checked?.verification ?? null, upToDate: checked?.of === snapshot }
}
