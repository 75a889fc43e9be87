import { Box, type BoxProps } from '@chakra-ui/react'

/**
 * A framed part of a screen (a payoff quote, a receipt, the cash collected, a question about the
 * rest of a deposit), named by `label` for screen readers. `flow` lays its parts out in a column
 * or a row; without it they stack as blocks.
 */
export function Panel({
  label,
  flow,
  children,
  ...props
}: { label: string; flow?: 'row' | 'column' } & Omit<BoxProps, 'aria-label'>) {
  return (
    <Box
      aria-label={label}
      borderWidth="1px"
      borderRadius="md"
      {...(flow !== undefined && { display: 'flex', flexDirection: flow })}
      {...props}
    >
      {children}
    </Box>
  )
}
