/** The shell's destinations, in the spec's order; Trash is ours (nothing is destroyed). */
export const mainNav = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/people', label: 'People' },
  { to: '/loans', label: 'Loans' },
  { to: '/city', label: 'Cities' },
] as const

/** Where deleted people and loans wait to be restored. */
export const trashNav = { to: '/trash', label: 'Trash' } as const

/** This device's name, the signed-in devices, the password. */
export const settingsNav = { to: '/settings', label: 'Settings' } as const

/** A path the shell links to. */
export type ShellPath = (typeof mainNav)[number]['to'] | typeof trashNav.to | typeof settingsNav.to
