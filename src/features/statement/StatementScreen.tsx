import { Box, Button, Flex, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { TFunction } from 'i18next'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../shared/dates.ts'
import { maskAadhaar } from '../../../shared/identity.ts'
import { askAmounts, type AskAmounts, type LedgerLoan } from '../../../shared/ledger/engine.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
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
import { DateText } from '../../ui/DateText.tsx'
import { Figure } from '../../ui/Figure.tsx'
import { SelectField } from '../../ui/form.tsx'
import { Money, Overpaid } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { UpiQr } from '../../ui/UpiQr.tsx'
import { messageLanguage } from '../reminders/messages.ts'
import { usePersonLoans } from '../loans/usePersonLoans.ts'
import { printCss } from './printCss.ts'
import {
  buildStatement,
  periodOf,
  periodProblem,
  sumText,
  type Period,
  type PeriodChoice,
  type Statement,
  type StatementLoan,
  type StatementParties,
  type StatementQr,
  type StatementRow,
} from './statement.ts'

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
  const [choice, setChoice] = useState<PeriodChoice>('all')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const person = people.find((p) => p.id === personId)
  const { t } = useTranslation('statement')

  const loans = usePersonLoans(personId)
  const period: Period = useMemo(
    () => periodOf(choice, today, { from, to }),
    [choice, today, from, to],
  )
  const problem = periodProblem(period, today)
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
    return (
      <Page title={t('title')}>
        <Notice>{loaded ? t('notFound') : t('loading')}</Notice>
      </Page>
    )
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
  const borrowerCopy = () => {
    const words = i18n.getFixedT(language)
    const copy = buildStatement({ loans, figuresOf, period, today, copy: 'borrower', t: words })
    return { statement: copy, qr: qrOf(profile.upiId, lender, ask, words), t: words }
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
          {statement && <PdfButton parties={parties} make={borrowerCopy} />}
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
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" data-print="hide">
        <SelectField
          label={t('period')}
          value={choice}
          onChange={(value) => setChoice(value as PeriodChoice)}
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
              onChange={setFrom}
              max={to || today}
              error={problem === 'future' && from > today ? t('future') : undefined}
            />
            <DateField
              label={t('to')}
              value={to}
              onChange={setTo}
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
      {statement && <StatementBody statement={statement} parties={parties} qr={qr} />}
    </Page>
  )
}

function StatementBody({
  statement,
  parties,
  qr,
}: {
  statement: Statement
  parties: StatementParties
  qr: StatementQr | null
}) {
  const { t } = useTranslation('statement')
  const todayText = formatDisplayDate(statement.today)
  return (
    <Stack as="article" aria-label={t('title')} gap="5" data-statement="">
      <Heading as="h2" size="lg">
        {t('heading', { name: parties.borrower })}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap="2" fontSize="sm">
        <Party term={t('lender')} value={parties.lender} />
        <Party term={t('borrower')} value={parties.borrower} />
        <Party term={t('village')} value={parties.village} />
        {parties.aadhaar && <Party term={t('aadhaar')} value={parties.aadhaar} />}
        <Party term={t('period')} value={statement.periodText} />
        <Party term={t('statementDate')} value={todayText} />
      </SimpleGrid>
      <Flex
        gap="4"
        wrap="wrap"
        align="center"
        justify="space-between"
        borderWidth="1px"
        borderRadius="md"
        p="3"
        data-print="keep"
      >
        <Stack gap="2" minW="0">
          <Box role="group" aria-label={t('totalDue')}>
            <Text color="fg.muted">{t('dueTodayOn', { date: todayText })}</Text>
            <Text fontSize="2xl" fontWeight="bold" data-figure="">
              <Money paise={statement.dueToday} />
            </Text>
          </Box>
          <PeriodSum name={t('periodSum')} statement={statement} />
        </Stack>
        {qr && (
          <UpiQr link={qr.link} caption={qr.caption} alt={t('qrAlt', { caption: qr.caption })} />
        )}
      </Flex>
      {statement.loans.length === 0 ? (
        <Notice>{statement.from === undefined ? t('noLoans') : t('noMovements')}</Notice>
      ) : (
        statement.loans.map((loan) => (
          <LoanSection key={loan.id} loan={loan} from={statement.from} to={statement.to} />
        ))
      )}
    </Stack>
  )
}

/** "Opening ₹A + interest ₹B − paid ₹C = closing ₹D" for the period, as one line. */
function PeriodSum({ name, statement }: { name: string; statement: Pick<StatementLoan, 'sum'> }) {
  const { t } = useTranslation('statement')
  return (
    <Box role="group" aria-label={name} fontSize="sm">
      <Text color="fg.muted">{name}</Text>
      <Text fontWeight="medium" data-sum="">
        {sumText(statement.sum, t, (paise) => formatINR(paise))}
      </Text>
    </Box>
  )
}

function Party({ term, value }: { term: string; value: string }) {
  return (
    <Flex gap="2">
      <Text as="dt" color="fg.muted" minW="28">
        {term}
      </Text>
      <Text as="dd" fontWeight="medium" minW="0" overflowWrap="anywhere">
        {value}
      </Text>
    </Flex>
  )
}

function LoanSection({
  loan,
  from,
  to,
}: {
  loan: StatementLoan
  from: string | undefined
  to: string
}) {
  const { totals } = loan
  const { t } = useTranslation('statement')
  const waived = totals.interestWaived + totals.principalWaived
  const opens = from !== undefined && from > loan.startDate
  return (
    <Stack as="section" aria-label={loan.label} gap="3" data-print="loan">
      <Box>
        <Heading as="h3" size="md">
          {loan.label} · {t(`loans:status.${loan.status}`)}
        </Heading>
        {loan.description ? <Text color="fg.muted">{loan.description}</Text> : null}
      </Box>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" fontSize="sm" data-print="keep">
        <Figure label={t('common:money.lent')}>
          <Money paise={loan.amount} />
        </Figure>
        <Figure label={t('loans:labels.interestRate')}>{loan.rate}</Figure>
        <Figure label={t('loans:labels.startDate')}>
          <DateText date={loan.startDate} />
        </Figure>
        <Figure label={t('loans:labels.dueDate')}>
          <DateText date={loan.dueDate} />
        </Figure>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" fontSize="sm" data-print="keep">
        {opens && (
          <Figure label={t('openingOn', { date: formatDisplayDate(from) })}>
            <Money paise={loan.opening.due} />
          </Figure>
        )}
        <Figure label={t('interestCharged')}>
          <Money paise={totals.interestCharged} />
        </Figure>
        <Figure label={t('common:money.paid')}>
          <Money paise={totals.paid} />
        </Figure>
        <Figure label={t('common:money.interestPaid')}>
          <Money paise={totals.interestPaid} />
        </Figure>
        <Figure label={t('common:money.principalPaid')}>
          <Money paise={totals.principalPaid} />
        </Figure>
        {totals.overpaid > 0 && (
          <Figure label={t('common:money.overpaid')}>
            <Money paise={totals.overpaid} />
          </Figure>
        )}
        {waived > 0 && (
          <Figure label={t('common:money.waived')}>
            <Money paise={waived} />
          </Figure>
        )}
        <Figure label={t('closingOn', { date: formatDisplayDate(to) })}>
          <Text as="span" fontWeight="semibold">
            <Money paise={loan.closing.due} />
          </Text>
        </Figure>
      </SimpleGrid>
      <PeriodSum name={`${t('periodSum')}: ${loan.label}`} statement={loan} />
      <Table.ScrollArea
        borderWidth="1px"
        borderRadius="md"
        tabIndex={0}
        data-print="table"
        css={stackedOnPhone}
      >
        <Table.Root size="sm" aria-label={t('movementsOf', { label: loan.label })}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('col.date')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('col.details')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('col.added')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('col.paid')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t('common:money.interestPaid')}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t('common:money.principalPaid')}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('col.due')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loan.rows.map((row) => (
              <Table.Row key={row.key} fontWeight={edge(row) ? 'semibold' : undefined}>
                <Table.Cell data-wide="">
                  <DateText date={row.date} />
                </Table.Cell>
                <Table.Cell minW={{ base: '0', md: '40' }} data-wide="">
                  <Text as="span" color={row.voided ? 'red.700' : undefined}>
                    {row.details}
                  </Text>
                  {row.overpaid !== undefined && (
                    <>
                      {' · '}
                      <Overpaid paise={row.overpaid} />
                    </>
                  )}
                </Table.Cell>
                <Cell paise={row.added} label={t('col.added')} />
                <Table.Cell textAlign="end" data-label={t('col.paid')}>
                  <Amount row={row} />
                </Table.Cell>
                <Cell paise={row.interestPaid} label={t('common:money.interestPaid')} />
                <Cell paise={row.principalPaid} label={t('common:money.principalPaid')} />
                <Cell paise={row.voided ? undefined : row.due} label={t('col.due')} />
              </Table.Row>
            ))}
          </Table.Body>
          <Table.Footer>
            <Table.Row fontWeight="semibold">
              <Table.Cell colSpan={2} data-wide="">
                {t('total')}
              </Table.Cell>
              <Cell paise={totals.lent + totals.interestCharged} label={t('col.added')} />
              <Cell paise={totals.paid} label={t('col.paid')} />
              <Cell paise={totals.interestPaid} label={t('common:money.interestPaid')} />
              <Cell paise={totals.principalPaid} label={t('common:money.principalPaid')} />
              <Cell paise={undefined} label={t('col.due')} />
            </Table.Row>
          </Table.Footer>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  )
}

/** The opening and closing rows stand out from the movements between them. */
function edge(row: StatementRow): boolean {
  return row.kind === 'opening' || row.kind === 'closing'
}

function Cell({ paise, label }: { paise: Paise | undefined; label: string }) {
  return (
    <Table.Cell textAlign="end" data-label={label}>
      {paise === undefined ? '—' : <Money paise={paise} />}
    </Table.Cell>
  )
}

/**
 * On a phone screen the movements table is a stack of small cards, one per row: the date and
 * what happened across the top, then each amount under its column's name (from `data-label`).
 * The seven columns were 695–729 px wide on a 360 px phone. The markup stays a table (printing,
 * screen readers and wide screens see the same table as before).
 */
const stackedOnPhone = {
  '@media screen and (max-width: 47.99em)': {
    '& table, & tbody, & tfoot, & tr, & td': { display: 'block' },
    '& thead': { display: 'none' },
    '& tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      columnGap: '3',
      rowGap: '1',
      px: '3',
      py: '2',
      borderBottomWidth: '1px',
    },
    '& td': { border: '0', p: '0', textAlign: 'start', overflowWrap: 'anywhere' },
    '& td[data-wide]': { gridColumn: '1 / -1' },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      color: 'fg.muted',
      fontSize: 'xs',
      fontWeight: 'normal',
    },
  },
} as const

/** What a row paid, or what its waiver forgave; struck through when voided. */
function Amount({ row }: { row: StatementRow }) {
  const { t } = useTranslation('statement')
  const text =
    row.waived !== undefined ? (
      <>
        {t('common:money.waived')} <Money paise={row.waived} />
      </>
    ) : row.paid !== undefined ? (
      <Money paise={row.paid} />
    ) : (
      '—'
    )
  return row.voided ? <del>{text}</del> : <>{text}</>
}

/**
 * "Share PDF" where the browser can share files (a phone), "Download PDF" elsewhere: the
 * borrower's copy (`make`), in their language. The PDF library and its font are loaded only when
 * pressed.
 */
function PdfButton({
  parties,
  make,
}: {
  parties: StatementParties
  make: () => { statement: Statement; qr: StatementQr | null; t: TFunction }
}) {
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const [canShare] = useState(canShareFiles)
  const { t } = useTranslation('statement')
  useEffect(() => {
    // Offline, this fails quietly; pressing the button then says the PDF could not be made.
    import('./statementPdf.ts').then((pdf) => pdf.preparePdf()).catch(() => {})
  }, [])
  const run = async () => {
    setBusy(true)
    setFailed(false)
    try {
      const { statementPdf } = await import('./statementPdf.ts')
      const copy = make()
      const borrower = parties.borrower
      const blob = await statementPdf(copy.statement, parties, copy.qr, copy.t)
      const name = copy.t('statement:fileName', { name: borrower, date: copy.statement.today })
      const file = new File([blob], name, { type: 'application/pdf' })
      if (canShare) {
        await navigator.share({
          files: [file],
          title: copy.t('statement:shareTitle', { name: borrower }),
        })
      } else {
        const url = URL.createObjectURL(file)
        const a = document.createElement('a')
        a.href = url
        a.download = name
        a.click()
        setTimeout(() => URL.revokeObjectURL(url), 60_000)
      }
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button variant="outline" minH="11" loading={busy} onClick={() => void run()}>
        {canShare ? t('sharePdf') : t('downloadPdf')}
      </Button>
      {failed && (
        <Text role="alert" color="red.700" fontSize="sm" alignSelf="center">
          {t('pdfFailed')}
        </Text>
      )}
    </>
  )
}

function canShareFiles(): boolean {
  try {
    return (
      typeof navigator.canShare === 'function' &&
      navigator.canShare({ files: [new File([''], 'statement.pdf', { type: 'application/pdf' })] })
    )
  } catch {
    return false
  }
}
