import path from 'node:path'

/** What Rolldown tells a chunk group's `name` about the module graph (the part used here). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

const ROOT = path.resolve(import.meta.dirname, '..')
const inRepo = (file: string) => path.join(ROOT, file)

/**
 * What a signed-in start on the dashboard imports besides the entry (see src/routes/app.tsx), in
 * the order its parts can run: the data layer, the shell, the screens' texts, the dashboard. Each
 * part's chunk is named after it.
 */
const SIGNED_IN_START: readonly { chunk: string; file: string }[] = [
  { chunk: 'signed-in-data', file: 'src/data/book/workspace.ts' },
  { chunk: 'signed-in-shell', file: 'src/ui/shell/AppShell.tsx' },
  { chunk: 'signed-in-texts', file: 'src/i18n/appCatalogues.ts' },
  { chunk: 'signed-in-dashboard', file: 'src/features/dashboard/DashboardScreen.tsx' },
].map(({ chunk, file }) => ({ chunk, file: inRepo(file) }))

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

/** Each module of a signed-in start, beyond the signed-out visit's, and the chunk it goes in. */
function chunks(graph: ModuleGraph): Map<string, string> {
  const parts = SIGNED_IN_START.map(({ file }) => file)
  const taken = new Set([...reachable(graph, SIGNED_OUT), ...parts])
  const chunkOf = new Map<string, string>()
  SIGNED_IN_START.forEach(({ chunk, file }, i) => {
    const imported = reachable(graph, [file])
    // A part that imported a later one's file would make their chunks import each other.
    const later = parts.slice(i + 1).find((part) => imported.has(part))
    if (later) {
      const [from, to] = [file, later].map((id) => path.relative(ROOT, id))
      throw new Error(`${from} imports ${to}: list ${to} before it in SIGNED_IN_START`)
    }
    for (const id of imported) {
      if (!taken.has(id) && !chunkOf.has(id)) chunkOf.set(id, chunk)
    }
  })
  return chunkOf
}

/**
 * Rolldown's chunk groups (`output.codeSplitting.groups`) for the code a signed-in start needs
 * beyond the signed-out visit's. Left to itself, Rolldown splits that code by which screens share
 * each module: 55 files, most of a few kB. A new phone on slow 4G fetches them over six
 * connections with 150 ms round trips, one request at a time on each, found level by level as
 * each file arrives: about 2.4 s between the entry's evaluation and the dashboard's last file.
 * Here they are one file per part of the start, fetched side by side.
 *
 * - One file per part, not one for all: a chunk's modules all run when it is first imported.
 *   With all the start's own code in one chunk (and the libraries' in another), the first of the
 *   start's imports to arrive ran nearly all of it in one task: opening the app from cold at 4×
 *   CPU, the longest task's median over 20 starts was 233 ms; with a chunk per part, 193 ms.
 * - A module goes in the first part (in the order above) that imports it, and no part may import
 *   a later one (the build fails if one does). A part's chunk then imports only its own modules,
 *   earlier parts' chunks and the signed-out visit's: the chunks form no cycle, and each module
 *   runs after what it imports. (Split by size instead, the pieces imported one another and a
 *   module ran before one of its imports: the dashboard failed to open.)
 * - The start's dynamic imports themselves stay chunks of their own, so that each screen keeps
 *   its name in the build's manifest, and its own small chunk.
 * - Nothing the signed-out visit loads is taken: the login screen downloads no more than before.
 * - Only these modules, not their other imports (`includeDependenciesRecursively: false`): those
 *   are the signed-out visit's, loaded before.
 */
export function signedInStartGroups() {
  let chunkOf: Map<string, string> | undefined
  return [
    {
      name(id: string, graph: ModuleGraph): string | null {
        chunkOf ??= chunks(graph)
        return chunkOf.get(id) ?? null
      },
      includeDependenciesRecursively: false,
    },
  ]
}
