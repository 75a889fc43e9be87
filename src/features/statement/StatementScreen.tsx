import { Button, Flex, SimpleGrid, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { TFunction } from 'i18next'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { maskAadhaar } from '../../../shared/identity.ts'
import { askAmounts, type AskAmounts, type LedgerLoan } from '../../../shared/ledger/engine.ts'
import { formatINR } from '../../../shared/money.ts'
import { upiPayLink } from '../../../shared/book/upi.ts'
import { cityIndex } from '../../../shared/schema/city.ts'
import {
  useActivePeople,
  useCities,
  useFiguresOf,
  useLoaded,
  useProfile,
  useSession,
  useToday,
} from '../../data/book/hooks.ts'
import { i18n, useLanguage } from '../../i18n/index.ts'
import { DateField } from '../../ui/DateField.tsx'
import { SelectField } from '../../ui/form.tsx'
import { MissingPage, Page } from '../../ui/Page.tsx'
import { messageLanguage } from '../reminders/messages.ts'
import { usePersonLoans } from '../loans/usePersonLoans.ts'
import { PdfButton, type MadePdf } from './PdfButton.tsx'
import { printCss } from './printCss.ts'
import {
  buildStatement,
  periodOf,
  periodProblem,
  type Period,
  type PeriodChoice,
  type StatementParties,
  type StatementQr,
} from './statement.ts'
import { StatementBody } from './StatementBody.tsx'
import type * as StatementPdf from './statementPdf.ts'

// What the QR code asks for, and its words: as a reminder does by default (engine's `askAmounts`).
const captions = {
  overdue: 'statement:qrCaptionOverdue',
  interest: 'statement:qrCaptionInterest',
  all: 'statement:qrCaptionAmount',
} as const
const upiNotes = {
  overdue: 'reminders:upiNoteOverdue',
  interest: 'reminders:upiNoteInterest',
  all: 'reminders:upiNote',
} as const

/**
 * The lender's UPI QR, its caption in the words of `t`; null without a UPI ID. It asks for what a
 * reminder asks for by default: what is overdue, else the interest due (else all due), never the
 * whole of a loan that is not yet due.
 */
function qrOf(upiId: string, lender: string, ask: AskAmounts, t: TFunction): StatementQr | null {
  if (!upiId) return null
  const amount = ask[ask.suggested]
  return {
    link: upiPayLink({
      upiId,
      payeeName: lender,
      amountPaise: amount,
      note: t(upiNotes[ask.suggested]),
    }),
    caption:
      amount > 0
        ? t(captions[ask.suggested], { amount: formatINR(amount), lender, upiId })
        : t('statement:qrCaption', { lender, upiId }),
  }
}

/**
 * `/users/{personId}/statement`: what a borrower is handed. For a period (all time, a financial
 * year or typed dates): each loan's terms, its balance at the start of the first day, every
 * movement in the period with the truthful interest/principal split and what was due after it,
 * its balance at the end of the last day, and the sum that joins them; and the person's Due today
 * with the lender's UPI QR code when a UPI ID is set (for what is overdue, else the interest due). On screen (and printed, on A4 without the
 * app shell) it is the lender's copy, voided entries struck through; the PDF is the borrower's
 * copy, without them, in the borrower's language.
 */
export function StatementScreen({ personId }: { personId: string }) {
  const people = useActivePeople()
  const cities = useCities()
  const loaded = useLoaded()
  const today = useToday()
  const profile = useProfile()
  const { user } = useSession()
  const cachedFigures = useFiguresOf()
  const [app] = useLanguage()
  const chosen = usePeriod(today)
  const { period, problem } = chosen
  const person = people.find((p) => p.id === personId)
  const { t } = useTranslation('statement')

  const loans = usePersonLoans(personId)
  const figuresOf = useMemo(
    () => (loan: LedgerLoan) => cachedFigures(loan, today),
    [cachedFigures, today],
  )
  const statement = useMemo(
    () => (problem ? null : buildStatement({ loans, figuresOf, period, today, t })),
    [loans, figuresOf, period, today, t, problem],
  )

  const lender = profile.displayName || user.email
  const language = messageLanguage(person, app)

  if (!person) {
    return <MissingPage title={t('title')} message={loaded ? t('notFound') : t('loading')} />
  }
  const parties: StatementParties = {
    lender,
    borrower: person.name,
    village: cityIndex(cities).get(person.cityId)?.name ?? '—',
    aadhaar: person.aadhaar ? maskAadhaar(person.aadhaar) : '',
  }
  const ask = askAmounts(loans, today, figuresOf)
  const qr = statement ? qrOf(profile.upiId, lender, ask, t) : null
  // The borrower's copy: the same period, voided entries left out, in the borrower's language.
  const borrowerCopy = async (pdf: typeof StatementPdf): Promise<MadePdf> => {
    const words = i18n.getFixedT(language)
    const copy = buildStatement({ loans, figuresOf, period, today, copy: 'borrower', t: words })
    const qrCopy = qrOf(profile.upiId, lender, ask, words)
    return {
      blob: await pdf.statementPdf(copy, parties, qrCopy, words),
      name: words('statement:fileName', { name: person.name, date: today }),
      title: words('statement:shareTitle', { name: person.name }),
    }
  }

  return (
    <Page
      title={t('title')}
      actions={
        <Flex gap="2" wrap="wrap" data-print="hide">
          <Button asChild variant="outline" minH="11">
            <Link to="/users/$personId/loans" params={{ personId }}>
              {t('backToLoans')}
            </Link>
          </Button>
          <Button
            colorPalette="teal"
            minH="11"
            disabled={statement === null}
            onClick={() => window.print()}
          >
            {t('print')}
          </Button>
          {statement && <PdfButton make={borrowerCopy} />}
        </Flex>
      }
    >
      <style>{printCss}</style>
      <Text color="fg.muted" fontSize="sm" data-print="hide">
        {t('lenderCopy')}{' '}
        {t('borrowerCopy', {
          name: person.name,
          language: i18n.t('common:languageName', { lng: language }),
        })}
      </Text>
      <PeriodFields chosen={chosen} today={today} />
      {statement && <StatementBody statement={statement} parties={parties} qr={qr} />}
    </Page>
  )
}

/** The period the lender chose (all time, a financial year, or typed dates) and what is wrong with it. */
function usePeriod(today: string) {
  const [choice, setChoice] = useState<PeriodChoice>('all')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const period: Period = useMemo(
    () => periodOf(choice, today, { from, to }),
    [choice, today, from, to],
  )
  const problem = periodProblem(period, today)
  return { choice, setChoice, from, setFrom, to, setTo, period, problem }
}

/** The period's fields, each refusal beside its field. */
function PeriodFields({ chosen, today }: { chosen: ReturnType<typeof usePeriod>; today: string }) {
  const { t } = useTranslation('statement')
  const { choice, from, to, problem } = chosen
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" data-print="hide">
      <SelectField
        label={t('period')}
        value={choice}
        onChange={(value) => chosen.setChoice(value as PeriodChoice)}
        choices={[
          { value: 'all', label: t('periodAll') },
          { value: 'thisYear', label: t('periodThisYear') },
          { value: 'lastYear', label: t('periodLastYear') },
          { value: 'dates', label: t('periodDates') },
        ]}
      />
      {choice === 'dates' && (
        <>
          <DateField
            label={t('from')}
            value={from}
            onChange={chosen.setFrom}
            max={to || today}
            error={problem === 'future' && from > today ? t('future') : undefined}
          />
          <DateField
            label={t('to')}
            value={to}
            onChange={chosen.setTo}
            min={from || undefined}
            max={today}
            error={
              problem === 'badRange'
                ? t('badRange')
                : problem === 'future' && to > today
                  ? t('future')
                  : undefined
            }
          />
        </>
      )}
    </SimpleGrid>
  )
}
