/**
 * The layout this code writes, as a number alone: the app's first screen asks the server for a
 * book of this layout before the layouts' code (and Yjs with it) has arrived. `index.ts` holds
 * it to the last step of `LAYOUTS` (a test fails when a new step does not raise it).
 */
export const CURRENT_LAYOUT = 7
