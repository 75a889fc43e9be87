import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react'
import { breakpoints } from '@chakra-ui/react/dist/esm/theme/breakpoints.js'
import { globalCss } from '@chakra-ui/react/dist/esm/theme/global-css.js'
import { layerStyles } from '@chakra-ui/react/dist/esm/theme/layer-styles.js'
import { animationStyles } from '@chakra-ui/react/dist/esm/theme/motion-styles.js'
import { badgeRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/badge.js'
import { buttonRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/button.js'
import { cardSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/card.js'
import { collapsibleSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/collapsible.js'
import { dataListSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/data-list.js'
import { datePickerSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/date-picker.js'
import { dialogSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/dialog.js'
import { fieldSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/field.js'
import { headingRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/heading.js'
import { inputAddonRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/input-addon.js'
import { inputRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/input.js'
import { linkRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/link.js'
import { listSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/list.js'
import { menuSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/menu.js'
import { nativeSelectSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/native-select.js'
import { spinnerRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/spinner.js'
import { statSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/stat.js'
import { tableSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/table.js'
import { textareaRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/textarea.js'
import { toastSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/toast.js'
import { semanticColors } from '@chakra-ui/react/dist/esm/theme/semantic-tokens/colors.js'
import { semanticRadii } from '@chakra-ui/react/dist/esm/theme/semantic-tokens/radii.js'
import { semanticShadows } from '@chakra-ui/react/dist/esm/theme/semantic-tokens/shadows.js'
import { textStyles } from '@chakra-ui/react/dist/esm/theme/text-styles.js'
import { animations } from '@chakra-ui/react/dist/esm/theme/tokens/animations.js'
import { aspectRatios } from '@chakra-ui/react/dist/esm/theme/tokens/aspect-ratios.js'
import { blurs } from '@chakra-ui/react/dist/esm/theme/tokens/blurs.js'
import { borders } from '@chakra-ui/react/dist/esm/theme/tokens/borders.js'
import { colors } from '@chakra-ui/react/dist/esm/theme/tokens/colors.js'
import { cursor } from '@chakra-ui/react/dist/esm/theme/tokens/cursor.js'
import { durations } from '@chakra-ui/react/dist/esm/theme/tokens/durations.js'
import { easings } from '@chakra-ui/react/dist/esm/theme/tokens/easings.js'
import { fontSizes } from '@chakra-ui/react/dist/esm/theme/tokens/font-sizes.js'
import { fontWeights } from '@chakra-ui/react/dist/esm/theme/tokens/font-weights.js'
import { fonts } from '@chakra-ui/react/dist/esm/theme/tokens/fonts.js'
import { keyframes } from '@chakra-ui/react/dist/esm/theme/tokens/keyframes.js'
import { letterSpacings } from '@chakra-ui/react/dist/esm/theme/tokens/letter-spacing.js'
import { lineHeights } from '@chakra-ui/react/dist/esm/theme/tokens/line-heights.js'
import { radii } from '@chakra-ui/react/dist/esm/theme/tokens/radius.js'
import { sizes } from '@chakra-ui/react/dist/esm/theme/tokens/sizes.js'
import { spacing } from '@chakra-ui/react/dist/esm/theme/tokens/spacing.js'
import { zIndices } from '@chakra-ui/react/dist/esm/theme/tokens/z-indices.js'

// Chakra's `defaultConfig` carries the recipes of all its ~100 components, about 15 kB gzip. The
// app takes Chakra's tokens and styles whole, and only the recipes of the components it uses.
// tests/unit/theme.test.ts fails when a component is used whose recipe is missing. Chakra and
// this theme come with the signed-in shell (AppShell.tsx); the pages a signed-out visitor sees
// are plain elements (plain.css), so the first visit does not download them.
//
// The parts are imported from their own files, not from '@chakra-ui/react/theme': that module
// also builds Chakra's full theme, every recipe included. Chakra's package exports do not list
// these files, so vite.config.ts and tsconfig.json map the paths (Chakra is pinned; a moved file
// fails the build).

/**
 * Chakra's colour palettes the screens use (as `colorPalette`, or a token such as `red.600`);
 * tests/unit/theme.test.ts fails when a screen names another. Each palette is 11 shades and 7
 * semantic tokens that the system turns into CSS variables as it is built: Chakra's other four
 * (yellow, cyan, purple, pink) and the dark values (`lightOnly`) made its first build about twice
 * as long (in Node, cold: 66–77 ms against 35–41 ms).
 */
export const PALETTES = ['gray', 'red', 'orange', 'green', 'teal', 'blue']
const UNUSED_PALETTES = ['yellow', 'cyan', 'purple', 'pink']

/** `tokens` without the palettes the screens do not use. */
function withoutUnusedPalettes<T extends object>(tokens: T): T {
  return Object.fromEntries(
    Object.entries(tokens).filter(([name]) => !UNUSED_PALETTES.includes(name)),
  ) as T
}

/**
 * `tokens` with each semantic token's light value only. The app has no dark mode (no `.dark`
 * class is ever set), and each `_dark` value is one more rule the system writes as it is built.
 */
function lightOnly<T>(tokens: T): T {
  if (typeof tokens !== 'object' || tokens === null) return tokens
  const entries = Object.entries(tokens).map(([key, value]: [string, unknown]) => {
    if (key === 'value' && typeof value === 'object' && value !== null && '_light' in value) {
      return [key, value._light]
    }
    return [key, lightOnly(value)]
  })
  return Object.fromEntries(entries) as T
}

/** Chakra's theme with the recipes of the components the app uses. */
const baseThemeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors: withoutUnusedPalettes(colors),
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: {
      colors: lightOnly(withoutUnusedPalettes(semanticColors)),
      shadows: lightOnly(semanticShadows),
      radii: semanticRadii,
    },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      datePicker: datePickerSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      stat: statSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
})

/** A light-mode colour token, the same in dark mode (the app has no dark mode yet). */
const both = (value: string) => ({ value: { _light: value, _dark: value } })

/**
 * The ledger's own look: a quieter page colour, and tabular numerals so columns of rupees line
 * up digit under digit.
 *
 * Readable and touchable on a phone in the sun (WCAG 2.2 AA): Chakra's green, orange and teal
 * solids (600) and its error, warning and success text colours carry white or sit on white at
 * 3.3–3.8:1, below the 4.5:1 small text needs, so they move one shade darker. Every button is at
 * least 44 px tall, a thumb's width, and the smallest size's text is 14 px, not 12. A solid
 * button under the pointer turns darker, not paler: Chakra's hover (the solid at 90 % over the
 * page) puts white text at 4.36:1 on blue.
 */
const ledgerConfig = defineConfig({
  globalCss: {
    'html, body': { bg: 'gray.50', color: 'gray.900' },
    'td, [data-figure]': { fontVariantNumeric: 'tabular-nums' },
  },
  theme: {
    semanticTokens: {
      colors: {
        green: { solid: both('{colors.green.700}') },
        orange: { solid: both('{colors.orange.700}') },
        teal: { solid: both('{colors.teal.700}') },
        fg: {
          error: both('{colors.red.600}'),
          warning: both('{colors.orange.700}'),
          success: both('{colors.green.700}'),
        },
      },
    },
    recipes: {
      button: {
        variants: {
          variant: {
            solid: {
              _hover: { bg: 'colorPalette.800' },
              _expanded: { bg: 'colorPalette.800' },
            },
          },
          size: {
            xs: { minH: '11', minW: '11', textStyle: 'sm', px: '3' },
            sm: { minH: '11', minW: '11' },
            md: { minH: '11', minW: '11' },
          },
        },
      },
    },
  },
})

let system: SystemContext | undefined

/**
 * The app's design system, for the shell's ChakraProvider: built at the first call. Building it
 * turns every token into a CSS variable, about 200 ms on a phone-class CPU, so the signed-in
 * route builds it in a task of its own rather than in the one that runs the shell's code.
 */
export function appSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, baseThemeConfig, ledgerConfig)
  return system
}
