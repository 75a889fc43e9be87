import type { TFunction } from 'i18next'
import { formatDisplayDate, localToday } from '../../../shared/dates.ts'
import { formatINR } from '../../../shared/money.ts'
import { LOAN_EDIT_FIELDS } from '../../../shared/schema/loan.ts'
import type { LoanEdit, LoanEditField, LoanEditValue } from '../../../shared/schema/types.ts'
import { deviceLabel } from '../../ui/words.ts'
import { appT } from './loanText.ts'

/** A field's value in the lender's words: rupees, a rate, a date, a choice's name. */
function valueText(
  field: LoanEditField,
  value: LoanEditValue,
  t: TFunction,
  nameOf: (personId: string) => string | undefined,
): string {
  switch (field) {
    case 'amount':
    case 'openingInterest':
      return formatINR(value as number)
    case 'interestRate':
      return t('loans:edits.rate', { rate: value })
    case 'interestType':
      return t(`loans:form.types.${String(value)}`)
    case 'interestOn':
      return t(`loans:edits.rule.${String(value)}`)
    case 'startDate':
    case 'dueDate':
      return formatDisplayDate(String(value))
    case 'status':
      return t(`loans:form.statuses.${String(value)}`)
    case 'description':
      return value === '' ? t('loans:edits.none') : `“${String(value)}”`
    case 'personId':
      return nameOf(String(value)) ?? t('loans:edits.none')
  }
}

/** "Rate 18% → 24%, Status Active → Overdue": each field a change changed, old → new. */
export function changesText(
  edit: Pick<LoanEdit, 'changes'>,
  t: TFunction = appT(),
  nameOf: (personId: string) => string | undefined = () => undefined,
): string {
  const parts: string[] = []
  for (const field of LOAN_EDIT_FIELDS) {
    const pair = edit.changes[field]
    if (!pair) continue
    parts.push(
      t('loans:edits.change', {
        field: t(`loans:edits.field.${field}`),
        before: valueText(field, pair[0], t, nameOf),
        after: valueText(field, pair[1], t, nameOf),
      }),
    )
  }
  return parts.join(', ')
}

/**
 * One line of a loan's history of changes: "Rate 18% → 24% by Phone on 25/11/2026" (the day in
 * the device's time zone), "Undo: …" for an Undo.
 */
export function editLine(
  edit: LoanEdit,
  t: TFunction = appT(),
  nameOf?: (personId: string) => string | undefined,
): string {
  const values = {
    changes: changesText(edit, t, nameOf),
    device: edit.createdBy ? deviceLabel(edit.createdBy.device, t) : '',
    date: formatDisplayDate(localToday(new Date(edit.createdAt))),
  }
  const undo = edit.undoes !== undefined
  if (edit.createdBy) return t(undo ? 'loans:edits.undoLine' : 'loans:edits.line', values)
  return t(undo ? 'loans:edits.undoLineNoOne' : 'loans:edits.lineNoOne', values)
}

/**
 * The change a loan's Undo puts back: its latest change, unless that is an Undo itself or was
 * undone already (two devices may have). Null when there is none to undo.
 */
export function undoableEdit(edits: readonly LoanEdit[]): LoanEdit | null {
  const latest = edits[edits.length - 1]
  if (!latest || latest.undoes !== undefined) return null
  return edits.some((edit) => edit.undoes === latest.id) ? null : latest
}
