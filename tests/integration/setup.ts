import { afterAll } from 'vitest'
import { cleanup } from './harness.ts'

// Every file's servers, clients and temp dirs go once its tests are done, whatever they started.
afterAll(cleanup)
