/**
 * `npm run bench`: each benchmark prints its own numbers. Add new ones to the list, in order.
 */
import { benchEngine } from './engine.ts'
import { benchScaleOut } from './scaleout.ts'
import { benchSync } from './sync.ts'

await benchEngine()
await benchSync()
await benchScaleOut()
