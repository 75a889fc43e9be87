import { Box, Button, Flex, Heading, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useMemo, useState, type FormEvent } from 'react'
import { isIsoDate } from '../../../shared/dates.ts'
import {
  autoAllocate,
  balanceDue,
  depositMessages,
  displayStatus,
  isOutstanding,
  replayLoan,
  validateDeposit,
  type Allocation,
} from '../../../shared/ledger/engine.ts'
import type { Paise } from '../../../shared/ledger/types.ts'
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
import { loanLabel } from '../loans/loanText.ts'
import { previewAllocation } from './depositPreview.ts'

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
  // When the preview's payment counts as recorded: it only orders it after same-day payments.
  const [now] = useState(() => new Date().toISOString())

  // Every loan of the person is listed (spec §4), in creation order: auto-allocate breaks
  // due-date ties by it.
  const loans = useMemo(
    () =>
      allLoans
        .filter((loan) => loan.personId === personId)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : 1)),
    [allLoans, personId],
  )
  // Balances are as of the chosen deposit date; until a date is chosen, as of today.
  const asOf = isIsoDate(date) ? date : today
  const dues = useMemo(() => new Map(loans.map((l) => [l.id, balanceDue(l, asOf)])), [loans, asOf])
  const due = (loan: Loan): Paise => dues.get(loan.id) ?? 0
  const outstanding = loans
    .filter((loan) => isOutstanding(loan.status, replayLoan(loan, loan.payments).settled))
    .reduce((sum, loan) => sum + due(loan), 0)

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
      loans.map((loan) => ({ id: loan.id, dueDate: loan.dueDate, balanceDue: due(loan) })),
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
    const over = checked.allocations.find((a) => a.amount > (dues.get(a.loanId) ?? 0))
    if (over) {
      setError(
        `Allocation to ${loanLabel(over.loanId)} cannot exceed its balance due of ${formatINR(dues.get(over.loanId) ?? 0)}`,
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

  const previews = typed.flatMap((t) =>
    t.paise !== null && t.paise > 0 && isIsoDate(date)
      ? [{ loan: t.loan, paise: t.paise, preview: previewAllocation(t.loan, date, t.paise, now) }]
      : [],
  )

  return (
    <Page title={`Deposit for ${personName}`}>
      <Text color="fg.muted">
        Total outstanding on <DateText date={asOf} />: <Money paise={outstanding} />
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
                  due={due(loan)}
                  status={displayStatus(
                    loan.status,
                    replayLoan(loan, loan.payments).settled,
                    loan.dueDate,
                    today,
                  )}
                  value={allocations[loan.id] ?? ''}
                  onChange={(text) => setAllocation(loan.id, text)}
                />
              ))}
            </Stack>
          )}
          <Totals amount={amount.ok ? amount.paise : null} allocated={allocated} />
          {previews.length > 0 && <Preview rows={previews} />}
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

/** One loan's allocation box, its balance due on the date, and Pay Full. */
function AllocationRow({
  loan,
  due,
  status,
  value,
  onChange,
}: {
  loan: Loan
  due: Paise
  status: ReturnType<typeof displayStatus>
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
                Balance due <Money paise={due} /> · due <DateText date={loan.dueDate} />
                {loan.description ? ` · ${loan.description}` : ''}
              </>
            }
          >
            <Input
              type="number"
              inputMode="decimal"
              min="0"
              max={paiseToRupeeInput(due)}
              step="0.01"
              value={value}
              onChange={(e) => onChange(e.currentTarget.value)}
            />
          </FormField>
        </Box>
        <Flex gap="2" align="center" pb={{ base: 0, md: 6 }}>
          <StatusBadge status={status} />
          <Button
            size="sm"
            variant="outline"
            disabled={due <= 0}
            onClick={() => onChange(paiseToRupeeInput(due))}
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

/** The live preview: each allocated loan's balance before → after, and the split of the payment. */
function Preview({
  rows,
}: {
  rows: { loan: Loan; paise: Paise; preview: ReturnType<typeof previewAllocation> }[]
}) {
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        Preview
      </Heading>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label="Preview">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Loan</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Balance Due</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Payment</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Interest</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Principal</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Balance After</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map(({ loan, paise, preview }) => (
              <Table.Row key={loan.id}>
                <Table.Cell>{loanLabel(loan.id)}</Table.Cell>
                <MoneyCell paise={preview.balanceBefore} />
                <MoneyCell paise={paise} />
                <MoneyCell paise={preview.interestPaid} />
                <MoneyCell paise={preview.principalPaid} />
                <Table.Cell textAlign="end">
                  <Money paise={preview.balanceAfter} /> <Overpaid paise={preview.overpaid} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  )
}
