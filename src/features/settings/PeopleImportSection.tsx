import { Button, Flex, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PeopleCsvPlan } from '../../../shared/book/peopleCsv.ts'
import { usePeopleImport } from '../../data/book/book.ts'
import { FileForm } from './FileField.tsx'
import { FileFailure, FirstLines } from './FileProblems.tsx'
import { Done } from './Outcome.tsx'

type PeopleImportState =
  | { step: 'idle' }
  | { step: 'problems'; problems: string[] }
  | { step: 'preview'; plan: PeopleCsvPlan }
  | { step: 'done'; message: string }

/** "12 people", "3 villages": the counts the preview and the result are said in. */
function useCounts() {
  const { t } = useTranslation('settings')
  return {
    peopleText: (count: number) => t('peopleImport.people', { count }),
    villages: (count: number) => t('peopleImport.villages', { count }),
  }
}

/**
 * A spreadsheet of people (name, phone, village) brought in after a preview: every row is checked
 * first, and nothing is added while any row has a problem.
 */
export function PeopleImportSection() {
  const { t } = useTranslation('settings')
  const { peopleText, villages } = useCounts()
  const people = usePeopleImport()
  const [state, setState] = useState<PeopleImportState>({ step: 'idle' })
  const [fileError, setFileError] = useState<string | null>(null)

  async function check(file: File | null) {
    if (!file) {
      setFileError(t('peopleImport.chooseFile'))
      return
    }
    const parsed = people.check(await file.text())
    setState(
      parsed.ok
        ? { step: 'preview', plan: parsed.plan }
        : { step: 'problems', problems: parsed.problems },
    )
  }

  function add(plan: PeopleCsvPlan) {
    const added = people.add(plan)
    setState({
      step: 'done',
      message: t('peopleImport.added', {
        people: peopleText(added.people),
        villages: villages(added.villages),
      }),
    })
  }

  return (
    <FileForm
      note={t('peopleImport.note')}
      label={t('peopleImport.file')}
      accept=".csv,text/csv"
      error={fileError}
      onChoose={() => {
        setFileError(null)
        setState({ step: 'idle' })
      }}
      onSubmit={check}
    >
      {state.step === 'problems' && (
        <FileFailure message={t('peopleImport.nothingAdded')} problems={state.problems} />
      )}
      {state.step === 'preview' && <PeopleImportPreview plan={state.plan} />}
      {state.step === 'done' && <Done>{state.message}</Done>}
      <Flex gap="3" wrap="wrap">
        <Button
          type="submit"
          colorPalette="teal"
          variant={state.step === 'preview' ? 'outline' : 'solid'}
        >
          {t('peopleImport.check')}
        </Button>
        {state.step === 'preview' && state.plan.people.length > 0 && (
          <Button colorPalette="teal" onClick={() => add(state.plan)}>
            {t('peopleImport.add', { people: peopleText(state.plan.people.length) })}
          </Button>
        )}
      </Flex>
    </FileForm>
  )
}

/** What the checked spreadsheet would add (people, new villages) and the rows it would skip. */
function PeopleImportPreview({ plan }: { plan: PeopleCsvPlan }) {
  const { t } = useTranslation('settings')
  const { peopleText, villages } = useCounts()
  return (
    <Stack gap="2" role="status" aria-label={t('peopleImport.preview')}>
      <Text fontWeight="medium">
        {t(plan.newVillages.length > 0 ? 'peopleImport.willAddNamed' : 'peopleImport.willAdd', {
          people: peopleText(plan.people.length),
          villages: villages(plan.newVillages.length),
          names: plan.newVillages.join(', '),
        })}
      </Text>
      {plan.skipped.length > 0 && (
        <FirstLines
          label={t('peopleImport.skippedRows')}
          lines={plan.skipped.map((skip) => t('peopleImport.skipped', { problem: skip.message }))}
        />
      )}
    </Stack>
  )
}
