import { test } from '@playwright/test'
import { openOverBloat, startBloatedServer } from './pages/bloatedCities.ts'

/**
 * The cities every lender shares, as one account left them before the server capped them:
 * 20,000 cities and one with a 15 MiB createdAt (30 MiB). Another lender's Cities screen and
 * person form still open: the reader skips the oversized city, and the screens stay usable.
 * (`npm run bench` times the same on 200,000 cities.)
 */
test('another lender’s Cities screen and person form open over 20,000 cities and one of 15 MiB', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const server = await startBloatedServer(20_000)
  try {
    const { citiesMs, formMs } = await openOverBloat(browser, server.url)
    console.log(`cities bloat: the Cities screen showed Ujjain in ${citiesMs} ms`)
    console.log(`cities bloat: the person form showed in ${formMs} ms`)
  } finally {
    server.stop()
  }
})
