import {
  Box,
  Button,
  Flex,
  GridItem,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { Link, useNavigate } from '@tanstack/react-router'
import { memo, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  autoAllocate,
  balanceDue,
  previewDeposit,
  settlingAmount,
  validateDeposit,
  type Allocation,
  type DepositPreviewLine,
  type StatusLabel,
} from '../../../shared/ledger/engine.ts'
import type { IsoDate, Paise } from '../../../shared/ledger/types.ts'
import { formatDisplayDate, isIsoDate } from '../../../shared/dates.ts'
import { formatINR, paiseToRupeeInput, parseRupees } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import {
  useActiveLoansOf,
  useActivePeople,
  useFiguresOf,
  useLoaded,
  useMutations,
  useToday,
} from '../../data/book/hooks.ts'
import { AmountField } from '../../ui/AmountField.tsx'
import { DateField } from '../../ui/DateField.tsx'
import { DateText } from '../../ui/DateText.tsx'
import { FormAlert, FormField } from '../../ui/form.tsx'
import { Money, MoneyCell, Overpaid } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { useWide } from '../../ui/useWide.ts'
import { undoableToast } from '../../ui/undoableToast.ts'
import { LoanTitle } from '../loans/LoanName.tsx'
import { loanCallName, loanFullName, loanLabel } from '../loans/loanText.ts'
import { rememberDeposit } from '../reminders/lastDeposit.ts'
import { MAX_TEXT_LENGTH } from '../../../shared/schema/guards.ts'
import { depositGap, withRestOn, type DepositGap } from './depositRest.ts'

/** `/users/{personId}/deposit`: one deposit, split across the person's loans. */
export function DepositScreen({ personId }: { personId: string }) {
  const people = useActivePeople()
  const loaded = useLoaded()
  // Every loan of the person is listed (spec §4), in creation order: auto-allocate breaks
  // due-date ties by it.
  const liveLoans = useActiveLoansOf(personId)
  const liveToday = useToday()
  // Record leads to the person's page. From the tap until this page is left, the form keeps the
  // figures the lender confirmed: it is not rendered again under the deposit it has just
  // recorded, a render that would be thrown away and that costs, on a big book, about as much
  // as the page it leads to.
  const [held, hold] = useState<Held | null>(null)
  const person = people.find((p) => p.id === personId)
  const { t } = useTranslation('deposit')
  if (!person) {
    return (
      <Page title={t('title')}>
        <Notice>{loaded ? t('notFound') : t('loading')}</Notice>
      </Page>
    )
  }
  return (
    <DepositForm
      personId={personId}
      personName={person.name}
      loans={held?.loans ?? liveLoans}
      today={held?.today ?? liveToday}
      hold={hold}
    />
  )
}

/** What the form shows while Record leaves the page. */
interface Held {
  loans: readonly Loan[]
  today: IsoDate
}

/** Paise typed into an allocation box: empty is 0; null when the text is not an amount. */
function allocationPaise(text: string | undefined): Paise | null {
  if (text === undefined || text.trim() === '') return 0
  const parsed = parseRupees(text)
  return parsed.ok ? parsed.paise : null
}

const DepositForm = memo(function DepositForm({
  personId,
  personName,
  loans,
  today,
  hold,
}: {
  personId: string
  personName: string
  loans: readonly Loan[]
  today: IsoDate
  hold: (held: Held | null) => void
}) {
  const { recordDeposit, voidEntry } = useMutations()
  const figuresOf = useFiguresOf()
  const navigate = useNavigate()
  const { t } = useTranslation('deposit')

  const figures = useMemo(
    () => new Map(loans.map((l) => [l.id, figuresOf(l, today)])),
    [loans, today, figuresOf],
  )
  const dueToday = (loan: Loan): Paise => figures.get(loan.id)?.totalDue ?? 0
  const outstandingLoans = loans.filter((loan) => figures.get(loan.id)?.outstanding)
  const outstandingToday = outstandingLoans.reduce((sum, loan) => sum + dueToday(loan), 0)

  // The usual deposit is "what is due today": the form opens with it, already allocated oldest
  // due first, so Record is the only tap left. The lender can change it.
  const [amountText, setAmountText] = useState(() =>
    outstandingToday > 0 ? paiseToRupeeInput(outstandingToday) : '',
  )
  const [date, setDate] = useState<string>(today)
  const [description, setDescription] = useState('')
  // null: the allocations follow the amount (auto-allocated). Once the lender types an
  // allocation or taps Pay Full, they are theirs until the amount changes or Auto-allocate.
  const [manual, setManual] = useState<Record<string, string> | null>(null)
  // The loan the lender chose, in words, to hold what goes beyond its due as overpaid (rule 11:
  // the rest of the cash is put on a loan, never dropped). Only it may take more than settles it.
  const [overpaidOn, setOverpaidOn] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  // "Due today" is today's figure from every fact (engine notes, rule 10). A back-dated deposit
  // also shows what was due on its date, labelled; and what settles a loan is the engine's
  // settling amount for that date, which sees the payments recorded after it.
  const dated = isIsoDate(date) && date <= today ? date : null
  const settling = useMemo(
    () => new Map(loans.map((l) => [l.id, settlingAmount(l, dated ?? today, today)])),
    [loans, dated, today],
  )
  const dueOnDate = useMemo(
    () =>
      dated !== null && dated < today
        ? new Map(loans.map((l) => [l.id, balanceDue(l, dated)]))
        : null,
    [loans, dated, today],
  )
  const settles = (loan: Loan): Paise => settling.get(loan.id) ?? 0
  const outstandingOnDate =
    dueOnDate && outstandingLoans.reduce((sum, loan) => sum + (dueOnDate.get(loan.id) ?? 0), 0)

  const amount = parseRupees(amountText)
  const allocations: Record<string, string> =
    manual ??
    (amount.ok && amount.paise > 0
      ? Object.fromEntries(
          autoAllocate(
            amount.paise,
            loans.map((loan) => ({
              id: loan.id,
              dueDate: loan.dueDate,
              balanceDue: settles(loan),
            })),
          ).map((s) => [s.id, paiseToRupeeInput(s.amount)]),
        )
      : {})
  const typed = loans.map((loan) => ({ loan, paise: allocationPaise(allocations[loan.id]) }))
  const allocated = typed.reduce((sum, t) => sum + (t.paise ?? 0), 0)
  // What is left to place, and allocations beyond what settles a loan that the lender has not
  // chosen to keep as overpaid: the form says both, and offers the ways out, before Record.
  const gap =
    amount.ok && amount.paise > 0
      ? depositGap(
          amount.paise,
          typed.map((t) => ({ loanId: t.loan.id, paise: t.paise })),
          (loanId) => settling.get(loanId) ?? 0,
          overpaidOn,
        )
      : null

  // The choices about the rest call a loan as the lender does: "Tractor".
  const callName = (loanId: string) => {
    const loan = loans.find((l) => l.id === loanId)
    return loan ? loanCallName(loan, t) : loanLabel(loanId, t)
  }

  function changeAmount(text: string) {
    setAmountText(text)
    setManual(null)
    setOverpaidOn(null)
  }

  /** "Put ₹X on this loan": the rest of the cash joins this loan's allocation, as overpaid. */
  function putRestOn(loanId: string) {
    if (!gap || gap.rest <= 0) return
    setManual(withRestOn(allocations, loanId, gap.rest))
    setOverpaidOn(loanId)
    setError(null)
  }

  /** "Keep ₹X on this loan as overpaid": its allocation beyond what settles it stands. */
  function keepOverpaid(loanId: string) {
    setManual(allocations)
    setOverpaidOn(loanId)
    setError(null)
  }

  /** "Change the amount to ₹X": the cash becomes what is allocated; the allocations stay. */
  function amountToAllocated() {
    setManual(allocations)
    setAmountText(paiseToRupeeInput(allocated))
    setError(null)
  }

  // Typing an allocation by hand, like Pay Full, leaves auto-allocation: from it, the typed one
  // starts afresh (the other boxes empty), so what the lender sees is exactly what is recorded.
  const setAllocation = (loanId: string, text: string) =>
    setManual({ ...(manual ?? {}), [loanId]: text })

  /**
   * Pay Full: this loan's allocation becomes what settles it, and the amount becomes what is
   * allocated, so Record right after it records exactly that. From auto-allocation it starts
   * afresh (the deposit pays this loan); after the lender's own allocations it adds to them.
   */
  function payFull(loan: Loan) {
    const next = { ...(manual ?? {}), [loan.id]: paiseToRupeeInput(settles(loan)) }
    const total = Object.values(next).reduce((sum, text) => sum + (allocationPaise(text) ?? 0), 0)
    setManual(next)
    setAmountText(paiseToRupeeInput(total))
    setError(null)
  }

  function autoFill() {
    if (!amount.ok || amount.paise <= 0) {
      setError(t('errors.invalidAmount'))
      return
    }
    setError(null)
    setManual(null)
    setOverpaidOn(null)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = validateDeposit({
      amount: amount.ok ? amount.paise : null,
      date,
      today,
      allocations: typed.map((t) => ({ loanId: t.loan.id, amount: t.paise ?? 0 })),
      loans,
    })
    // The spec's checks on the amount and the date come first; then a malformed allocation.
    if (!checked.ok && ['invalidAmount', 'missingDate', 'futureDate'].includes(checked.reason)) {
      setError(t(`errors.${checked.reason}`))
      return
    }
    const malformed = typed.find((t) => t.paise === null)
    if (malformed) {
      const parsed = parseRupees(allocations[malformed.loan.id] ?? '')
      const reason = parsed.ok ? 'notANumber' : parsed.reason
      setError(`${loanFullName(malformed.loan, t)}: ${t(`loans:money.${reason}`)}`)
      return
    }
    // Cash is never dropped: a rest not on any loan is refused, and the choices below say how
    // to place it (rule 11).
    if (!checked.ok && checked.reason === 'unallocated' && gap) {
      setError(t('rest.refused', { amount: formatINR(gap.rest) }))
      return
    }
    if (!checked.ok) {
      setError(t(`errors.${checked.reason}`))
      return
    }
    // More than settles a loan is overpaid: recorded only when the lender chose it in words.
    const over = gap?.overSettling[0]
    if (over) {
      setError(
        t('overSettling', {
          loan: callName(over.loanId),
          amount: formatINR(over.settles),
          extra: formatINR(over.extra),
        }),
      )
      return
    }
    save(checked.allocations)
  }

  function save(checkedAllocations: Allocation[]) {
    let depositId: string
    hold({ loans, today })
    try {
      const result = recordDeposit({
        date,
        ...(description.trim() !== '' && { description: description.trim() }),
        allocations: checkedAllocations,
      })
      if (!result.ok) {
        hold(null)
        setError(
          result.reason === 'loanNotFound' ? t('errors.loanNotFound') : t('errors.noAllocation'),
        )
        return
      }
      depositId = result.depositId
      // The person's page offers "Send receipt" for it.
      rememberDeposit(personId, depositId)
    } catch (cause) {
      hold(null)
      // The lender reads plain words; the exception is for whoever looks into it.
      console.error(cause)
      setError(t('errors.notSaved'))
      return
    }
    // The allocations add up to the cash typed (validateDeposit), so this is what was received.
    const received = formatINR(checkedAllocations.reduce((sum, a) => sum + a.amount, 0))
    // The toast comes once the person's page is up: raising it measures the page it sits on.
    // Undo is a void (a new fact, with its reason), never a delete: the history keeps it.
    void navigate({ to: '/users/$personId/loans', params: { personId } }).finally(() =>
      undoableToast({
        title: t('received', { amount: received, name: personName }),
        undoLabel: t('undo'),
        undo: () => {
          const voided = voidEntry({ kind: 'deposit', id: depositId }, t('undoReason'))
          return voided.ok
            ? { ok: true, title: t('undone', { amount: received, name: personName }) }
            : { ok: false, title: t(`loans:void.${voided.reason}`) }
        },
      }),
    )
  }

  // Each allocation replayed among all of its loan's facts, earlier and later (the engine's).
  const previews =
    dated === null
      ? []
      : previewDeposit(
          loans,
          {
            date: dated,
            allocations: typed.flatMap((t) =>
              t.paise !== null && t.paise > 0 ? [{ loanId: t.loan.id, amount: t.paise }] : [],
            ),
          },
          today,
        )

  // On a phone the form reads top to bottom as the three taps need it: the amount and the date,
  // the preview of what the deposit does, Record; the per-loan allocations (already filled)
  // follow for the lender who wants to change them.
  return (
    <Page title={t('titleFor', { name: personName })}>
      <Text role="group" color="fg.muted" aria-label={t('totalLabel')} mt="-2">
        {t('common:money.dueToday')}: <Money paise={outstandingToday} />
        {dated !== null && outstandingOnDate !== null && (
          <>
            {' · '}
            {t('dueOn', { date: formatDisplayDate(dated) })}: <Money paise={outstandingOnDate} />
          </>
        )}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="4" maxW="4xl">
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
            <AmountField
              label={t('amount')}
              min="0.01"
              value={amountText}
              onChange={changeAmount}
            />
            <DateField
              label={t('date')}
              max={today}
              value={isIsoDate(date) ? date : ''}
              onChange={setDate}
            />
            <GridItem colSpan={{ base: 2, md: 1 }}>
              <FormField label={t('description')}>
                <Input
                  placeholder={t('descriptionPlaceholder')}
                  value={description}
                  maxLength={MAX_TEXT_LENGTH}
                  onChange={(e) => setDescription(e.currentTarget.value)}
                />
              </FormField>
            </GridItem>
          </SimpleGrid>

          {previews.length > 0 && <Preview lines={previews} loans={loans} />}
          <Totals amount={amount.ok ? amount.paise : null} allocated={allocated} />
          {gap && (
            <RestChoices
              gap={gap}
              allocated={allocated}
              personName={personName}
              loans={loans}
              onPutRest={putRestOn}
              onKeepOverpaid={keepOverpaid}
              onAmountToAllocated={amountToAllocated}
            />
          )}
          <FormAlert message={error} />
          <Flex gap="2">
            <Button type="submit" colorPalette="green" minH="11" flex={{ base: '1', md: 'none' }}>
              {t('record')}
            </Button>
            <Button asChild variant="outline" minH="11">
              <Link to="/users/$personId/loans" params={{ personId }}>
                {t('cancel')}
              </Link>
            </Button>
          </Flex>

          <Flex justify="space-between" align="center" gap="3" wrap="wrap" pt="2">
            <Heading as="h2" size="md">
              {t('allocate')}
            </Heading>
            <Button variant="outline" minH="11" onClick={autoFill}>
              {t('autoAllocate')}
            </Button>
          </Flex>
          {loans.length === 0 ? (
            <Notice>{t('noLoans')}</Notice>
          ) : (
            <Stack gap="3">
              {loans.map((loan) => (
                <AllocationRow
                  key={loan.id}
                  loan={loan}
                  dueToday={dueToday(loan)}
                  dueOnDate={
                    dated !== null && dueOnDate
                      ? { date: dated, paise: dueOnDate.get(loan.id) ?? 0 }
                      : null
                  }
                  settles={settles(loan)}
                  overpaid={
                    loan.id === overpaidOn
                      ? (previews.find((line) => line.loanId === loan.id)?.overpaid ?? 0)
                      : 0
                  }
                  status={figures.get(loan.id)?.status ?? 'Active'}
                  settledByWaiver={figures.get(loan.id)?.settledByWaiver ?? false}
                  value={allocations[loan.id] ?? ''}
                  onChange={(text) => setAllocation(loan.id, text)}
                  onPayFull={() => payFull(loan)}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </form>
    </Page>
  )
})

/**
 * One loan's allocation box, what is due today (and on a back-dated deposit's date, labelled),
 * and Pay Full, which fills what settles the loan on the deposit's date given every fact.
 */
function AllocationRow({
  loan,
  dueToday,
  dueOnDate,
  settles,
  overpaid,
  status,
  settledByWaiver,
  value,
  onChange,
  onPayFull,
}: {
  loan: Loan
  dueToday: Paise
  dueOnDate: { date: string; paise: Paise } | null
  settles: Paise
  /** Of this allocation, what the lender chose to keep on the loan as overpaid. */
  overpaid: Paise
  status: StatusLabel
  settledByWaiver: boolean
  value: string
  onChange: (text: string) => void
  onPayFull: () => void
}) {
  const { t } = useTranslation('deposit')
  const label = loanLabel(loan.id, t)
  return (
    <Box role="group" aria-label={loanFullName(loan, t)} borderWidth="1px" borderRadius="md" p="3">
      <Box mb="2">
        <LoanTitle loan={loan} />
      </Box>
      <Flex gap="3" align="end" wrap={{ base: 'wrap', md: 'nowrap' }}>
        <Box flex="1 1 16rem">
          <FormField
            label={t('allocationFor', { label })}
            helper={
              <>
                {t('common:money.dueToday')} <Money paise={dueToday} />
                {dueOnDate && (
                  <>
                    {' · '}
                    {t('dueOn', { date: formatDisplayDate(dueOnDate.date) })}{' '}
                    <Money paise={dueOnDate.paise} />
                  </>
                )}
                {' · '}
                {t('loans:labels.dueDate')} <DateText date={loan.dueDate} />
              </>
            }
          >
            <Input
              type="number"
              inputMode="decimal"
              min="0"
              max={overpaid > 0 ? undefined : paiseToRupeeInput(settles)}
              step="0.01"
              value={value}
              onChange={(e) => onChange(e.currentTarget.value)}
            />
          </FormField>
          {overpaid > 0 && (
            <Text mt="1" fontSize="sm" color="orange.fg" fontWeight="medium">
              {t('rest.ofWhichOverpaid', { amount: formatINR(overpaid) })}
            </Text>
          )}
        </Box>
        <Flex gap="2" align="center" pb={{ base: 0, md: 6 }}>
          <StatusBadge status={status} settledByWaiver={settledByWaiver} />
          <Button size="sm" minH="11" variant="outline" disabled={settles <= 0} onClick={onPayFull}>
            {t('payFull')}
          </Button>
        </Flex>
      </Flex>
    </Box>
  )
}

/** Allocated against the deposit, and what is left over (shown, never silently allocated). */
function Totals({ amount, allocated }: { amount: Paise | null; allocated: Paise }) {
  const { t } = useTranslation('deposit')
  return (
    <Flex gap="6" wrap="wrap" aria-live="polite">
      <Text>
        {t('totalAllocated')} <Money paise={allocated} />
        {amount !== null && (
          <>
            {' '}
            {t('of')} <Money paise={amount} />
          </>
        )}
      </Text>
      {amount !== null && (
        <Text color={amount - allocated < 0 ? 'red.600' : undefined}>
          {t('unallocated')} <Money paise={amount - allocated} />
        </Text>
      )}
    </Flex>
  )
}

/**
 * The rest of the cash, said before Record and with the ways out (rule 11: cash is never dropped):
 * put it on one of the person's loans, where it shows as overpaid (money the lender owes back or
 * holds as an advance), or change the amount to what is allocated. An allocation beyond what
 * settles its loan gets the same choice: keep the extra on it as overpaid, or lower it.
 */
function RestChoices({
  gap,
  allocated,
  personName,
  loans,
  onPutRest,
  onKeepOverpaid,
  onAmountToAllocated,
}: {
  gap: DepositGap
  allocated: Paise
  personName: string
  loans: readonly Loan[]
  onPutRest: (loanId: string) => void
  onKeepOverpaid: (loanId: string) => void
  onAmountToAllocated: () => void
}) {
  const { t } = useTranslation('deposit')
  const nameOf = (loanId: string) => {
    const loan = loans.find((l) => l.id === loanId)
    return loan ? loanCallName(loan, t) : loanLabel(loanId, t)
  }
  if (gap.rest <= 0 && gap.overSettling.length === 0) return null
  // Long loan names wrap inside their button on a phone instead of widening the page.
  const wrap = { whiteSpace: 'normal', h: 'auto', minH: '11', py: '2', textAlign: 'start' } as const
  return (
    <Stack gap="3">
      {gap.rest > 0 && (
        <Box
          role="group"
          aria-label={t('rest.label')}
          borderWidth="1px"
          borderColor="orange.muted"
          bg="orange.subtle"
          borderRadius="md"
          p="3"
        >
          <Text fontWeight="semibold">{t('rest.title', { amount: formatINR(gap.rest) })}</Text>
          <Text fontSize="sm" mt="1">
            {t('rest.explain', { name: personName })}
          </Text>
          <Flex gap="2" wrap="wrap" mt="2">
            {loans.map((loan) => (
              <Button
                key={loan.id}
                variant="outline"
                size="sm"
                {...wrap}
                onClick={() => onPutRest(loan.id)}
              >
                {t('rest.putOn', { amount: formatINR(gap.rest), loan: loanCallName(loan, t) })}
              </Button>
            ))}
            {allocated > 0 && (
              <Button variant="outline" size="sm" {...wrap} onClick={onAmountToAllocated}>
                {t('rest.changeAmount', { amount: formatINR(allocated) })}
              </Button>
            )}
          </Flex>
        </Box>
      )}
      {gap.overSettling.map((over) => (
        <Box
          key={over.loanId}
          role="group"
          aria-label={t('rest.overLabel', { loan: nameOf(over.loanId) })}
          borderWidth="1px"
          borderColor="orange.muted"
          bg="orange.subtle"
          borderRadius="md"
          p="3"
        >
          <Text fontSize="sm">
            {t('rest.over', {
              loan: nameOf(over.loanId),
              extra: formatINR(over.extra),
              amount: formatINR(over.settles),
            })}
          </Text>
          <Button
            variant="outline"
            size="sm"
            mt="2"
            {...wrap}
            onClick={() => onKeepOverpaid(over.loanId)}
          >
            {t('rest.keep', { amount: formatINR(over.extra), loan: nameOf(over.loanId) })}
          </Button>
        </Box>
      ))}
    </Stack>
  )
}

/**
 * The live preview: for each allocated loan, how this payment splits into interest and principal
 * and what is due today before and after it, replayed among all of the loan's facts. A table on a
 * wide screen, one block per loan on a phone.
 */
function Preview({
  lines,
  loans,
}: {
  lines: readonly DepositPreviewLine[]
  loans: readonly Loan[]
}) {
  const wide = useWide()
  const { t } = useTranslation('deposit')
  // The split of each payment: interest, then principal, then what goes beyond (rule 6a).
  const anyOverpaid = lines.some((line) => line.ownOverpaid > 0)
  const loanOf = (loanId: string) => {
    const loan = loans.find((l) => l.id === loanId)
    return loan ? <LoanTitle loan={loan} /> : loanLabel(loanId, t)
  }
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {t('preview')}
      </Heading>
      {wide ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={t('preview')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('loan')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('payment')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('interest')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('principal')}</Table.ColumnHeader>
                {anyOverpaid && (
                  <Table.ColumnHeader textAlign="end">
                    {t('common:money.overpaid')}
                  </Table.ColumnHeader>
                )}
                <Table.ColumnHeader textAlign="end">{t('dueTodayBefore')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('dueTodayAfter')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {lines.map((line) => (
                <Table.Row key={line.loanId}>
                  <Table.Cell>{loanOf(line.loanId)}</Table.Cell>
                  <MoneyCell paise={line.amount} />
                  <MoneyCell paise={line.interestPaid} />
                  <MoneyCell paise={line.principalPaid} />
                  {anyOverpaid && <MoneyCell paise={line.ownOverpaid} />}
                  <MoneyCell paise={line.dueTodayBefore} />
                  <Table.Cell textAlign="end">
                    <Money paise={line.dueTodayAfter} /> <Overpaid paise={line.overpaid} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Stack as="ul" aria-label={t('preview')} gap="2" listStyleType="none">
          {lines.map((line) => (
            <Box as="li" key={line.loanId} borderWidth="1px" borderRadius="md" p="2" fontSize="sm">
              <Flex justify="space-between" gap="2" align="start">
                {loanOf(line.loanId)}
                <Text fontWeight="medium" flexShrink={0}>
                  <Money paise={line.amount} />
                </Text>
              </Flex>
              <Text>
                {t('interest')} <Money paise={line.interestPaid} /> · {t('principal')}{' '}
                <Money paise={line.principalPaid} />
                {line.ownOverpaid > 0 && (
                  <>
                    {' · '}
                    {t('common:money.overpaid')} <Money paise={line.ownOverpaid} />
                  </>
                )}
              </Text>
              <Text>
                {t('dueTodayBefore')} <Money paise={line.dueTodayBefore} /> → {t('dueTodayAfter')}{' '}
                <Money paise={line.dueTodayAfter} /> <Overpaid paise={line.overpaid} />
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
