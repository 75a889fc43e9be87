import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'

/** The login page, found by its labels and button words as a lender would. */
export class LoginPage {
  constructor(readonly page: Page) {}

  get email(): Locator {
    return this.page.getByLabel('Email')
  }

  get password(): Locator {
    return this.page.getByLabel('Password')
  }

  get error(): Locator {
    return this.page.getByRole('alert')
  }

  async goto(): Promise<void> {
    await this.page.goto('/login')
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible()
  }

  /** Switches to the Sign Up form (the toggle). */
  async toSignUp(): Promise<void> {
    await this.page.getByRole('button', { name: 'New here? Sign Up' }).click()
    await expect(this.page.getByRole('heading', { name: 'Sign Up' })).toBeVisible()
  }

  async submit(mode: 'Login' | 'Sign Up', email: string, password: string): Promise<void> {
    await this.email.fill(email)
    await this.password.fill(password)
    await this.page.getByRole('button', { name: mode, exact: true }).click()
  }

  /**
   * Submits until the server answers with something other than its rate limit (it allows a few
   * sign-ins and sign-ups per address per 10 s, and parallel tests share one address; failed
   * sign-ins are limited per account too). Resolves
   * 'in' on reaching /people, or 'refused' when the form shows another message.
   */
  async submitUntilAnswered(
    mode: 'Login' | 'Sign Up',
    email: string,
    password: string,
  ): Promise<'in' | 'refused'> {
    for (let attempt = 0; attempt < 8; attempt++) {
      await this.submit(mode, email, password)
      const outcome = await Promise.race([
        this.page.waitForURL(/\/people$/).then(
          () => 'in' as const,
          () => 'gone' as const,
        ),
        this.error.waitFor().then(
          () => 'refused' as const,
          () => 'gone' as const,
        ),
      ])
      if (outcome === 'in') return 'in'
      if (outcome === 'gone') break
      if (!/too many sign-in attempts/i.test((await this.error.textContent()) ?? '')) {
        return 'refused'
      }
      await this.page.waitForTimeout(4_000)
    }
    throw new Error(`${mode} never got an answer other than the rate limit`)
  }

  /**
   * Submits and expects to land on /people, with the screen drawn: the first signed-in load opens
   * the lender's docs and may take a while on a busy machine.
   */
  async submitAndEnter(mode: 'Login' | 'Sign Up', email: string, password: string): Promise<void> {
    expect(await this.submitUntilAnswered(mode, email, password)).toBe('in')
    await expect(this.page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible({
      timeout: 60_000,
    })
  }

  /** Creates a new account and waits for the signed-in People page. */
  async signUp(email: string, password: string): Promise<void> {
    await this.goto()
    await this.toSignUp()
    await this.submitAndEnter('Sign Up', email, password)
  }
}

/** A fresh lender's credentials, unique per call so tests never share an account. */
export function newLender(): { email: string; password: string } {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
  return { email: `lender-${tag}@example.com`, password: `secret-${tag}-pass` }
}

/**
 * Signs a brand-new lender up on `page` through the Sign Up form; resolves on their People page,
 * with their credentials. The device then also knows the password for an offline sign-in.
 */
export async function signUpThroughForm(page: Page): Promise<{ email: string; password: string }> {
  const lender = newLender()
  await new LoginPage(page).signUp(lender.email, lender.password)
  return lender
}

/**
 * Creates a brand-new lender's account as the Sign Up form does, with one request to
 * better-auth's endpoint on `api` (whose context then holds the session cookie); waits out the
 * server's per-address rate limit, which parallel tests share.
 */
export async function signUpOverHttp(
  api: APIRequestContext,
): Promise<{ lender: { email: string; password: string }; userId: string }> {
  const lender = newLender()
  // better-auth checks a state-changing request's Origin, as a browser's form would send it.
  const origin = new URL(test.info().project.use.baseURL ?? '').origin
  for (let attempt = 0; ; attempt++) {
    const response = await api.post('/api/auth/sign-up/email', {
      data: { ...lender, name: lender.email.split('@')[0] },
      headers: { origin },
    })
    if (response.status() === 429 && attempt < 8) {
      const wait = Number(response.headers()['x-retry-after'] ?? response.headers()['retry-after'])
      await new Promise((resolve) =>
        setTimeout(resolve, Number.isFinite(wait) && wait > 0 ? wait * 1000 : 2_000),
      )
      continue
    }
    expect(response.ok(), `sign-up answered ${response.status()}`).toBe(true)
    const { user } = (await response.json()) as { user: { id: string } }
    return { lender, userId: user.id }
  }
}

/**
 * Signs a brand-new lender up on `page` without the form (a test about anything else need not
 * type it): over HTTP from the page's own browser context, which keeps the session cookie, then
 * the People page. Resolves with their credentials.
 */
export async function signUpNewLender(page: Page): Promise<{ email: string; password: string }> {
  const { lender } = await signUpOverHttp(page.context().request)
  await page.goto('/people')
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible({
    timeout: 60_000,
  })
  return lender
}
