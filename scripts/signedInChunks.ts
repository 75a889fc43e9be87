import path from 'node:path'

/** What Rolldown tells a chunk group's `name` about the module graph (the part used here). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

const ROOT = path.resolve(import.meta.dirname, '..')
const inRepo = (file: string) => path.join(ROOT, file)

/**
 * What a signed-in start on the dashboard imports besides the entry (see src/routes/app.tsx): the
 * data layer, the shell, the screens' texts and the dashboard.
 */
const SIGNED_IN_START = [
  'src/data/book/workspace.ts',
  'src/ui/shell/AppShell.tsx',
  'src/i18n/appCatalogues.ts',
  'src/features/dashboard/DashboardScreen.tsx',
].map(inRepo)

/** What a signed-out visit loads: the entry and the login screen. */
const SIGNED_OUT = ['src/main.tsx', 'src/features/auth/LoginScreen.tsx'].map(inRepo)

/** Every module `from` imports statically, directly or not, themselves included. */
function reachable(graph: ModuleGraph, from: string[]): Set<string> {
  const seen = new Set<string>()
  const next = [...from]
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    next.push(...(graph.getModuleInfo(id)?.importedIds ?? []))
  }
  return seen
}

/**
 * Rolldown's chunk groups (`output.codeSplitting.groups`) for the code a signed-in start needs
 * beyond the signed-out visit's. Left to itself, Rolldown splits that code by which screens share
 * each module: 55 files, most of a few kB. A new phone on slow 4G fetches them over six
 * connections with 150 ms round trips, one request at a time on each, found level by level as
 * each file arrives: about 2.4 s between the entry's evaluation and the dashboard's last file.
 * Here they are two files, fetched side by side: the libraries', and the app's own.
 *
 * - The start's dynamic imports themselves stay chunks of their own, so that each screen keeps
 *   its name in the build's manifest, and its own small chunk.
 * - Nothing the signed-out visit loads is taken: the login screen downloads no more than before.
 * - Only these modules, not their other imports (`includeDependenciesRecursively: false`): those
 *   are the signed-out visit's, loaded before. Neither chunk is imported by them, and the
 *   libraries never import the app, so the two chunks and the rest form no cycle, and each
 *   module runs after what it imports. (Split further by size, the pieces imported one another
 *   and a module ran before one of its imports: the dashboard failed to open.)
 */
export function signedInStartGroups() {
  let members: Set<string> | undefined
  return [
    {
      name(id: string, graph: ModuleGraph): string | null {
        if (!members) {
          members = reachable(graph, SIGNED_IN_START)
          for (const taken of [...reachable(graph, SIGNED_OUT), ...SIGNED_IN_START]) {
            members.delete(taken)
          }
        }
        if (!members.has(id)) return null
        return /[\\/]node_modules[\\/]/.test(id) ? 'signed-in-libs' : 'signed-in-app'
      },
      includeDependenciesRecursively: false,
    },
  ]
}
