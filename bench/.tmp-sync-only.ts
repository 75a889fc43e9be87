import { benchSync } from '/work/wt/i10/bench/sync.ts'
await benchSync()
