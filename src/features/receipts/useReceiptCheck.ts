import { useMemo } from 'react'
import {
  receiptsOfRecords,
  verifyReceipts,
  type Verification,
} from '../../../shared/receipts/verify.ts'
import { readRefusedReceipts } from '../../../shared/receipts/refused.ts'
import { readVoids } from '../../../shared/schema/void.ts'
import { useLender } from '../../data/book/hooks.ts'
import { useSignedIn } from '../../data/book/WorkspaceContext.tsx'

/**
 * The open book's receipts, each checked against its code (`verifyReceipts`), again after every
 * change: from the snapshot's payments and waivers and the doc's voids (undone ones included)
 * and refused receipts (both are few). Codes already worked out are not hashed again.
 */
export function useReceiptCheck(): Verification {
  const snapshot = useLender()
  const { doc } = useSignedIn().workspace.lender
  return useMemo(
    () =>
      verifyReceipts(
        receiptsOfRecords(
          snapshot.payments,
          snapshot.waivers,
          readVoids(doc),
          readRefusedReceipts(doc),
        ),
      ),
    [snapshot, doc],
  )
}
