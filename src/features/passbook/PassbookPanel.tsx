import { Button, Flex, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addDays, formatDisplayDate, localToday } from '../../../shared/dates.ts'
import type { PassbookLinkCreated, PassbookLinkInfo } from '../../../shared/passbook.ts'
import { useProfile, useToday } from '../../data/book/hooks.ts'
import { useSignedIn } from '../../data/book/WorkspaceContext.tsx'
import { listPassbookLinks, makePassbookLink, revokePassbookLink } from '../../data/passbook.ts'
import { SelectField } from '../../ui/form.tsx'
import { useOnline } from '../../ui/useOnline.ts'
import { Outcome, type OutcomeMessage } from '../settings/Outcome.tsx'
import { MessageWithLinks, type Recipient } from '../reminders/SendLinks.tsx'
import { useMessageT } from '../reminders/useMessages.ts'

const LASTS = ['30', '90', '365', 'ever'] as const

/** The day a link was made, on this device's calendar, as dates are shown. */
function madeOn(link: PassbookLinkInfo): string {
  return formatDisplayDate(localToday(new Date(link.createdAt)))
}
type Lasts = (typeof LASTS)[number]

/**
 * On a person's page, for the owner and partners: the borrower's passbook link (issue 32). A new
 * link is shown once, with the message that sends it; the links that work are listed, each with
 * Revoke, which stops it at once on the server. Needs the network; offline it says so.
 */
export function PassbookPanel({ to }: { to: Recipient }) {
  const { t } = useTranslation('passbook')
  const { workspace } = useSignedIn()
  const ownerId = workspace.shared?.ownerId ?? workspace.userId
  const role = workspace.shared?.role
  const online = useOnline()
  const today = useToday()
  const profile = useProfile()
  const say = useMessageT(to.personId)
  const [links, setLinks] = useState<PassbookLinkInfo[] | null>(null)
  const [lasts, setLasts] = useState<Lasts>('90')
  const [made, setMade] = useState<PassbookLinkCreated | null>(null)
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null)
  const [busy, setBusy] = useState(false)

  // Bumped after a link is made or revoked: the list is asked for again.
  const [asked, setAsked] = useState(0)
  const refresh = () => setAsked((n) => n + 1)

  useEffect(() => {
    if (!online) return
    let current = true
    void listPassbookLinks(ownerId, to.personId).then((result) => {
      if (!current) return
      if (result.ok) setLinks(result.links)
      else setOutcome({ ok: false, message: result.message })
    })
    return () => {
      current = false
    }
  }, [online, ownerId, to.personId, asked])

  if (role === 'viewer' || role === 'collector') return null

  const make = async () => {
    setBusy(true)
    setOutcome(null)
    const result = await makePassbookLink(ownerId, {
      personId: to.personId,
      ...(lasts !== 'ever' && { expiresOn: addDays(today, Number(lasts)) }),
    })
    setBusy(false)
    if (!result.ok) {
      setOutcome({ ok: false, message: result.message })
      return
    }
    setMade(result.link)
    refresh()
  }

  const revoke = async (link: PassbookLinkInfo) => {
    setOutcome(null)
    const result = await revokePassbookLink(ownerId, link.id)
    const date = madeOn(link)
    setOutcome(
      result.ok
        ? { ok: true, message: t('links.revoked', { date }) }
        : { ok: false, message: result.message },
    )
    if (made?.id === link.id) setMade(null)
    refresh()
  }

  const lender = profile.displayName
  const message =
    made &&
    say('passbook:links.message', {
      name: to.name,
      url: made.url,
      from: lender ? say('passbook:links.from', { lender }) : '',
    })

  return (
    <Stack
      as="section"
      aria-label={t('links.title')}
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="3"
    >
      <Text fontWeight="semibold">{t('links.title')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('links.note', { name: to.name })}
      </Text>
      {!online ? (
        <Text fontSize="sm">{t('links.offline')}</Text>
      ) : (
        <>
          <Flex gap="2" wrap="wrap" align="end">
            <SelectField
              label={t('links.lasts')}
              value={lasts}
              onChange={(value) => setLasts(value as Lasts)}
              choices={LASTS.map((value) => ({ value, label: t(`links.lastsChoice.${value}`) }))}
            />
            <Button minH="11" colorPalette="teal" loading={busy} onClick={() => void make()}>
              {t('links.make')}
            </Button>
          </Flex>
          {made && message && (
            <Stack gap="2" role="status">
              <Text fontSize="sm">{t('links.made')}</Text>
              <MessageWithLinks to={to} text={message} kind="passbook" />
            </Stack>
          )}
          <Outcome outcome={outcome} />
          {links !== null && (
            <Stack as="ul" gap="1" listStyleType="none" aria-label={t('links.live')}>
              {links.length === 0 && (
                <Text as="li" fontSize="sm" color="fg.muted">
                  {t('links.none', { name: to.name })}
                </Text>
              )}
              {links.map((link) => (
                <Flex
                  as="li"
                  key={link.id}
                  gap="2"
                  align="center"
                  justify="space-between"
                  wrap="wrap"
                >
                  <Text fontSize="sm">
                    {t('links.linkMade', { date: madeOn(link) })}
                    {' · '}
                    {link.expiresOn === undefined
                      ? t('links.noEnd')
                      : t(link.expired ? 'links.expired' : 'links.until', {
                          date: formatDisplayDate(link.expiresOn),
                        })}
                  </Text>
                  <Button
                    size="sm"
                    minH="11"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t('links.revokeLabel', { date: madeOn(link) })}
                    onClick={() => void revoke(link)}
                  >
                    {t('links.revoke')}
                  </Button>
                </Flex>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  )
}
