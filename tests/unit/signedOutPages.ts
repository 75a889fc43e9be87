/**
 * The source files of the pages a signed-out visitor can see: what the first download carries,
 * before the app route brings the shell (Chakra's provider) and the screens' texts.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

const SRC = path.resolve(import.meta.dirname, '../../src')

/** The pages a signed-out visitor can see, drawn before the shell brings Chakra's provider. */
const SIGNED_OUT_ROOTS = [
  'main.tsx',
  'features/auth/LoginScreen.tsx',
  'routes/RouteError.tsx',
  'ui/shell/PendingScreen.tsx',
]

/** Files reachable from `roots` through static relative imports (dynamic ones are chunks). */
function staticClosure(roots: string[]): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/^import[^'"]*from\s*'(\.[^']+)'/gm)) {
      visit(path.resolve(path.dirname(file), match[1]!))
    }
  }
  for (const root of roots) visit(path.join(SRC, root))
  return [...seen]
}

/** The .ts and .tsx files the signed-out pages import statically, as absolute paths. */
export function signedOutFiles(): string[] {
  return staticClosure(SIGNED_OUT_ROOTS).filter((file) => /\.tsx?$/.test(file))
}
