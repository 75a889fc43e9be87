import { Box, Button, Flex, HStack, Link as ChakraLink, Menu, Portal, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { mainNav, settingsNav, trashNav } from './navItems.ts'
import { NavLink } from './NavLink.tsx'
import { SyncIndicator } from './SyncIndicator.tsx'

/**
 * The bar across the top. Desktop: title, nav links, Trash, Settings, the lender's email, Logout.
 * Phone: title, sync state and a Menu button (every screen and Logout); the main tabs are also in
 * the bottom bar.
 * Both layouts are in the DOM and CSS hides one, so there is no flash of the wrong one and a
 * hidden copy is out of the accessibility tree.
 */
export function TopBar({ email, onLogout }: { email: string; onLogout: () => void }) {
  const { t } = useTranslation('shell')
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Flex
        maxW="6xl"
        mx="auto"
        px={{ base: '3', md: '6' }}
        h="14"
        align="center"
        gap={{ base: '2', md: '6' }}
      >
        <ChakraLink
          asChild
          fontWeight="bold"
          fontSize="lg"
          color="teal.800"
          whiteSpace="nowrap"
          flexShrink={0}
        >
          <Link to="/dashboard">{t('common:appName')}</Link>
        </ChakraLink>
        <HStack as="nav" aria-label={t('mainNav')} gap="5" display={{ base: 'none', md: 'flex' }}>
          {mainNav.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {t(`nav.${item.word}`)}
            </NavLink>
          ))}
          <NavLink to={trashNav.to}>{t(`nav.${trashNav.word}`)}</NavLink>
          <NavLink to={settingsNav.to}>{t(`nav.${settingsNav.word}`)}</NavLink>
        </HStack>
        <Box flex="1" />
        <SyncIndicator />
        <HStack gap="3" display={{ base: 'none', md: 'flex' }} flexShrink={0}>
          <Text fontSize="sm" color="fg.muted" maxW="56" truncate title={email}>
            {email}
          </Text>
          <Button size="sm" variant="outline" onClick={onLogout}>
            {t('logout')}
          </Button>
        </HStack>
        <Box display={{ base: 'block', md: 'none' }} flexShrink={0}>
          <PhoneMenu email={email} onLogout={onLogout} />
        </Box>
      </Flex>
    </Box>
  )
}

function PhoneMenu({ email, onLogout }: { email: string; onLogout: () => void }) {
  const { t } = useTranslation('shell')
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline">
          {t('menu')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel fontWeight="normal" color="fg.muted">
                {email}
              </Menu.ItemGroupLabel>
              {[...mainNav, trashNav, settingsNav].map((item) => (
                <Menu.Item key={item.to} value={item.to} asChild>
                  <Link to={item.to}>{t(`nav.${item.word}`)}</Link>
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={onLogout}>
              {t('logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
