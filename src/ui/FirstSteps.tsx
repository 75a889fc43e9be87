import { Box, Heading, List, Link as ChakraLink, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useActiveLoans, useActivePeople, useCities } from '../data/book/hooks.ts'

/**
 * First-run guidance for an empty book: a new lender saw an empty People list with no hint of
 * what to do first. A person needs a village and a loan needs a person, so the order matters;
 * each step links to its form and says when it is done. Renders nothing once a loan exists.
 */
export function FirstSteps() {
  const { t } = useTranslation('ui')
  const cities = useCities()
  const people = useActivePeople()
  const loans = useActiveLoans()
  if (loans.length > 0) return null
  const steps = [
    { to: '/city', label: t('firstSteps.addCity'), done: cities.length > 0 },
    { to: '/people/add', label: t('firstSteps.addPerson'), done: people.length > 0 },
    { to: '/loans/add', label: t('firstSteps.giveLoan'), done: false },
  ] as const
  return (
    <Box
      as="section"
      aria-labelledby="first-steps"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      maxW="xl"
      mx="auto"
      w="full"
    >
      <Heading as="h2" size="md" id="first-steps" mb="2">
        {t('firstSteps.title')}
      </Heading>
      <List.Root as="ol" gap="2" ps="5">
        {steps.map((step) => (
          <List.Item key={step.to}>
            <ChakraLink asChild color="teal.700" fontWeight="medium">
              <Link to={step.to}>{step.label}</Link>
            </ChakraLink>
            {step.done && (
              <Text as="span" color="green.700">
                {' '}
                {t('firstSteps.done')}
              </Text>
            )}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  )
}
