import { Box, Button, Flex, Heading, Image, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../shared/dates.ts'
import { maskAadhaar } from '../../../shared/identity.ts'
import { summarizePerson, type LedgerLoan } from '../../../shared/ledger/engine.ts'
import { formatINR } from '../../../shared/money.ts'
import { upiPayLink } from '../../../shared/book/upi.ts'
import { cityIndex } from '../../../shared/schema/city.ts'
import type { Payment } from '../../../shared/schema/types.ts'
import {
  useActivePeople,
  useCities,
  useFiguresOf,
  usePaymentsOf,
  useLoaded,
  useProfile,
  useSession,
  useToday,
} from '../../data/hooks.ts'
import { DateField } from '../../ui/DateField.tsx'
import { DateText } from '../../ui/DateText.tsx'
import { Figure } from '../../ui/Figure.tsx'
import { SelectField } from '../../ui/form.tsx'
import { Money } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import {
  buildStatement,
  type Period,
  type Statement,
  type StatementLoan,
  type StatementParties,
  type StatementQr,
} from './statement.ts'
import { noteText } from '../loans/LoanHistory.tsx'
import { usePersonLoans } from '../loans/usePersonLoans.ts'
import { printCss } from './printCss.ts'

/**
 * `/users/{personId}/statement`: what a borrower is handed. The lender and the borrower, each
 * loan's terms and today's figures, the period's payments with the engine's interest/principal
 * split, waivers, and "Due today", with the lender's UPI QR code when a UPI ID is set. It prints
 * on A4 (the app shell and the buttons are left off) and, on a phone, is shared as a PDF.
 */
export function StatementScreen({ personId }: { personId: string }) {
  const people = useActivePeople()
  const cities = useCities()
  const loaded = useLoaded()
  const today = useToday()
  const profile = useProfile()
  const { user } = useSession()
  const cachedFigures = useFiguresOf()
  const [mode, setMode] = useState('all')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const person = people.find((p) => p.id === personId)
  const { t } = useTranslation('statement')

  const loans = usePersonLoans(personId)
  const payments = usePaymentsOf(loans)
  const period: Period = useMemo(
    () => (mode === 'all' ? {} : { ...(from && { from }), ...(to && { to }) }),
    [mode, from, to],
  )
  const statement = useMemo(() => {
    const byId = new Map<string, Payment>(payments.map((payment) => [payment.id, payment]))
    const figuresOf = (loan: LedgerLoan) => cachedFigures(loan, today)
    return buildStatement({
      loans,
      figuresOf,
      payments: byId,
      total: summarizePerson(loans, today, figuresOf).reckoning,
      period,
      today,
      t,
    })
  }, [loans, payments, cachedFigures, today, period, t])

  const lender = profile.displayName || user.email
  const due = statement.total.due
  const qr: StatementQr | null = profile.upiId
    ? {
        link: upiPayLink({
          upiId: profile.upiId,
          payeeName: lender,
          amountPaise: due,
          note: t('reminders:upiNote'),
        }),
        caption:
          due > 0
            ? t('qrCaptionAmount', { amount: formatINR(due), lender, upiId: profile.upiId })
            : t('qrCaption', { lender, upiId: profile.upiId }),
      }
    : null

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
  const badRange = mode === 'dates' && from !== '' && to !== '' && to < from

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
          <Button colorPalette="teal" minH="11" onClick={() => window.print()}>
            {t('print')}
          </Button>
          <PdfButton statement={statement} parties={parties} qr={qr} />
        </Flex>
      }
    >
      <style>{printCss}</style>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" data-print="hide">
        <SelectField
          label={t('period')}
          value={mode}
          onChange={setMode}
          choices={[
            { value: 'all', label: t('periodAll') },
            { value: 'dates', label: t('periodDates') },
          ]}
        />
        {mode === 'dates' && (
          <>
            <DateField label={t('from')} value={from} onChange={setFrom} max={to || undefined} />
            <DateField
              label={t('to')}
              value={to}
              onChange={setTo}
              min={from || undefined}
              error={badRange ? t('badRange') : undefined}
            />
          </>
        )}
      </SimpleGrid>
      <StatementBody statement={statement} parties={parties} qr={qr} />
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
        <Box role="group" aria-label={t('totalDue')}>
          <Text color="fg.muted">{t('dueTodayOn', { date: todayText })}</Text>
          <Text fontSize="2xl" fontWeight="bold" data-figure="">
            <Money paise={statement.total.due} />
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {t('common:money.lent')} <Money paise={statement.total.lent} /> ·{' '}
            {t('common:money.interestSoFar')} <Money paise={statement.total.interest} /> ·{' '}
            {t('common:money.paid')} <Money paise={statement.total.paid} />
            {statement.total.waived > 0 && (
              <>
                {' '}
                · {t('common:money.waived')} <Money paise={statement.total.waived} />
              </>
            )}
          </Text>
        </Box>
        {qr && <UpiQr qr={qr} />}
      </Flex>
      {statement.loans.length === 0 ? (
        <Notice>{t('noLoans')}</Notice>
      ) : (
        statement.loans.map((loan) => <LoanSection key={loan.id} loan={loan} />)
      )}
    </Stack>
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

/** The lender's UPI QR code for what is due today; rendered by `qrcode`, loaded with the screen. */
function UpiQr({ qr }: { qr: StatementQr }) {
  const { t } = useTranslation('statement')
  const [image, setImage] = useState<{ link: string; url: string } | null>(null)
  useEffect(() => {
    let live = true
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(qr.link, { margin: 1, width: 200 }))
      .then((url) => {
        if (live) setImage({ link: qr.link, url })
      })
    return () => {
      live = false
    }
  }, [qr.link])
  return (
    <Stack as="figure" align="center" gap="1" maxW="56" data-print="keep">
      {image?.link === qr.link ? (
        <Image src={image.url} alt={t('qrAlt', { caption: qr.caption })} w="40" h="40" />
      ) : (
        <Box w="40" h="40" />
      )}
      <Text as="figcaption" fontSize="sm" textAlign="center" overflowWrap="anywhere">
        {qr.caption}
      </Text>
    </Stack>
  )
}

function LoanSection({ loan }: { loan: StatementLoan }) {
  const { reckoning } = loan
  const { t } = useTranslation('statement')
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
        <Figure label={t('common:money.interestSoFar')}>
          <Money paise={reckoning.interest} />
        </Figure>
        <Figure label={t('common:money.paid')}>
          <Money paise={reckoning.paid} />
        </Figure>
        {reckoning.waived > 0 && (
          <Figure label={t('common:money.waived')}>
            <Money paise={reckoning.waived} />
          </Figure>
        )}
        <Figure label={t('common:money.dueToday')}>
          <Text as="span" fontWeight="semibold">
            <Money paise={loan.dueToday} />
          </Text>
        </Figure>
      </SimpleGrid>
      {loan.rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t('noPayments')}
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} data-print="table">
          <Table.Root size="sm" aria-label={t('paymentsOf', { label: loan.label })}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('loans:history.date')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('loans:history.paid')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('loans:history.interest')}
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('loans:history.principal')}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {loan.rows.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell>
                    <DateText date={row.date} />
                    <RowNote note={row.note} voided={row.voided} waiver={row.kind === 'waiver'} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Amount row={row} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {row.interest === undefined ? '—' : <Money paise={row.interest} />}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {row.principal === undefined ? '—' : <Money paise={row.principal} />}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  )
}

function Amount({ row }: { row: StatementLoan['rows'][number] }) {
  const { t } = useTranslation('statement')
  const text =
    row.kind === 'waiver' ? (
      <>
        {t('common:money.waived')} <Money paise={row.amount} />
      </>
    ) : (
      <Money paise={row.amount} />
    )
  return row.voided ? <del>{text}</del> : text
}

function RowNote({ note, voided, waiver }: { note: string; voided: boolean; waiver: boolean }) {
  const { t } = useTranslation('statement')
  const words = [
    voided ? t('loans:void.voided') : '',
    waiver ? t('loans:history.waiver') : '',
    noteText(note, t),
  ]
    .filter(Boolean)
    .join(' · ')
  if (!words) return null
  return (
    <Text fontSize="xs" color={voided ? 'red.700' : 'fg.muted'}>
      {words}
    </Text>
  )
}

/**
 * "Share PDF" where the browser can share files (a phone), "Download PDF" elsewhere. The PDF
 * library and its font are loaded only when pressed.
 */
function PdfButton({
  statement,
  parties,
  qr,
}: {
  statement: Statement
  parties: StatementParties
  qr: StatementQr | null
}) {
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const [canShare] = useState(canShareFiles)
  const { t } = useTranslation('statement')
  const run = async () => {
    setBusy(true)
    setFailed(false)
    try {
      const { statementPdf } = await import('./statementPdf.ts')
      const blob = await statementPdf(statement, parties, qr, t)
      const name = t('fileName', { name: parties.borrower, date: statement.today })
      const file = new File([blob], name, { type: 'application/pdf' })
      if (canShare) {
        await navigator.share({ files: [file], title: t('shareTitle', { name: parties.borrower }) })
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
