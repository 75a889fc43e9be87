/**
 * The app's design system carries only the Chakra recipes it uses (src/ui/theme.ts): a component
 * whose recipe is missing renders unstyled, with no error anywhere. These tests read which
 * Chakra components the code imports and check that their recipes are there, and that the
 * pages shown before the shell (and Chakra's provider) loads import nothing from Chakra.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { defaultSystem, type SystemContext } from '@chakra-ui/react'
import { describe, expect, it } from 'vitest'
import { PALETTES, appSystem } from '../../src/ui/theme.ts'
import { signedOutFiles } from './signedOutPages.ts'

const SRC = path.resolve(import.meta.dirname, '../../src')

// Components styled by another component's recipe.
const RECIPE_OF: Record<string, string> = {
  IconButton: 'button',
  CloseButton: 'button',
  ButtonGroup: 'button',
  InputGroup: 'inputAddon',
  InputAddon: 'inputAddon',
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** Names imported from '@chakra-ui/react' (`Link as ChakraLink` counts as Link). */
function chakraImports(source: string): string[] {
  const names: string[] = []
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim()
      if (name && !name.startsWith('type ')) names.push(name)
    }
  }
  return names
}

/** Chakra recipe keys the components imported by `files` need. */
function recipesNeeded(files: string[]): Map<string, string> {
  const needed = new Map<string, string>()
  for (const file of files) {
    for (const name of chakraImports(readFileSync(file, 'utf8'))) {
      const key = RECIPE_OF[name] ?? name.charAt(0).toLowerCase() + name.slice(1)
      if (defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key)) {
        needed.set(key, `${name} in ${path.relative(SRC, file)}`)
      }
    }
  }
  return needed
}

function missing(design: SystemContext, needed: Map<string, string>): string[] {
  return [...needed]
    .filter(([key]) => !design.isRecipe(key) && !design.isSlotRecipe(key))
    .map(([key, where]) => `${key} (${where})`)
}

/** Chakra's colour palettes, each of which a screen could name. */
const CHAKRA_PALETTES = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'cyan',
  'purple',
  'pink',
]

describe('design system', () => {
  it('finds the components the app uses (the scan itself works)', () => {
    const needed = recipesNeeded(sourceFiles(SRC))
    expect([...needed.keys()]).toEqual(expect.arrayContaining(['button', 'table', 'card']))
  })

  it('styles every component the signed-in screens use', () => {
    expect(missing(appSystem(), recipesNeeded(sourceFiles(SRC)))).toEqual([])
  })

  it('has every colour palette a screen names, and builds those only', () => {
    const named = new Set<string>()
    // theme.ts itself names the palettes it leaves out.
    for (const file of sourceFiles(SRC).filter((file) => !file.endsWith('theme.ts'))) {
      const source = readFileSync(file, 'utf8')
      for (const name of CHAKRA_PALETTES) {
        // `colorPalette="red"`, a palette map's `'red'`, or a token such as `red.600`.
        if (new RegExp(`['"]${name}['"]|\\b${name}\\.\\d`).test(source)) named.add(name)
      }
    }
    expect(named).toContain('red')
    expect([...named].filter((name) => !PALETTES.includes(name))).toEqual([])
    for (const name of PALETTES) {
      expect(appSystem().token(`colors.${name}.600`, 'missing')).not.toBe('missing')
      expect(appSystem().token(`colors.${name}.solid`, 'missing')).not.toBe('missing')
    }
    expect(appSystem().token('colors.pink.600', 'missing')).toBe('missing')
  })

  it('draws the signed-out pages without Chakra, whose provider is the shell’s', () => {
    // Outside the provider a Chakra component has no system to read and the page fails.
    const files = signedOutFiles()
    expect(files.map((file) => path.relative(SRC, file))).toContain('features/auth/LoginScreen.tsx')
    const drawnWithChakra = files
      .filter((file) => /from '@chakra-ui\/react/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file))
    expect(drawnWithChakra).toEqual([])
  })
})
