import { Box, Grid } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { mainNav } from './navItems.ts'
import { NavLink } from './NavLink.tsx'

/**
 * Phone-width tab bar: the four main screens, within thumb reach. Logout is in the Menu, not a
 * tab beside Cities, where a thumb reaching for Cities could sign the lender out.
 */
export function BottomTabs() {
  const { t } = useTranslation('shell')
  return (
    <Box
      as="nav"
      aria-label={t('tabs')}
      display={{ base: 'block', md: 'none' }}
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="sticky"
      bg="bg"
      borderTopWidth="1px"
      pb="env(safe-area-inset-bottom)"
    >
      {/* minmax(0, 1fr): a plain 1fr column never gets narrower than its word, so at 360 px
          "Dashboard" could push the bar (and the page) wider than the screen. */}
      <Grid templateColumns="repeat(4, minmax(0, 1fr))" h="14" alignItems="stretch">
        {mainNav.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            fontSize={{ base: 'xs', sm: 'sm' }}
            display="flex"
            alignItems="center"
            justifyContent="center"
            _currentPage={{ color: 'teal.700', fontWeight: 'semibold', bg: 'teal.50' }}
          >
            {t(`nav.${item.word}`)}
          </NavLink>
        ))}
      </Grid>
    </Box>
  )
}
