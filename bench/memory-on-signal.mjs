// Preloaded into a benchmark's server process (`node --expose-gc --import <this file>`): on
// SIGUSR2 it collects all garbage and writes the process's memory figures to MEMORY_FILE as JSON.
import { writeFileSync } from 'node:fs'

process.on('SIGUSR2', () => {
  for (let i = 0; i < 4; i++) globalThis.gc()
  const usage = process.memoryUsage()
  const figures = { rss: usage.rss, heap: usage.heapUsed + usage.external }
  writeFileSync(process.env.MEMORY_FILE, JSON.stringify(figures))
})
