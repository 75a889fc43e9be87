/**
 * Debian's Chromium as every browser test and browser figure runs it: never a downloaded browser,
 * and none of its own traffic (updates, sync, first-run pages) beside the app's.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}
