import { Button, Flex, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { useBookTransfer } from '../../data/book/book.ts'
import { download } from '../../ui/download.ts'

/** The spreadsheets, one download each: a phone opens a CSV file, not a ZIP of three. */
const CSV_FILES = [
  { file: 'people.csv', label: 'export.csvPeople' },
  { file: 'loans.csv', label: 'export.csvLoans' },
  { file: 'payments.csv', label: 'export.csvPayments' },
] as const

/** The whole book as one JSON file (to restore or import) and as spreadsheets (to read). */
export function ExportSection() {
  const { t } = useTranslation('settings')
  const book = useBookTransfer()
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('export.note')}</Text>
      <Flex gap="3" wrap="wrap">
        <Button
          colorPalette="teal"
          onClick={() => {
            const { name, text } = book.exportJson()
            download(name, new Blob([text], { type: 'application/json' }))
          }}
        >
          {t('export.json')}
        </Button>
        {CSV_FILES.map(({ file, label }) => (
          <Button
            key={file}
            variant="outline"
            colorPalette="teal"
            onClick={() => {
              const { name, text } = book.exportCsv(file)
              download(name, new Blob([text], { type: 'text/csv;charset=utf-8' }))
            }}
          >
            {t(label)}
          </Button>
        ))}
      </Flex>
    </Stack>
  )
}
