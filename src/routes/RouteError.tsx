import { Box, Heading, Link as ChakraLink, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

/** The one page for an unknown URL and for any error a route throws (spec §2's wording). */
export function RouteError({ error }: { error?: unknown }) {
  const { t } = useTranslation('shell')
  if (error) console.error(error)
  return (
    <Box role="alert" maxW="lg" mx="auto" px="6" py="16" textAlign="center">
      <Heading as="h1" size="lg" mb="4">
        {t('error.title')}
      </Heading>
      <Text>
        <ChakraLink asChild color="teal.700">
          <Link to="/">{t('error.home')}</Link>
        </ChakraLink>
      </Text>
    </Box>
  )
}
