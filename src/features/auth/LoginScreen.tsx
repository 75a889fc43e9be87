import { useNavigate } from '@tanstack/react-router'
import { useState, useSyncExternalStore, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx'
import { useOnline } from '../../ui/useOnline.ts'
import {
  authenticate,
  getSessionState,
  subscribeSession,
  type AuthFailure,
} from '../../data/session/session.ts'
import { authFailureMessage, isNewPasswordProblem } from './authMessages.ts'

type Mode = 'login' | 'signup'

const switchTo: Record<Mode, Mode> = { login: 'signup', signup: 'login' }

/** Why the form was refused: empty fields, or the server's (or this device's) answer. */
type Problem = 'required' | AuthFailure

/**
 * Email and password, with a toggle between Login and Sign Up; success opens People.
 * Plain elements styled by ui/plain.css: the first visit does not wait for Chakra (see there).
 */
export function LoginScreen() {
  const navigate = useNavigate()
  const { t } = useTranslation('auth')
  const [mode, setMode] = useState<Mode>('login')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  // What went wrong, not its sentence: the sentence follows the language switch.
  const [problem, setProblem] = useState<Problem | null>(null)
  const [busy, setBusy] = useState(false)
  const title = t(`${mode}.title`)
  const session = useSyncExternalStore(subscribeSession, getSessionState)
  const expired = session.status === 'signed-out' && session.expired
  const endedElsewhere = session.status === 'signed-out' && session.endedElsewhere === true
  const online = useOnline()
  // A new password the server refused (too short, too common): said beside the password field.
  const passwordRefused =
    problem !== null && problem !== 'required' && isNewPasswordProblem(problem)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (email.trim() === '' || password === '') {
      setProblem('required')
      return
    }
    setBusy(true)
    setProblem(null)
    const result = await authenticate(mode, email.trim(), password)
    setBusy(false)
    if (result.ok) await navigate({ to: '/people', replace: true })
    else setProblem(result)
  }

  return (
    <main className="plain-page">
      <div className="plain-card">
        <header className="plain-card-header">
          <div className="plain-bar">
            <p className="plain-brand">{t('common:appName')}</p>
            <LanguageSwitch />
          </div>
          <h1 className="plain-title">{title}</h1>
        </header>
        <div className="plain-card-body">
          {expired && (
            <p role="status" className="plain-text plain-warning">
              {t(endedElsewhere ? 'messages.signedOutElsewhere' : 'messages.expired')}
            </p>
          )}
          {!online && <p className="plain-text plain-muted">{t('messages.offlineNow')}</p>}
          {!window.isSecureContext && (
            <p className="plain-text plain-muted">{t('messages.insecure')}</p>
          )}
          <form className="plain-form" onSubmit={(event) => void submit(event)} noValidate>
            <label className="plain-field">
              {t('email')}
              <input
                className="plain-input"
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
            </label>
            <label className="plain-field">
              {t('password')}
              <input
                className="plain-input"
                type="password"
                required
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                aria-invalid={passwordRefused || undefined}
                aria-describedby={passwordRefused ? 'login-problem' : undefined}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
            </label>
            {problem !== null && (
              <p role="alert" className="plain-error" id="login-problem">
                {problem === 'required'
                  ? t('messages.required')
                  : authFailureMessage(problem, t, mode)}
              </p>
            )}
            <button type="submit" className="plain-button" disabled={busy} aria-busy={busy}>
              {busy && <span className="plain-spinner" aria-hidden="true" />}
              {title}
            </button>
            <button
              type="button"
              className="plain-button"
              data-variant="plain"
              onClick={() => {
                setMode(switchTo[mode])
                setProblem(null)
              }}
            >
              {t(`${mode}.switchPrompt`)}
            </button>
          </form>
        </div>
      </div>
    </main>
  )
}
