import { Button, Flex, Link as ChakraLink, Menu, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sendLinks } from '../../../shared/book/reminder.ts'
import { parseUpiId } from '../../../shared/book/upi.ts'
import type { AskKind } from '../../../shared/ledger/engine.ts'
import { formatINR, parseRupees } from '../../../shared/money.ts'
import { useProfile } from '../../data/book/hooks.ts'
import { AmountField } from '../../ui/AmountField.tsx'
import { SelectField } from '../../ui/form.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { UpiQr } from '../../ui/UpiQr.tsx'
import { noLinkMessage } from './messages.ts'
import { useReceiptText, useReminder, useReminderText, type AskChoice } from './useMessages.ts'

/** Who a message goes to. */
export interface Recipient {
  personId: string
  name: string
  phone?: string | undefined
}

// The links' words per kind of message (keys of the `reminders` catalogue).
const labels = {
  reminder: { whatsApp: 'remindWhatsApp', sms: 'remindSms', smsLabel: 'remindSmsLabel' },
  receipt: { whatsApp: 'receiptWhatsApp', sms: 'receiptSms', smsLabel: 'receiptSmsLabel' },
  passbook: { whatsApp: 'passbookWhatsApp', sms: 'passbookSms', smsLabel: 'passbookSmsLabel' },
} as const

/** What a message is: each kind has its links' words. */
export type MessageKind = keyof typeof labels

/**
 * WhatsApp and SMS as plain links (they work offline up to the moment the phone sends), or, for
 * a person without a valid mobile number, why not and a link to add one: never a broken link.
 */
export function SendLinks({
  to,
  text,
  kind,
  canEdit = true,
}: {
  to: Recipient
  text: string
  kind: MessageKind
  /** Whether to offer the person's form (a collector cannot change a person). */
  canEdit?: boolean
}) {
  const { t } = useTranslation('reminders')
  const links = sendLinks(to.phone, text)
  if (!links.ok) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {noLinkMessage(links.reason, to.name, kind, t)}
        {canEdit && (
          <>
            {' '}
            <ChakraLink asChild color="teal.700" textDecoration="underline">
              <Link to="/people/edit/$id" params={{ id: to.personId }}>
                {t('editPerson', { name: to.name })}
              </Link>
            </ChakraLink>
          </>
        )}
      </Text>
    )
  }
  const words = labels[kind]
  return (
    <Flex gap="2" wrap="wrap">
      <Button asChild size="sm" minH="11" variant="outline">
        <a href={links.whatsApp} target="_blank" rel="noopener noreferrer">
          {t(words.whatsApp)}
        </a>
      </Button>
      <Button asChild size="sm" minH="11" variant="outline">
        <a href={links.sms} aria-label={t(words.smsLabel)}>
          {t(words.sms)}
        </a>
      </Button>
    </Flex>
  )
}

/**
 * A message as it will be sent (the reader checks the figures before it goes) and the links that
 * send it: a collector's receipts and reminders, from his sheet.
 */
export function MessageWithLinks({
  to,
  text,
  kind,
  canEdit,
}: {
  to: Recipient
  text: string
  kind: MessageKind
  canEdit?: boolean
}) {
  return (
    <Stack gap="2">
      <MessageText text={text} />
      <SendLinks to={to} text={text} kind={kind} {...(canEdit !== undefined && { canEdit })} />
    </Stack>
  )
}

/** A message's text on screen, as the phone will send it. */
function MessageText({ text }: { text: string }) {
  return (
    <Text whiteSpace="pre-wrap" fontSize="sm" bg="bg.muted" borderRadius="md" p="2">
      {text}
    </Text>
  )
}

/**
 * The same reminder as menu items (a dashboard row's More menu): "Remind on WhatsApp" and
 * "Remind by SMS", or, without a valid mobile number, a link to add one that says why.
 */
export function RemindMenuItems({ to }: { to: Recipient }) {
  const { t } = useTranslation('reminders')
  const text = useReminderText(to.personId, to.name)
  const links = sendLinks(to.phone, text)
  if (!links.ok) {
    return (
      <Menu.Item value="addMobile" asChild>
        <Link
          to="/people/edit/$id"
          params={{ id: to.personId }}
          aria-label={`${noLinkMessage(links.reason, to.name, 'reminder', t)} ${t('editPerson', { name: to.name })}`}
        >
          {t('addMobile')}
        </Link>
      </Menu.Item>
    )
  }
  return (
    <>
      <Menu.Item value="whatsApp" asChild>
        <a href={links.whatsApp} target="_blank" rel="noopener noreferrer">
          {t('remindWhatsApp')}
        </a>
      </Menu.Item>
      <Menu.Item value="sms" asChild>
        <a href={links.sms}>{t('remindSmsLabel')}</a>
      </Menu.Item>
    </>
  )
}

/**
 * The reminder on a person's page: what to ask for (what is overdue, the interest due, all due
 * today, or an amount the lender types; by default what is overdue, else the interest due), then
 * the WhatsApp and SMS links whose message and UPI link carry that amount, and the UPI QR code
 * for it when the lender has a UPI ID. A typed amount that is not a sum of money above ₹0 is
 * refused beside its field, and no link is offered until it is one.
 */
export function ReminderPanel({ to }: { to: Recipient }) {
  const { t } = useTranslation('reminders')
  const [picked, setPicked] = useState<AskKind | null>(null)
  const [typed, setTyped] = useState('')
  const [showQr, setShowQr] = useState(false)
  const profile = useProfile()
  const parsed = parseRupees(typed)
  const typedPaise = parsed.ok ? parsed.paise : 0
  const choice: AskChoice | undefined =
    picked === null
      ? undefined
      : picked === 'amount'
        ? { kind: picked, amountPaise: typedPaise }
        : { kind: picked }
  const reminder = useReminder(to.personId, to.name, choice)
  const { amounts, ask } = reminder
  const options: { value: AskKind; label: string }[] = [
    ...(amounts.overdue > 0
      ? [
          {
            value: 'overdue' as const,
            label: t('ask.overdue', { amount: formatINR(amounts.overdue) }),
          },
        ]
      : []),
    ...(amounts.interest > 0
      ? [
          {
            value: 'interest' as const,
            label: t('ask.interest', { amount: formatINR(amounts.interest) }),
          },
        ]
      : []),
    { value: 'all', label: t('ask.all', { amount: formatINR(amounts.all) }) },
    { value: 'amount', label: t('ask.amount') },
  ]
  const typing = ask.kind === 'amount'
  const typedError = !typing
    ? null
    : !parsed.ok
      ? parsed.reason === 'empty'
        ? t('ask.zero')
        : t(`loans:money.${parsed.reason}`)
      : parsed.paise <= 0
        ? t('ask.zero')
        : null
  const upiId = parseUpiId(profile.upiId)
  const lender = profile.displayName || (upiId ?? '')
  const caption = t('statement:qrCaptionAmount', {
    amount: formatINR(ask.amountPaise),
    lender,
    upiId,
  })
  return (
    <Stack
      as="section"
      aria-label={t('remindOf', { name: to.name })}
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="3"
    >
      <Text fontWeight="semibold">{t('remindOf', { name: to.name })}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
        <SelectField
          label={t('ask.label')}
          value={ask.kind}
          onChange={(value) => setPicked(value as AskKind)}
          choices={options}
        />
        {typing && (
          <AmountField
            label={t('ask.typed')}
            value={typed}
            onChange={setTyped}
            min="0.01"
            error={typed === '' ? null : typedError}
          />
        )}
      </SimpleGrid>
      {amounts.overdue > 0 && (
        <Text color="fg.muted" fontSize="sm">
          {t('ask.overdueMeans')}
        </Text>
      )}
      {typedError === null && (
        <Flex gap="2" wrap="wrap" align="center">
          <SendLinks to={to} text={reminder.text} kind="reminder" />
          {reminder.upiLink !== undefined && (
            <Button size="sm" minH="11" variant="ghost" onClick={() => setShowQr(!showQr)}>
              {showQr ? t('ask.hideQr') : t('ask.showQr')}
            </Button>
          )}
        </Flex>
      )}
      {typedError === null && showQr && reminder.upiLink !== undefined && (
        <UpiQr link={reminder.upiLink} caption={caption} alt={t('statement:qrAlt', { caption })} />
      )}
    </Stack>
  )
}

/**
 * "Send receipt" for the deposit just recorded, until the lender is done with it: the receipt's
 * text on screen, and the links that send it.
 */
export function ReceiptLinks({
  to,
  depositId,
  onDone,
}: {
  to: Recipient
  depositId: string | null
  onDone: () => void
}) {
  const text = useReceiptText(to.personId, to.name, depositId)
  const { t } = useTranslation('reminders')
  if (text === null) return null
  return (
    <Panel as="section" label={t('receiptTitle')} flow="column" gap="2" p="3">
      <Text fontWeight="semibold">{t('receiptTitle')}</Text>
      {/* The receipt as it will be sent: the lender reads the cash received and its split. */}
      <MessageText text={text} />
      <Flex gap="2" wrap="wrap" align="center">
        <SendLinks to={to} text={text} kind="receipt" />
        <Button size="sm" minH="11" variant="ghost" onClick={onDone}>
          {t('receiptDone')}
        </Button>
      </Flex>
    </Panel>
  )
}
