// P12's second instance (shared/design/performance.md): a process of its own, started by
// bench/bench-console.ts (`node --import tsx bench/p12-reader.ts '<config JSON>'`), that serves the
// shop's product read as a server instance does — findProductBySlugCached from its own in-memory
// Products cache, dropped when another instance says so through Redis (src/server/cache/shared-caches.ts,
// the same prefix as the saving process). Told over IPC which product to watch and the name a save
// will give it, it reads the product until it serves that name, then says so.
import { setTimeout as sleep } from 'node:timers/promises'
import { useNamedCache as installNamedCache } from '../src/server/cache/named-cache'
import { connectSharedCaches } from '../src/server/cache/shared-caches'
import { findProductBySlugCached } from '../src/server/catalog/catalog-service'
import { adoptConnection, closeDb, openConnection } from '../src/server/db/client'

export type P12ReaderConfig = { databaseUrl: string; redisUrl: string; prefix: string; websiteId: number }

export type P12ReaderRequest = { kind: 'watch'; slug: string; name: string } | { kind: 'stop' }
export type P12ReaderAnswer = { kind: 'ready' } | { kind: 'watching'; served: string | null } | { kind: 'seen'; reads: number } | { kind: 'gave-up'; served: string | null }

/** How long a watch lasts before the change is called not seen. */
const GIVE_UP_MS = 5000

const send = (answer: P12ReaderAnswer) => process.send!(answer)

async function main() {
  const config = JSON.parse(process.argv[2] ?? '') as P12ReaderConfig
  adoptConnection(await openConnection({ databaseUrl: config.databaseUrl }))
  const shared = connectSharedCaches({ url: config.redisUrl, prefix: config.prefix, name: `${config.prefix}reader-${process.pid}` })
  installNamedCache(shared.cache)
  if (!(await shared.bus.whenListening(5000))) throw new Error('the reader could not listen on Redis')
  const read = async (slug: string) => (await findProductBySlugCached({ websiteId: config.websiteId, slug }))?.name ?? null

  process.on('message', (request: P12ReaderRequest) => {
    if (request.kind === 'stop') {
      void shared.close().then(closeDb).then(() => process.exit(0))
      return
    }
    void (async () => {
      // The product as the shop serves it now (cached, as on a warm instance), then read again and
      // again — a Map lookup while the cache holds it — until the save's name is served.
      send({ kind: 'watching', served: await read(request.slug) })
      const started = performance.now()
      let reads = 0
      while (performance.now() - started < GIVE_UP_MS) {
        reads++
        if ((await read(request.slug)) === request.name) {
          send({ kind: 'seen', reads })
          return
        }
        await sleep(1)
      }
      send({ kind: 'gave-up', served: await read(request.slug) })
    })()
  })
  send({ kind: 'ready' })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
