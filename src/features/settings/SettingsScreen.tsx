import { Card, Heading, Stack } from '@chakra-ui/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useBookWritable } from '../../data/book/WorkspaceContext.tsx'
import { Page } from '../../ui/Page.tsx'
import { BooksSection } from './BooksSection.tsx'
import { DeviceNameSection } from './DeviceNameSection.tsx'
import { DevicesSection } from './DevicesSection.tsx'
import { ExportSection } from './ExportSection.tsx'
import { ImportSection } from './ImportSection.tsx'
import { InterestRuleSection } from './InterestRuleSection.tsx'
import { LanguageSection } from './LanguageSection.tsx'
import { MembersSection } from './MembersSection.tsx'
import { PasswordSection } from './PasswordSection.tsx'
import { PeopleImportSection } from './PeopleImportSection.tsx'
import { ProfileSection } from './ProfileSection.tsx'
import { RestoreSection } from './RestoreSection.tsx'
import { YearlySection } from '../statement/YearlySection.tsx'
import { ReceiptsSection } from '../receipts/ReceiptsSection.tsx'

/**
 * Settings is a list of sections, each a card with its own heading and its own state. To add
 * one (export, UPI id, …), write a component in its own file and add it to this list.
 */
const sections: {
  id: string
  title: string
  Section: () => ReactElement
  /** It changes the book: not shown in a book shared to read only. */
  writes?: true
}[] = [
  { id: 'profile', title: 'profile', Section: ProfileSection, writes: true },
  { id: 'interest-rule', title: 'interestRule', Section: InterestRuleSection, writes: true },
  { id: 'device-name', title: 'deviceName', Section: DeviceNameSection },
  { id: 'devices', title: 'devices', Section: DevicesSection },
  { id: 'books', title: 'books', Section: BooksSection },
  { id: 'members', title: 'members', Section: MembersSection },
  { id: 'password', title: 'password', Section: PasswordSection },
  { id: 'export', title: 'export', Section: ExportSection },
  { id: 'yearly', title: 'yearly', Section: YearlySection },
  { id: 'receipts', title: 'receipts', Section: ReceiptsSection },
  { id: 'restore', title: 'restore', Section: RestoreSection, writes: true },
  { id: 'import', title: 'import', Section: ImportSection, writes: true },
  { id: 'import-people', title: 'importPeople', Section: PeopleImportSection, writes: true },
  { id: 'language', title: 'language', Section: LanguageSection },
]

/**
 * `/settings`: the lender's details, this device's name, the signed-in devices, the books this
 * account works in and who else is in its own, the password, export and import, and the
 * language.
 */
export function SettingsScreen() {
  const { t } = useTranslation('settings')
  const writable = useBookWritable()
  return (
    <Page title={t('title')}>
      <Stack gap="5" maxW="2xl">
        {sections
          .filter(({ writes }) => writable || !writes)
          .map(({ id, title, Section }) => (
            <Card.Root key={id} as="section" aria-labelledby={`settings-${id}`}>
              <Card.Header pb="0">
                <Heading as="h2" size="md" id={`settings-${id}`}>
                  {t(`sections.${title}`)}
                </Heading>
              </Card.Header>
              <Card.Body>
                <Section />
              </Card.Body>
            </Card.Root>
          ))}
      </Stack>
    </Page>
  )
}
