import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react'
import { badgeRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/badge.js'
import { collapsibleSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/collapsible.js'
import { dialogSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/dialog.js'
import { menuSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/menu.js'
import { nativeSelectSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/native-select.js'
import { statSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/stat.js'
import { tableSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/table.js'
import { textareaRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/textarea.js'
import { baseThemeConfig, ledgerConfig } from './theme.ts'

/**
 * The design system of the signed-in app: the base one plus the recipes of the components the
 * screens use. A chunk of its own, fetched with the shell (see theme.ts for why).
 */
export const appSystem = createSystem(
  defaultBaseConfig,
  baseThemeConfig,
  defineConfig({
    theme: {
      recipes: { badge: badgeRecipe, textarea: textareaRecipe },
      slotRecipes: {
        collapsible: collapsibleSlotRecipe,
        dialog: dialogSlotRecipe,
        menu: menuSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
        stat: statSlotRecipe,
        table: tableSlotRecipe,
      },
    },
  }),
  ledgerConfig,
)
