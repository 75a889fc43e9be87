import { Box, Button, Flex, Heading, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useMemo, useState, type FormEvent } from 'react'
import {
  autoAllocate,
  balanceDue,
  depositMessages,
  loanFigures,
  previewDeposit,
  settlingAmount,
  validateDeposit,
  type Allocation,
  type DepositPreviewLine,
  type StatusLabel,
} from '../../../shared/ledger/engine.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
import { formatDisplayDate, isIsoDate } from '../../../shared/dates.ts'
import { formatINR, moneyMessages, paiseToRupeeInput, parseRupees } from '../../../shared/money.ts'
import type { Loan } from '../../../shared/schema/types.ts'
import {
  useActiveLoans,
  useActivePeople,
  useLoaded,
  useMutations,
  useToday,
} from '../../data/hooks.ts'
import { DateText } from '../../ui/DateText.tsx'
import { FormAlert, FormField } from '../../ui/form.tsx'
import { Money, MoneyCell, Overpaid } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { useWide } from '../../ui/useWide.ts'
import { depositWords, labels, money } from '../../ui/words.ts'
import { loanLabel } from '../loans/loanText.ts'

/** `/users/{personId}/deposit`: one deposit, split across the person's loans. */
export function DepositScreen({ personId }: { personId: string }) {
  const people = useActivePeople()
  const loaded = useLoaded()
  const person = people.find((p) => p.id === personId)
  if (!person) {
    return (
      <Page title="Deposit">
        <Notice>{loaded ? 'Person not found' : 'Loading…'}</Notice>
      </Page>
    )
  }
  return <DepositForm personId={personId} personName={person.name} />
}

/** Paise typed into an allocation box: empty is 0; null when the text is not an amount. */
function allocationPaise(text: string | undefined): Paise | null {
  if (text === undefined || text.trim() === '') return 0
  const parsed = parseRupees(text)
  return parsed.ok ? parsed.paise : null
}

function DepositForm({ personId, personName }: { personId: string; personName: string }) {
  const allLoans = useActiveLoans()
  const today = useToday()
  const { recordDeposit } = useMutations()
  const navigate = useNavigate()
  const [amountText, setAmountText] = useState('')
  const [date, setDate] = useState(today)
  const [description, setDescription] = useState('')
  const [allocations, setAllocations] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)

  // Every loan of the person is listed (spec §4), in creation order: auto-allocate breaks
  // due-date ties by it.
  const loans = useMemo(
    () =>
      allLoans
        .filter((loan) => loan.personId === personId)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : 1)),
    [allLoans, personId],
  )
  // "Due today" is today's figure from every fact (engine notes, rule 10). A back-dated deposit
  // also shows what was due on its date, labelled; and what settles a loan is the engine's
  // settling amount for that date, which sees the payments recorded after it.
  const dated = isIsoDate(date) && date <= today ? date : null
  const figures = useMemo(
    () => new Map(loans.map((l) => [l.id, loanFigures(l, today)])),
    [loans, today],
  )
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
  const dueToday = (loan: Loan): Paise => figures.get(loan.id)?.totalDue ?? 0
  const settles = (loan: Loan): Paise => settling.get(loan.id) ?? 0
  const outstandingLoans = loans.filter((loan) => figures.get(loan.id)?.outstanding)
  const outstandingToday = outstandingLoans.reduce((sum, loan) => sum + dueToday(loan), 0)
  const outstandingOnDate =
    dueOnDate && outstandingLoans.reduce((sum, loan) => sum + (dueOnDate.get(loan.id) ?? 0), 0)

  const amount = parseRupees(amountText)
  const typed = loans.map((loan) => ({ loan, paise: allocationPaise(allocations[loan.id]) }))
  const allocated = typed.reduce((sum, t) => sum + (t.paise ?? 0), 0)

  const setAllocation = (loanId: string, text: string) =>
    setAllocations((all) => ({ ...all, [loanId]: text }))

  function autoFill() {
    if (!amount.ok || amount.paise <= 0) {
      setError(depositMessages.invalidAmount)
      return
    }
    setError(null)
    const shares = autoAllocate(
      amount.paise,
      loans.map((loan) => ({ id: loan.id, dueDate: loan.dueDate, balanceDue: settles(loan) })),
    )
    setAllocations(Object.fromEntries(shares.map((s) => [s.id, paiseToRupeeInput(s.amount)])))
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
      setError(depositMessages[checked.reason])
      return
    }
    const malformed = typed.find((t) => t.paise === null)
    if (malformed) {
      const parsed = parseRupees(allocations[malformed.loan.id] ?? '')
      const reason = parsed.ok ? 'notANumber' : parsed.reason
      setError(`${loanLabel(malformed.loan.id)}: ${moneyMessages[reason]}`)
      return
    }
    if (!checked.ok) {
      setError(depositMessages[checked.reason])
      return
    }
    const over = checked.allocations.find((a) => a.amount > (settling.get(a.loanId) ?? 0))
    if (over) {
      setError(
        depositWords.overSettling(
          loanLabel(over.loanId),
          formatINR(settling.get(over.loanId) ?? 0),
        ),
      )
      return
    }
    save(checked.allocations)
  }

  function save(checkedAllocations: Allocation[]) {
    try {
      const result = recordDeposit({
        date,
        ...(description.trim() !== '' && { description: description.trim() }),
        allocations: checkedAllocations,
      })
      if (!result.ok) {
        setError(
          result.reason === 'loanNotFound'
            ? depositMessages.loanNotFound
            : depositMessages.noAllocation,
        )
        return
      }
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause))
      return
    }
    void navigate({ to: '/users/$personId/loans', params: { personId } })
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

  return (
    <Page title={`Deposit for ${personName}`}>
      <Text role="group" color="fg.muted" aria-label={depositWords.totalLabel}>
        {money.dueToday}: <Money paise={outstandingToday} />
        {dated !== null && outstandingOnDate !== null && (
          <>
            {' · '}
            {depositWords.dueOn(formatDisplayDate(dated))}: <Money paise={outstandingOnDate} />
          </>
        )}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="5" maxW="4xl">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField label="Deposit Amount">
              <Input
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                value={amountText}
                onChange={(e) => setAmountText(e.currentTarget.value)}
              />
            </FormField>
            <FormField label="Deposit Date">
              <Input
                type="date"
                max={today}
                value={date}
                onChange={(e) => setDate(e.currentTarget.value)}
              />
            </FormField>
            <FormField label="Description">
              <Input
                placeholder="Deposit payment"
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
              />
            </FormField>
          </SimpleGrid>

          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md">
              Allocate to loans
            </Heading>
            <Button variant="outline" onClick={autoFill}>
              Auto-allocate
            </Button>
          </Flex>
          {loans.length === 0 ? (
            <Notice>No loans yet.</Notice>
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
                  status={figures.get(loan.id)?.status ?? 'Active'}
                  settledByWaiver={figures.get(loan.id)?.settledByWaiver ?? false}
                  value={allocations[loan.id] ?? ''}
                  onChange={(text) => setAllocation(loan.id, text)}
                />
              ))}
            </Stack>
          )}
          <Totals amount={amount.ok ? amount.paise : null} allocated={allocated} />
          {previews.length > 0 && <Preview lines={previews} />}
          <FormAlert message={error} />
          <Flex gap="2">
            <Button type="submit" colorPalette="green">
              Record Deposit
            </Button>
            <Button asChild variant="outline">
              <Link to="/users/$personId/loans" params={{ personId }}>
                Cancel
              </Link>
            </Button>
          </Flex>
        </Stack>
      </form>
    </Page>
  )
}

/**
 * One loan's allocation box, what is due today (and on a back-dated deposit's date, labelled),
 * and Pay Full, which fills what settles the loan on the deposit's date given every fact.
 */
function AllocationRow({
  loan,
  dueToday,
  dueOnDate,
  settles,
  status,
  settledByWaiver,
  value,
  onChange,
}: {
  loan: Loan
  dueToday: Paise
  dueOnDate: { date: string; paise: Paise } | null
  settles: Paise
  status: StatusLabel
  settledByWaiver: boolean
  value: string
  onChange: (text: string) => void
}) {
  const label = loanLabel(loan.id)
  return (
    <Box role="group" aria-label={label} borderWidth="1px" borderRadius="md" p="3">
      <Flex gap="3" align="end" wrap={{ base: 'wrap', md: 'nowrap' }}>
        <Box flex="1 1 16rem">
          <FormField
            label={`Allocation for ${label}`}
            helper={
              <>
                {money.dueToday} <Money paise={dueToday} />
                {dueOnDate && (
                  <>
                    {' · '}
                    {depositWords.dueOn(formatDisplayDate(dueOnDate.date))}{' '}
                    <Money paise={dueOnDate.paise} />
                  </>
                )}
                {' · '}
                {labels.dueDate} <DateText date={loan.dueDate} />
                {loan.description ? ` · ${loan.description}` : ''}
              </>
            }
          >
            <Input
              type="number"
              inputMode="decimal"
              min="0"
              max={paiseToRupeeInput(settles)}
              step="0.01"
              value={value}
              onChange={(e) => onChange(e.currentTarget.value)}
            />
          </FormField>
        </Box>
        <Flex gap="2" align="center" pb={{ base: 0, md: 6 }}>
          <StatusBadge status={status} settledByWaiver={settledByWaiver} />
          <Button
            size="sm"
            minH="11"
            variant="outline"
            disabled={settles <= 0}
            onClick={() => onChange(paiseToRupeeInput(settles))}
          >
            Pay Full
          </Button>
        </Flex>
      </Flex>
    </Box>
  )
}

/** Allocated against the deposit, and what is left over (shown, never silently allocated). */
function Totals({ amount, allocated }: { amount: Paise | null; allocated: Paise }) {
  return (
    <Flex gap="6" wrap="wrap" aria-live="polite">
      <Text>
        Total allocated: <Money paise={allocated} />
        {amount !== null && (
          <>
            {' '}
            of <Money paise={amount} />
          </>
        )}
      </Text>
      {amount !== null && (
        <Text color={amount - allocated < 0 ? 'red.600' : undefined}>
          Unallocated: <Money paise={amount - allocated} />
        </Text>
      )}
    </Flex>
  )
}

/**
 * The live preview: for each allocated loan, how this payment splits into interest and principal
 * and what is due today before and after it, replayed among all of the loan's facts. A table on a
 * wide screen, one block per loan on a phone.
 */
function Preview({ lines }: { lines: readonly DepositPreviewLine[] }) {
  const wide = useWide()
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {depositWords.preview}
      </Heading>
      {wide ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={depositWords.preview}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Loan</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{depositWords.payment}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Interest</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Principal</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {depositWords.dueTodayBefore}
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {depositWords.dueTodayAfter}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {lines.map((line) => (
                <Table.Row key={line.loanId}>
                  <Table.Cell>{loanLabel(line.loanId)}</Table.Cell>
                  <MoneyCell paise={line.amount} />
                  <MoneyCell paise={line.interestPaid} />
                  <MoneyCell paise={line.principalPaid} />
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
        <Stack as="ul" aria-label={depositWords.preview} gap="2" listStyleType="none">
          {lines.map((line) => (
            <Box as="li" key={line.loanId} borderWidth="1px" borderRadius="md" p="2" fontSize="sm">
              <Text fontWeight="medium">
                {loanLabel(line.loanId)}: <Money paise={line.amount} />
              </Text>
              <Text>
                Interest <Money paise={line.interestPaid} /> · Principal{' '}
                <Money paise={line.principalPaid} />
              </Text>
              <Text>
                {depositWords.dueTodayBefore} <Money paise={line.dueTodayBefore} /> →{' '}
                {depositWords.dueTodayAfter} <Money paise={line.dueTodayAfter} />{' '}
                <Overpaid paise={line.overpaid} />
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
