import { Input, Stack, Text } from '@chakra-ui/react'
import type { TFunction } from 'i18next'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../shared/dates.ts'
import { formatINR } from '../../../shared/money.ts'
import { displayCode, receiptNumber } from '../../../shared/receipts/receipt.ts'
import {
  findReceipt,
  type BookReceipt,
  type CheckedReceipt,
  type ShownReceipt,
  type Verification,
} from '../../../shared/receipts/verify.ts'
import { useLender } from '../../data/book/hooks.ts'
import { FormField } from '../../ui/form.tsx'
import { Outcome, SubmitButton } from '../settings/Outcome.tsx'
import { useReceiptCheck } from './useReceiptCheck.ts'

/** At most this many receipts that do not match are listed; the count says how many there are. */
const LISTED = 20

/**
 * Settings → Receipts: look up a receipt a borrower shows (its number, and its code), and the
 * book's receipts that no longer match their codes. A dispute ("I paid you ₹5,000, here is the
 * receipt") is settled by what the book says of that number.
 */
export function ReceiptsSection() {
  const { t } = useTranslation('receipts')
  // Only a check of the book as it is now answers: a receipt just given is in no older one.
  const { latest, upToDate } = useReceiptCheck()
  const verification = upToDate ? latest : null
  const describe = useDescribe()
  const [number, setNumber] = useState('')
  const [code, setCode] = useState('')
  const [shown, setShown] = useState<ShownReceipt | null>(null)
  const [asked, setAsked] = useState(false)
  // A number asked for while the book is being checked is looked up once the check ends.
  if (asked && verification) {
    setAsked(false)
    setShown(findReceipt(verification, number, code))
  }

  const check = (event: FormEvent) => {
    event.preventDefault()
    if (verification) {
      setShown(findReceipt(verification, number, code))
    } else {
      setShown(null)
      setAsked(true)
    }
  }

  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('note')}</Text>
      <form onSubmit={check} noValidate>
        <Stack gap="3">
          <FormField
            label={t('number')}
            helper={t('numberHelper')}
            error={shown?.found === 'notANumber' ? t('notANumber') : undefined}
          >
            <Input
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
            />
          </FormField>
          <FormField label={t('code')} helper={t('codeHelper')}>
            <Input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
            />
          </FormField>
          <SubmitButton variant="outline">{t('check')}</SubmitButton>
        </Stack>
      </form>
      {shown && shown.found !== 'notANumber' && (
        <Outcome
          outcome={{
            ok: shown.found === 'matches',
            message:
              shown.found === 'notInBook'
                ? t('notInBook', { number: shown.number })
                : t(`found.${shown.found}`, {
                    number: shown.number,
                    what: describe(shown.receipt),
                    code: displayCode(shown.receipt.receipt?.code ?? ''),
                  }),
          }}
        />
      )}
      {verification ? (
        <Problems verification={verification} describe={describe} />
      ) : (
        <Text role="status">{t('checking')}</Text>
      )}
    </Stack>
  )
}

/** How the book's receipts stand: all match, or which do not; and those the server refused. */
function Problems({
  verification,
  describe,
}: {
  verification: Verification
  describe: (r: BookReceipt) => string
}) {
  const { t } = useTranslation('receipts')
  const bad = verification.problems
  return (
    <>
      <Text role="status">
        {bad.length + verification.missingCount === 0
          ? t('allMatch', { count: verification.total })
          : t('someDiffer', {
              count: bad.length + verification.missingCount,
              total: verification.total,
            })}
      </Text>
      {verification.refused.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" aria-label={t('refusedTitle')}>
          <Text fontWeight="medium">{t('refusedTitle')}</Text>
          {verification.refused.slice(0, LISTED).map((r) => (
            <Text as="li" key={r.stored} color="orange.800">
              {t('refusedLine', {
                number: r.receipt ? receiptNumber(r.receipt) : r.stored,
                what: describe(r),
                by: r.by ?? t('someoneElse'),
                why: t(`refusedWhy.${r.refused}`),
              })}
            </Text>
          ))}
          {verification.refused.length > LISTED && (
            <Text as="li">{t('more', { count: verification.refused.length - LISTED })}</Text>
          )}
        </Stack>
      )}
      {bad.length + verification.missingCount > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" aria-label={t('listLabel')}>
          {verification.missing.slice(0, LISTED).map((missing) => (
            <Text as="li" key={missing} color="red.700">
              {t('missing', { number: missing })}
            </Text>
          ))}
          {verification.missingCount > LISTED && (
            <Text as="li">{t('more', { count: verification.missingCount - LISTED })}</Text>
          )}
          {bad.slice(0, LISTED).map((r) => (
            <Text as="li" key={`${r.stored}-${r.facts.id}`} color="red.700">
              {problemText(r, describe(r), t)}
            </Text>
          ))}
          {bad.length > LISTED && <Text as="li">{t('more', { count: bad.length - LISTED })}</Text>}
        </Stack>
      )}
    </>
  )
}

function problemText(r: CheckedReceipt, what: string, t: TFunction): string {
  const number = r.receipt ? receiptNumber(r.receipt) : r.stored
  return t(`problem.${r.check}`, { number, what })
}

/** "₹500.00 received on 12/11/2026 from Asha Verma", and the like, in the lender's words. */
function useDescribe(): (r: BookReceipt) => string {
  const { t } = useTranslation('receipts')
  const { loans, people } = useLender()
  return (r) => {
    const loan = loans.find((l) => l.id === r.loanIds[0])
    const person = people.find((p) => p.id === loan?.personId)
    const values = {
      amount: formatINR(r.amount),
      date: formatDisplayDate(r.date),
      name: person?.name ?? t('someone'),
    }
    return t(`what.${r.facts.kind}`, values)
  }
}
