import { Link as ChakraLink, type LinkProps } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { ShellPath } from './navItems.ts'

/** A router link styled for the shell; the current page gets `aria-current="page"`. */
export function NavLink({
  to,
  children,
  ...style
}: { to: ShellPath; children: ReactNode } & Omit<LinkProps, 'asChild' | 'href'>) {
  return (
    <ChakraLink
      asChild
      fontWeight="medium"
      color="fg.muted"
      _currentPage={{ color: 'teal.700', fontWeight: 'semibold' }}
      _hover={{ color: 'teal.700', textDecoration: 'none' }}
      {...style}
    >
      <Link to={to}>{children}</Link>
    </ChakraLink>
  )
}
