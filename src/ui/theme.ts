import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react'

/**
 * The app's design system: Chakra's defaults with the ledger's type and a quieter page colour.
 * Figures use tabular numerals so columns of rupees line up digit under digit.
 */
export const system = createSystem(
  defaultConfig,
  defineConfig({
    globalCss: {
      'html, body': { bg: 'gray.50', color: 'gray.900' },
      'td, [data-figure]': { fontVariantNumeric: 'tabular-nums' },
    },
  }),
)
