import type { ResourceLanguage } from 'i18next'

/** Catalogue files by path, as import.meta.glob gives them. */
export type CatalogueModules = Record<string, { default: ResourceLanguage[string] }>

/**
 * The catalogues of the signed-in screens: every file but the signed-out pages' (index.ts's
 * SIGNED_OUT_NAMESPACES), one chunk that loadAppCatalogues() adds before the shell renders.
 */
export const appCatalogues: CatalogueModules = import.meta.glob(
  ['./locales/*/*.json', '!./locales/*/{auth,common,shell}.json'],
  { eager: true },
)
