import { Box, Button, Card, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { useState, useSyncExternalStore, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx'
import { useOnline } from '../../ui/useOnline.ts'
import { authenticate, getSessionState, subscribeSession } from '../../data/session.ts'
import { authFailureMessage } from './authMessages.ts'

type Mode = 'login' | 'signup'

const switchTo: Record<Mode, Mode> = { login: 'signup', signup: 'login' }

/** Email and password, with a toggle between Login and Sign Up; success opens People. */
export function LoginScreen() {
  const navigate = useNavigate()
  const { t } = useTranslation('auth')
  const [mode, setMode] = useState<Mode>('login')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const title = t(`${mode}.title`)
  const session = useSyncExternalStore(subscribeSession, getSessionState)
  const expired = session.status === 'signed-out' && session.expired
  const online = useOnline()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (email.trim() === '' || password === '') {
      setError(t('messages.required'))
      return
    }
    setBusy(true)
    setError(null)
    const result = await authenticate(mode, email.trim(), password)
    setBusy(false)
    if (result.ok) await navigate({ to: '/people', replace: true })
    else setError(authFailureMessage(result, t))
  }

  return (
    <Box minH="100dvh" display="flex" alignItems="center" justifyContent="center" p="4">
      <Card.Root w="full" maxW="sm">
        <Card.Header>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="2">
            <Text fontWeight="bold" color="teal.800">
              {t('common:appName')}
            </Text>
            <LanguageSwitch />
          </Flex>
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
        </Card.Header>
        <Card.Body>
          {expired && (
            <Text role="status" mb="4" color="orange.fg">
              {t('messages.expired')}
            </Text>
          )}
          {!online && (
            <Text mb="4" color="fg.muted">
              {t('messages.offlineNow')}
            </Text>
          )}
          {!window.isSecureContext && (
            <Text mb="4" color="fg.muted">
              {t('messages.insecure')}
            </Text>
          )}
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="4">
              <Field.Root required>
                <Field.Label>{t('email')}</Field.Label>
                <Input
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                />
              </Field.Root>
              <Field.Root required>
                <Field.Label>{t('password')}</Field.Label>
                <Input
                  type="password"
                  autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                />
              </Field.Root>
              {error !== null && (
                <Text role="alert" color="red.600">
                  {error}
                </Text>
              )}
              <Button type="submit" colorPalette="teal" loading={busy}>
                {title}
              </Button>
              <Button
                variant="plain"
                color="teal.700"
                onClick={() => {
                  setMode(switchTo[mode])
                  setError(null)
                }}
              >
                {t(`${mode}.switchPrompt`)}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Box>
  )
}
