/**
 * `npm run bench`: each benchmark prints its own numbers. Add new ones to the list, in order.
 * Shipping comes first: it builds the app and the server, which scale-out then runs.
 */
import { benchBook } from './book.ts'
import { benchBrowser } from './browser.ts'
import { benchCitiesBloat } from './citiesBloat.ts'
import { benchCollectors } from './collectors.ts'
import { benchEngine } from './engine.ts'
import { benchExport } from './export.ts'
import { benchPassbook } from './passbook.ts'
import { benchRooms } from './rooms.ts'
import { benchScaleOut } from './scaleout.ts'
import { benchShipping } from './shipping.ts'
import { benchSync } from './sync.ts'

await benchShipping()
await benchEngine()
await benchBook()
benchExport()
await benchBrowser()
await benchPassbook()
await benchCitiesBloat()
await benchSync()
await benchRooms()
await benchScaleOut()
await benchCollectors()

// Every part has closed what it opened, yet after the browser part Node stays up, idle, with
// nothing that `process.getActiveResourcesInfo()` names but stdout's pipe (what holds it is not
// found yet). A benchmark owns its process: once the last number is printed, it ends.
process.exit(0)
