import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react'
import { badgeRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/badge.js'
import { collapsibleSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/collapsible.js'
import { dataListSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/data-list.js'
import { datePickerSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/date-picker.js'
import { dialogSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/dialog.js'
import { inputAddonRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/input-addon.js'
import { listSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/list.js'
import { menuSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/menu.js'
import { nativeSelectSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/native-select.js'
import { statSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/stat.js'
import { tableSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/table.js'
import { textareaRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/textarea.js'
import { toastSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/toast.js'
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
      recipes: { badge: badgeRecipe, inputAddon: inputAddonRecipe, textarea: textareaRecipe },
      slotRecipes: {
        collapsible: collapsibleSlotRecipe,
        dataList: dataListSlotRecipe,
        datePicker: datePickerSlotRecipe,
        dialog: dialogSlotRecipe,
        list: listSlotRecipe,
        menu: menuSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
        stat: statSlotRecipe,
        table: tableSlotRecipe,
        toast: toastSlotRecipe,
      },
    },
  }),
  ledgerConfig,
)
