import { Button, Flex, Link as ChakraLink, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { sendLinks } from '../../../shared/book/reminder.ts'
import { noLinkMessage } from './messages.ts'
import { useReceiptText, useReminderText } from './useMessages.ts'

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
} as const

/**
 * WhatsApp and SMS as plain links (they work offline up to the moment the phone sends), or, for
 * a person without a valid mobile number, why not and a link to add one: never a broken link.
 */
export function SendLinks({
  to,
  text,
  kind,
  compact = false,
}: {
  to: Recipient
  text: string
  kind: 'reminder' | 'receipt'
  /** In a dashboard row: a short link instead of the sentence when there is no mobile number. */
  compact?: boolean
}) {
  const { t } = useTranslation('reminders')
  const links = sendLinks(to.phone, text)
  if (!links.ok && compact) {
    // A dashboard row has no room for the sentence: the link says it to a screen reader.
    return (
      <ChakraLink asChild fontSize="sm" color="teal.700" textDecoration="underline">
        <Link
          to="/people/edit/$id"
          params={{ id: to.personId }}
          aria-label={`${noLinkMessage(links.reason, to.name, kind, t)} ${t('editPerson', { name: to.name })}`}
        >
          {t('addMobile')}
        </Link>
      </ChakraLink>
    )
  }
  if (!links.ok) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {noLinkMessage(links.reason, to.name, kind, t)}{' '}
        <ChakraLink asChild color="teal.700" textDecoration="underline">
          <Link to="/people/edit/$id" params={{ id: to.personId }}>
            {t('editPerson', { name: to.name })}
          </Link>
        </ChakraLink>
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

/** "Remind on WhatsApp" and "SMS" for one person, with today's reminder. */
export function RemindLinks({ to, compact }: { to: Recipient; compact?: boolean }) {
  const text = useReminderText(to.personId, to.name)
  return <SendLinks to={to} text={text} kind="reminder" {...(compact && { compact })} />
}

/** "Send receipt" for the deposit just recorded, until the lender is done with it. */
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
    <Flex
      as="section"
      aria-label={t('receiptTitle')}
      direction="column"
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="3"
    >
      <Text fontWeight="semibold">{t('receiptTitle')}</Text>
      <Flex gap="2" wrap="wrap" align="center">
        <SendLinks to={to} text={text} kind="receipt" />
        <Button size="sm" minH="11" variant="ghost" onClick={onDone}>
          {t('receiptDone')}
        </Button>
      </Flex>
    </Flex>
  )
}
