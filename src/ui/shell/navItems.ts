/**
 * The shell's destinations, in the spec's order; Trash is ours (nothing is destroyed). `word` is
 * the destination's name in the catalogue (shell:nav.<word>).
 */
export const mainNav = [
  { to: '/dashboard', word: 'dashboard' },
  { to: '/people', word: 'people' },
  { to: '/loans', word: 'loans' },
  { to: '/city', word: 'cities' },
] as const

/** Where deleted people and loans wait to be restored. */
export const trashNav = { to: '/trash', word: 'trash' } as const

/** This device's name, the signed-in devices, the password. */
export const settingsNav = { to: '/settings', word: 'settings' } as const

/** A path the shell links to. */
export type ShellPath = (typeof mainNav)[number]['to'] | typeof trashNav.to | typeof settingsNav.to
