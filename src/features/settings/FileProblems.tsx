import { Box, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'

// A broken file can have thousands of problems; the first ones are enough to find the fault.
const SHOWN = 20

/** The first lines of a long list about a file (its problems, the rows it skips), then "and N more". */
export function FirstLines({ lines, label }: { lines: readonly string[]; label: string }) {
  const { t } = useTranslation('settings')
  return (
    <Box as="ul" ps="5" aria-label={label}>
      {lines.slice(0, SHOWN).map((line, index) => (
        <Text as="li" key={index} overflowWrap="anywhere">
          {line}
        </Text>
      ))}
      {lines.length > SHOWN && <Text as="li">{t('more', { count: lines.length - SHOWN })}</Text>}
    </Box>
  )
}

/** Why a file was refused: one sentence, then the problems it found in the file, if any. */
export function FileFailure({
  message,
  problems,
}: {
  message: string
  problems?: readonly string[] | undefined
}) {
  const { t } = useTranslation('settings')
  return (
    <Box role="alert" color="red.600">
      <Text fontWeight="medium">{message}</Text>
      {problems && <FirstLines lines={problems} label={t('problems')} />}
    </Box>
  )
}
