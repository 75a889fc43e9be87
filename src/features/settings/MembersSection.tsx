import { Box, Button, Flex, Link, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  INVITABLE_ROLES,
  isMemberRole,
  type InviteInfo,
  type MemberInfo,
  type MemberRole,
} from '../../../shared/members.ts'
import { useCities } from '../../data/book/hooks.ts'
import { useSignedIn } from '../../data/book/WorkspaceContext.tsx'
import {
  changeRole,
  inviteMember,
  listMembers,
  removeMember,
  withdrawInvite,
  type Result,
} from '../../data/members/members.ts'
import { QuestionDialog } from '../../ui/ConfirmDialog.tsx'
import { FormAlert } from '../../ui/form.tsx'
import { ListRow } from './ListRow.tsx'
import { Outcome, type OutcomeMessage } from './Outcome.tsx'
import { VillagePicker } from './VillagePicker.tsx'

/** The roles this screen invites; a collector is invited with his villages. */
const OFFERED_ROLES: readonly MemberRole[] = INVITABLE_ROLES

/** A code as it is read out or typed: four groups of four. */
const grouped = (code: string) => code.replace(/(.{4})(?!$)/g, '$1 ')

type MembersState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; members: MemberInfo[]; invites: InviteInfo[] }

/**
 * Who else is in the lender's book: invite a partner (runs the book with them) or a viewer
 * (reads it), with a code to send on WhatsApp; change a member's role; remove a member;
 * withdraw an invitation. Only the owner manages members, so in a book shared with this
 * account the section only says whose book it is.
 */
export function MembersSection() {
  const { t } = useTranslation('settings')
  const { workspace } = useSignedIn()
  const [state, setState] = useState<MembersState>({ status: 'loading' })
  const [asked, setAsked] = useState(0)
  const askAgain = useCallback(() => setAsked((n) => n + 1), [])
  const [invited, setInvited] = useState<{ code: string; role: MemberRole } | null>(null)
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [removing, setRemoving] = useState<MemberInfo | null>(null)
  // A collector's villages are asked for before his invitation, or his new role, is made.
  const [picking, setPicking] = useState<{ member: MemberInfo | null } | null>(null)
  const cities = useCities()
  const placeNames = useMemo(() => new Map(cities.map((c) => [c.id, c.name])), [cities])
  const own = workspace.shared === null

  useEffect(() => {
    if (!own) return
    let current = true
    void listMembers().then((result) => {
      if (!current) return
      setState(
        result.ok
          ? { status: 'ready', members: result.members, invites: result.invites }
          : { status: 'failed', message: result.message },
      )
    })
    return () => {
      current = false
    }
  }, [asked, own])

  if (!own) {
    return <Text>{t('members.notOwner', { owner: workspace.shared?.ownerName ?? '' })}</Text>
  }

  /** Runs a change on the server, says how it went, and lists the members again. */
  async function run(which: string, change: () => Promise<Result>, done: string) {
    setBusy(which)
    const result = await change()
    setBusy(null)
    setOutcome(result.ok ? { ok: true, message: done } : { ok: false, message: result.message })
    askAgain()
  }

  async function invite(role: MemberRole, villages: string[] = []) {
    setBusy(`invite-${role}`)
    const result = await inviteMember(role, villages)
    setBusy(null)
    if (result.ok) {
      setPicking(null)
      setInvited({ code: result.code, role })
      setOutcome(null)
      askAgain()
    } else {
      setOutcome({ ok: false, message: result.message })
    }
  }

  const message = invited
    ? t('members.inviteMessage', {
        role: t(`members.role.${invited.role}`),
        code: grouped(invited.code),
        url: window.location.origin,
      })
    : ''

  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('members.note')}</Text>
      <Box>
        <Link asChild color="teal.700" fontWeight="medium">
          <RouterLink to="/review">{t('members.review')}</RouterLink>
        </Link>
      </Box>
      <Flex gap="3" wrap="wrap">
        {OFFERED_ROLES.map((role) => (
          <Button
            key={role}
            colorPalette="teal"
            variant={role === 'partner' ? 'solid' : 'outline'}
            loading={busy === `invite-${role}`}
            onClick={() =>
              role === 'collector' ? setPicking({ member: null }) : void invite(role)
            }
          >
            {t(`members.invite.${role}`)}
          </Button>
        ))}
      </Flex>
      {picking && (
        <VillagePicker
          key={picking.member?.id ?? 'new'}
          name={picking.member?.name ?? t('members.villages.newCollector')}
          initial={picking.member?.villages ?? []}
          saveLabel={picking.member ? t('members.villages.save') : t('members.invite.collector')}
          busy={busy !== null}
          onCancel={() => setPicking(null)}
          onSave={(villages) => {
            const member = picking.member
            if (member === null) return void invite('collector', villages)
            setPicking(null)
            void run(
              member.id,
              () => changeRole(member.id, 'collector', villages),
              t('members.roleChanged', {
                name: member.name,
                role: t('members.role.collector'),
              }),
            )
          }}
        />
      )}
      {invited && (
        <Stack gap="2" role="status" borderWidth="1px" borderRadius="md" p="3">
          <Text>{t('members.codeNote', { role: t(`members.role.${invited.role}`) })}</Text>
          <Text
            fontSize="xl"
            fontWeight="semibold"
            fontFamily="mono"
            letterSpacing="wider"
            aria-label={t('members.code')}
          >
            {grouped(invited.code)}
          </Text>
          <Box>
            <Link
              href={`https://wa.me/?text=${encodeURIComponent(message)}`}
              target="_blank"
              rel="noreferrer"
              color="teal.700"
              fontWeight="medium"
            >
              {t('members.sendOnWhatsApp')}
            </Link>
          </Box>
        </Stack>
      )}
      <Outcome outcome={outcome} />
      {state.status === 'loading' && <Text color="fg.muted">{t('devices.loading')}</Text>}
      {state.status === 'failed' && (
        <Stack gap="3" align="start">
          <FormAlert message={state.message} />
          <Button variant="outline" onClick={askAgain}>
            {t('devices.tryAgain')}
          </Button>
        </Stack>
      )}
      {state.status === 'ready' && state.members.length === 0 && (
        <Text color="fg.muted">{t('members.none')}</Text>
      )}
      {state.status === 'ready' && state.members.length > 0 && (
        <Stack as="ul" gap="0" listStyleType="none" aria-label={t('members.list')}>
          {state.members.map((member) => (
            <ListRow key={member.id} label={member.name}>
              <Box minW="0" flex="1">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {member.name}
                </Text>
                <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                  {member.email}
                </Text>
                {member.role === 'collector' && (
                  <Text fontSize="sm" overflowWrap="anywhere">
                    {t('members.villages.list', {
                      villages: [...new Set(member.villages.map((id) => placeNames.get(id) ?? '?'))]
                        .sort()
                        .join(', '),
                    })}{' '}
                    <Button
                      size="sm"
                      minH="11"
                      variant="ghost"
                      color="teal.700"
                      onClick={() => setPicking({ member })}
                    >
                      {t('members.villages.change')}
                    </Button>
                    {' · '}
                    <Link asChild color="teal.700">
                      <RouterLink to="/collectors/$memberId" params={{ memberId: member.id }}>
                        {t('members.dayBook')}
                      </RouterLink>
                    </Link>
                  </Text>
                )}
              </Box>
              <Flex gap="2" align="center">
                <NativeSelect.Root size="sm" width="auto">
                  <NativeSelect.Field
                    aria-label={t('members.roleOf', { name: member.name })}
                    value={member.role}
                    onChange={(event) => {
                      const role = event.currentTarget.value
                      if (!isMemberRole(role) || role === member.role) return
                      if (role === 'collector') return setPicking({ member })
                      void run(
                        member.id,
                        () => changeRole(member.id, role),
                        t('members.roleChanged', {
                          name: member.name,
                          role: t(`members.role.${role}`),
                        }),
                      )
                    }}
                  >
                    {[...new Set([...OFFERED_ROLES, member.role])].map((role) => (
                      <option key={role} value={role} disabled={!OFFERED_ROLES.includes(role)}>
                        {t(`members.role.${role}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  loading={busy === member.id}
                  onClick={() => setRemoving(member)}
                >
                  {t('members.remove')}
                </Button>
              </Flex>
            </ListRow>
          ))}
        </Stack>
      )}
      {state.status === 'ready' && state.invites.length > 0 && (
        <Stack gap="2">
          <Text fontWeight="medium">{t('members.waiting')}</Text>
          <Stack as="ul" gap="0" listStyleType="none" aria-label={t('members.waiting')}>
            {state.invites.map((invite) => (
              <ListRow
                key={invite.id}
                label={t('members.invitation', {
                  role: t(`members.role.${invite.role}`),
                  date: new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' }).format(
                    new Date(invite.expiresAt),
                  ),
                })}
              >
                <Text fontSize="sm">
                  {t('members.invitation', {
                    role: t(`members.role.${invite.role}`),
                    date: new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' }).format(
                      new Date(invite.expiresAt),
                    ),
                  })}
                </Text>
                <Button
                  size="sm"
                  variant="ghost"
                  loading={busy === invite.id}
                  onClick={() =>
                    void run(invite.id, () => withdrawInvite(invite.id), t('members.withdrawn'))
                  }
                >
                  {t('members.withdraw')}
                </Button>
              </ListRow>
            ))}
          </Stack>
        </Stack>
      )}
      <QuestionDialog
        open={removing !== null}
        title={t('members.removeTitle', { name: removing?.name ?? '' })}
        cancelLabel={t('common:cancel')}
        confirmLabel={t('members.remove')}
        confirmPalette="red"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const member = removing
          setRemoving(null)
          if (member) {
            void run(
              member.id,
              () => removeMember(member.id),
              t('members.removed', { name: member.name }),
            )
          }
        }}
      >
        <Text>{t('members.removeQuestion', { name: removing?.name ?? '' })}</Text>
      </QuestionDialog>
    </Stack>
  )
}
