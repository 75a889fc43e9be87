import { Flex, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  useActiveLoans,
  useActivePeople,
  useCities,
  useFiguresOf,
  useProfile,
  useSession,
  useToday,
} from '../../data/book/hooks.ts'
import { i18n, useLanguage } from '../../i18n/index.ts'
import { SelectField } from '../../ui/form.tsx'
import { PdfButton, type MadePdf } from './PdfButton.tsx'
import type * as StatementPdf from './statementPdf.ts'
import { periodText } from './statement.ts'
import { financialYears, yearlyPeriod, yearlyStatements } from './yearly.ts'

/**
 * Settings → Yearly statements: every borrower's statement of a financial year in one PDF, each
 * from a new page, in the borrower's language (issue 32, item 4). Made on the device from the
 * book, so it works offline once the PDF code has been used.
 */
export function YearlySection() {
  const { t } = useTranslation('statement')
  const today = useToday()
  const loans = useActiveLoans()
  const people = useActivePeople()
  const cities = useCities()
  const figures = useFiguresOf()
  const profile = useProfile()
  const { user } = useSession()
  const [app] = useLanguage()
  const years = financialYears(loans, today)
  const [year, setYear] = useState(() => String(years[1] ?? years[0]))
  const startYear = Number(year)

  const make = async (pdf: typeof StatementPdf): Promise<MadePdf> => {
    const byPerson = new Map<string, typeof loans>()
    for (const loan of loans)
      byPerson.set(loan.personId, [...(byPerson.get(loan.personId) ?? []), loan])
    const statements = yearlyStatements({
      people,
      loansOf: (personId) => byPerson.get(personId) ?? [],
      cities,
      figuresOf: (loan) => figures(loan, today),
      startYear,
      today,
      lender: profile.displayName || user.email,
      appLanguage: app,
      wordsIn: (language) => i18n.getFixedT(language),
    })
    const period = periodText(yearlyPeriod(startYear, today), t)
    const title = t('yearly.title', { period })
    return {
      blob: await pdf.statementsPdf(statements, title),
      name: t('yearly.fileName', { period, date: today }),
      title,
    }
  }

  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('yearly.note')}</Text>
      <SelectField
        label={t('yearly.year')}
        value={year}
        onChange={setYear}
        choices={years.map((start) => ({
          value: String(start),
          label: t('yearly.yearLabel', {
            start,
            end: String((start + 1) % 100).padStart(2, '0'),
            period: periodText(yearlyPeriod(start, today), t),
          }),
        }))}
      />
      <Flex gap="2" wrap="wrap">
        <PdfButton
          make={make}
          label={{ share: t('yearly.share'), download: t('yearly.download') }}
        />
      </Flex>
    </Stack>
  )
}
