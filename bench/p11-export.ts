// P11 of shared/design/performance.md, one export in a process of its own: bench/bench-orders.ts
// starts it fresh (`node --import tsx bench/p11-export.ts '<config JSON>'`) once per export, so its
// RSS is the export's and the runtime's, not the bench's other work. It connects to the bench
// database (made by bench/generate-orders.ts), runs exportOrderLinesCsv as a store owner into a sink
// that only counts bytes and lines, samples process.memoryUsage().rss every 50 ms, and prints one
// JSON line (P11Result) as its last line of output.
import { DEFAULT_ORDER_LIST_VIEW } from '../src/isomorphic/order-list-view'
import { adoptConnection, closeDb, openConnection } from '../src/server/db/client'
import { coreContext } from '../src/server/kernel/context'
import { exportOrderLinesCsv } from '../src/server/orders/order-exports'

export type P11Config = { databaseUrl: string; websiteId: number; from: string | null }

export type P11Result = {
  lines: number
  bytes: number
  ms: number
  linesPerSecond: number
  /** RSS after the modules are loaded and the connection is open, before the export starts. */
  baselineRss: number
  peakRss: number
  /** RSS sampled at 25, 50, 75 and 100 % of the export's duration (100 %: the last sample). */
  quarterRss: [number, number, number, number]
  samples: number
}

async function main() {
  const config = JSON.parse(process.argv[2] ?? '') as P11Config
  adoptConnection(await openConnection({ databaseUrl: config.databaseUrl }))
  try {
    const owner = coreContext({
      websiteId: config.websiteId,
      actor: { kind: 'staff', staffId: 1, email: 'owner@bench.example', name: 'Bench owner', role: 'owner', storeIds: [], sessionId: null },
    })
    const baselineRss = process.memoryUsage().rss
    let peakRss = baselineRss
    const samples: number[] = []
    const sample = () => {
      const rss = process.memoryUsage().rss
      samples.push(rss)
      peakRss = Math.max(peakRss, rss)
    }
    const sampler = setInterval(sample, 50)
    let lines = -1 // the header row
    let bytes = 0
    const started = performance.now()
    for await (const chunk of exportOrderLinesCsv(owner, { ...DEFAULT_ORDER_LIST_VIEW, from: config.from })) {
      bytes += Buffer.byteLength(chunk)
      for (let i = chunk.indexOf('\r\n'); i !== -1; i = chunk.indexOf('\r\n', i + 2)) lines++
    }
    const ms = performance.now() - started
    clearInterval(sampler)
    sample()
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.max(0, Math.ceil(samples.length * q) - 1))]!
    const result: P11Result = {
      lines,
      bytes,
      ms,
      linesPerSecond: lines / (ms / 1000),
      baselineRss,
      peakRss,
      quarterRss: [at(0.25), at(0.5), at(0.75), at(1)],
      samples: samples.length,
    }
    console.log(JSON.stringify(result))
  } finally {
    await closeDb()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
