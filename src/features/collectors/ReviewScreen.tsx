import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { readCollectedDeposit, type VoidRequestInfo } from '../../../shared/collect.ts'
import { formatDisplayDate } from '../../../shared/dates.ts'
import { formatINR } from '../../../shared/money.ts'
import { useLender } from '../../data/book/hooks.ts'
import {
  decideHeld,
  decideVoidRequest,
  listReview,
  type HeldBatch,
} from '../../data/members/review.ts'
import { QuestionDialog } from '../../ui/ConfirmDialog.tsx'
import { FormAlert } from '../../ui/form.tsx'
import { Money } from '../../ui/Money.tsx'
import { Notice, Page } from '../../ui/Page.tsx'
import { Panel } from '../../ui/Panel.tsx'

/** A decision the owner is asked to confirm, in words, before anything changes. */
type Question =
  | { kind: 'held'; batch: HeldBatch; accept: boolean; amount: number; count: number }
  | { kind: 'void'; request: VoidRequestInfo; accept: boolean; amount: number; person: string }

/**
 * `/review`: what waits for the owner (issue 31). Deposits a collector recorded after he was
 * removed count nowhere until the owner accepts them into the book (named with the collector) or
 * dismisses them; a collector's request to void one of his deposits is accepted (the deposit is
 * voided, named with the owner; Undo in the loan's history brings it back) or refused.
 */
export function ReviewScreen() {
  const { t } = useTranslation('collectors')
  const [review, setReview] = useState<{ held: HeldBatch[]; voidRequests: VoidRequestInfo[] }>()
  const [failed, setFailed] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<string | null>(null)
  const [question, setQuestion] = useState<Question | null>(null)
  const { people, loans, payments } = useLender()
  const names = useMemo(() => {
    const personOf = new Map(people.map((p) => [p.id, p.name]))
    return new Map(loans.map((loan) => [loan.id, personOf.get(loan.personId) ?? '']))
  }, [people, loans])
  // Asked again after each decision: the server's list is the truth of what still waits.
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    let current = true
    void listReview().then((listed) => {
      if (!current) return
      if (listed.ok) {
        setReview({ held: listed.held, voidRequests: listed.voidRequests })
        setFailed(null)
      } else setFailed(listed.message)
    })
    return () => {
      current = false
    }
  }, [asked])
  const reload = () => setAsked((n) => n + 1)

  async function decide(asked: Question) {
    setQuestion(null)
    if (asked.kind === 'held') {
      const result = await decideHeld(asked.batch.id, asked.accept)
      if (!result.ok) setFailed(result.message)
      else if (!asked.accept) setOutcome(t('decidedRefuse'))
      else {
        const recorded = result.outcomes.filter((o) => o.outcome !== 'refused').length
        const refused = result.outcomes.length - recorded
        setOutcome(t('heldAccepted', { count: recorded, refused }))
      }
    } else {
      const result = await decideVoidRequest(asked.request.id, asked.accept)
      if (!result.ok) setFailed(result.message)
      else setOutcome(t(asked.accept ? 'decidedAccept' : 'decidedRefuse'))
    }
    reload()
  }

  const voidFacts = (request: VoidRequestInfo) => {
    const paid = payments.filter((p) => p.depositId === request.depositId)
    return {
      amount: paid.reduce((sum, p) => sum + p.amount, 0),
      date: paid[0]?.date,
      person: names.get(paid[0]?.loanId ?? '') ?? '',
    }
  }

  return (
    <Page title={t('review')}>
      <FormAlert message={failed} />
      {outcome && (
        <Text role="status" color="green.700">
          {outcome}
        </Text>
      )}
      {!review ? (
        !failed && <Notice>{t('loading')}</Notice>
      ) : review.held.length === 0 && review.voidRequests.length === 0 ? (
        <Notice>{t('nothingToReview')}</Notice>
      ) : null}
      {review && review.voidRequests.length > 0 && (
        <Stack as="section" gap="2" aria-label={t('voidRequests')}>
          <Heading as="h2" size="md">
            {t('voidRequests')}
          </Heading>
          {review.voidRequests.map((request) => {
            const facts = voidFacts(request)
            return (
              <Panel key={request.id} label={request.name} p="3">
                <Text fontWeight="medium">
                  {t('voidAsk', {
                    name: request.name || request.email,
                    amount: formatINR(facts.amount),
                    person: facts.person,
                    date: facts.date ? formatDisplayDate(facts.date) : '',
                  })}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('because', { reason: request.reason })}
                </Text>
                <Flex gap="2" mt="2" wrap="wrap">
                  <Button
                    size="sm"
                    minH="11"
                    colorPalette="red"
                    onClick={() => setQuestion({ kind: 'void', request, accept: true, ...facts })}
                  >
                    {t('voidAccept')}
                  </Button>
                  <Button
                    size="sm"
                    minH="11"
                    variant="outline"
                    onClick={() => setQuestion({ kind: 'void', request, accept: false, ...facts })}
                  >
                    {t('refuse')}
                  </Button>
                </Flex>
              </Panel>
            )
          })}
        </Stack>
      )}
      {review && review.held.length > 0 && (
        <Stack as="section" gap="2" aria-label={t('held')}>
          <Heading as="h2" size="md">
            {t('held')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('heldNote')}
          </Text>
          {review.held.map((batch) => {
            const deposits = batch.deposits.map(readCollectedDeposit)
            const amount = deposits.reduce(
              (sum, d) => sum + (d?.allocations.reduce((s, a) => s + a.amount, 0) ?? 0),
              0,
            )
            return (
              <Panel key={batch.id} label={batch.email} p="3">
                <Text fontWeight="medium">
                  {t('heldFrom', { email: batch.email, count: deposits.length })}
                </Text>
                <Stack as="ul" gap="0" listStyleType="none" fontSize="sm" my="2">
                  {deposits.map((deposit, index) => (
                    <Text as="li" key={deposit?.depositId ?? index}>
                      {deposit ? (
                        <>
                          {formatDisplayDate(deposit.date)} ·{' '}
                          {names.get(deposit.allocations[0]?.loanId ?? '') || t('unknownLoan')} ·{' '}
                          <Money paise={deposit.allocations.reduce((s, a) => s + a.amount, 0)} />
                        </>
                      ) : (
                        t('unreadable')
                      )}
                    </Text>
                  ))}
                </Stack>
                <Flex gap="2" wrap="wrap">
                  <Button
                    size="sm"
                    minH="11"
                    colorPalette="teal"
                    onClick={() =>
                      setQuestion({
                        kind: 'held',
                        batch,
                        accept: true,
                        amount,
                        count: deposits.length,
                      })
                    }
                  >
                    {t('heldAccept')}
                  </Button>
                  <Button
                    size="sm"
                    minH="11"
                    variant="outline"
                    onClick={() =>
                      setQuestion({
                        kind: 'held',
                        batch,
                        accept: false,
                        amount,
                        count: deposits.length,
                      })
                    }
                  >
                    {t('heldDismiss')}
                  </Button>
                </Flex>
              </Panel>
            )
          })}
        </Stack>
      )}
      <QuestionDialog
        open={question !== null}
        title={t('reviewQuestionTitle')}
        cancelLabel={t('common:cancel')}
        confirmLabel={question?.accept ? t('confirmAccept') : t('confirmRefuse')}
        confirmPalette={question?.accept ? 'red' : 'blue'}
        onCancel={() => setQuestion(null)}
        onConfirm={() => question && void decide(question)}
      >
        <Text>{question && questionText(question, t)}</Text>
      </QuestionDialog>
    </Page>
  )
}

/** What a decision will do to whom, in words. */
function questionText(question: Question, t: ReturnType<typeof useTranslation>['t']): string {
  if (question.kind === 'held') {
    const values = {
      count: question.count,
      amount: formatINR(question.amount),
      email: question.batch.email,
    }
    return t(question.accept ? 'heldAcceptQuestion' : 'heldDismissQuestion', values)
  }
  const values = {
    amount: formatINR(question.amount),
    person: question.person,
    name: question.request.name || question.request.email,
  }
  return t(question.accept ? 'voidAcceptQuestion' : 'voidRefuseQuestion', values)
}
