/**
 * `npm run bench`: each benchmark prints its own numbers. Add new ones to the list, in order.
 */
import { benchBook } from './book.ts'
import { benchEngine } from './engine.ts'
import { benchScaleOut } from './scaleout.ts'
import { benchSync } from './sync.ts'

await benchEngine()
await benchBook()
await benchSync()
await benchScaleOut()
