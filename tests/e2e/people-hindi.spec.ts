import { expect, test } from '@playwright/test'
import { signUpNewLender } from './pages/LoginPage.ts'
import { selectByText } from './pages/forms.ts'

/** Where the app remembers this device's language (src/i18n). */
const LANGUAGE_KEY = 'rin-khata.language'

test('in Hindi: cities, people, the person form with its messages and reminder language, dashboard and trash', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signUpNewLender(page)
  await page.evaluate((key) => localStorage.setItem(key, 'hi'), LANGUAGE_KEY)

  await page.goto('/city')
  await expect(page.getByRole('heading', { name: 'गाँव/शहर', exact: true })).toBeVisible({
    timeout: 60_000,
  })
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  // (No empty-list check here: the list of villages is shared by every lender, so other tests'
  // villages may be in it.)
  await page.getByLabel('गाँव या शहर का नाम').fill('रामपुर')
  await page.getByRole('button', { name: 'जोड़ें', exact: true }).click()
  await expect(page.getByRole('cell', { name: 'रामपुर', exact: true })).toBeVisible()

  await page.goto('/people')
  await expect(page.getByRole('heading', { name: 'लोग', exact: true })).toBeVisible()
  await expect(page.getByText('कोई उधारकर्ता नहीं मिला।', { exact: true })).toBeVisible()

  // The form's own messages come in Hindi, beside their fields.
  await page.goto('/people/add')
  await expect(page.getByRole('heading', { name: 'उधारकर्ता जोड़ें' })).toBeVisible({
    timeout: 60_000,
  })
  await page.getByLabel('फ़ोन').fill('98765')
  await page.getByRole('button', { name: 'उधारकर्ता जोड़ें' }).click()
  await expect(page.getByText('नाम लिखें', { exact: true })).toBeVisible()
  await expect(page.getByText('गाँव/शहर चुनें', { exact: true }).last()).toBeVisible()
  await expect(page.getByText('मोबाइल नंबर 10 अंकों का हो, जैसे 98765 43210')).toBeVisible()

  await page.getByLabel('नाम', { exact: true }).fill('सीता देवी')
  await selectByText(page.getByLabel('गाँव/शहर', { exact: true }), 'रामपुर')
  await page.getByLabel('फ़ोन').fill('98765 43210')
  await page.getByLabel('लिंग').selectOption({ label: 'महिला' })
  const language = page.getByLabel('याद दिलाने की भाषा')
  await expect(language).toHaveValue('')
  await expect(language.locator('option:checked')).toHaveText('जो मेरी भाषा है')
  await language.selectOption({ label: 'English' })
  await page.getByRole('button', { name: 'उधारकर्ता जोड़ें' }).click()

  await expect(page.getByText('1 में से 1 उधारकर्ता दिख रहे हैं')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: 'सीता देवी' })
  await expect(row).toContainText('रामपुर')
  await expect(row).toContainText('महिला')
  await expect(row).toContainText('₹0.00')

  // The chosen reminder language is kept with the person, and can go back to the lender's.
  await row.getByRole('link', { name: 'बदलें' }).click()
  await expect(page.getByRole('heading', { name: 'उधारकर्ता बदलें' })).toBeVisible()
  await expect(language).toHaveValue('en')
  await language.selectOption({ label: 'जो मेरी भाषा है' })
  await page.getByRole('button', { name: 'सहेजें' }).click()
  await expect(page.getByText('1 में से 1 उधारकर्ता दिख रहे हैं')).toBeVisible()
  await row.getByRole('link', { name: 'बदलें' }).click()
  await expect(language).toHaveValue('')

  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'मुखपृष्ठ', exact: true })).toBeVisible()
  await expect(page.getByText('कुल उधारकर्ता', { exact: true })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'आज बकाया' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'उधारकर्ता खोजें' }).fill('कोई और')
  await expect(page.getByText('इस खोज से कोई उधारकर्ता नहीं मिला।')).toBeVisible()

  await page.goto('/trash')
  await expect(page.getByRole('heading', { name: 'रद्दी', exact: true })).toBeVisible()
  await expect(page.getByText('कोई हटाया गया उधारकर्ता नहीं।')).toBeVisible()
  await expect(page.getByText('कोई हटाया गया उधार नहीं।')).toBeVisible()
})
