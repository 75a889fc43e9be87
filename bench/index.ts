/**
 * `npm run bench`: each benchmark prints its own numbers. Add new ones to the list, in order.
 */
import { benchEngine } from './engine.ts'

await benchEngine()
