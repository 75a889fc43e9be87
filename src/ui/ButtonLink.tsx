import { Button, type ButtonProps } from '@chakra-ui/react'
import { Link, type LinkComponentProps, type RegisteredRouter } from '@tanstack/react-router'

/**
 * A way to another screen that looks like a button (Edit, Deposit, Statement): a real link, so
 * it opens in a new tab and reads as a link, with the button's look and size from `ButtonProps`.
 */
export function ButtonLink<const TTo extends string | undefined>({
  link,
  children,
  ...button
}: ButtonProps & { link: LinkComponentProps<'a', RegisteredRouter, string, TTo> }) {
  // The caller's `link` was checked against its own route above; Link's generic props cannot
  // follow `TTo` through the spread, so here it is the plain form of the same props.
  return (
    <Button asChild {...button}>
      <Link {...(link as LinkComponentProps)}>{children}</Link>
    </Button>
  )
}
