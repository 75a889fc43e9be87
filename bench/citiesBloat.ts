/**
 * The shared cities as an older server let one account bloat them: 200,000 cities and one of
 * 15 MiB (about 30 MiB in all). Another lender, new to the server, opens the Cities screen and
 * the person form over them in Chromium; this prints how long each took. The browser test
 * (tests/e2e/cities-bloat.spec.ts) checks the same on a tenth of the cities.
 * Needs the built app and server (the shipping part builds them).
 */
import { chromium } from '@playwright/test'
import { openOverBloat, startBloatedServer } from '../tests/e2e/pages/bloatedCities.ts'

const CITIES = 200_000

export async function benchCitiesBloat(): Promise<void> {
  console.log(`\n## Cities bloat: ${CITIES.toLocaleString('en-IN')} cities and one of 15 MiB`)
  const server = await startBloatedServer(CITIES)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const { citiesMs, formMs } = await openOverBloat(browser, server.url)
    console.log(`another lender's Cities screen shows Ujjain: ${citiesMs} ms`)
    console.log(`their person form, opened afresh over the same cities: ${formMs} ms`)
  } finally {
    await browser.close()
    server.stop()
  }
}
