import { Box, Button, Grid } from '@chakra-ui/react'
import { mainNav } from './navItems.ts'
import { NavLink } from './NavLink.tsx'

/** Phone-width tab bar: the four main screens and Logout, within thumb reach. */
export function BottomTabs({ onLogout }: { onLogout: () => void }) {
  return (
    <Box
      as="nav"
      aria-label="Tabs"
      display={{ base: 'block', md: 'none' }}
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="sticky"
      bg="bg"
      borderTopWidth="1px"
      pb="env(safe-area-inset-bottom)"
    >
      <Grid templateColumns="repeat(5, 1fr)" h="14" alignItems="stretch">
        {mainNav.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            fontSize="sm"
            display="flex"
            alignItems="center"
            justifyContent="center"
            _currentPage={{ color: 'teal.700', fontWeight: 'semibold', bg: 'teal.50' }}
          >
            {item.label}
          </NavLink>
        ))}
        <Button variant="ghost" h="full" borderRadius="0" fontSize="sm" onClick={onLogout}>
          Logout
        </Button>
      </Grid>
    </Box>
  )
}
