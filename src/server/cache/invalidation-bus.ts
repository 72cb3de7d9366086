import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import { logger } from '../kernel/logger'
import { CACHE_NAMES, type CacheName } from './named-cache'

// Every instance keeps its caches in its own memory and tells the others, over one Redis channel,
// what a write made stale. Redis pub/sub delivers at most once: a message published while an
// instance is not subscribed is lost to it. So an instance that is not listening cannot trust what
// it holds: it is told to drop everything when it stops listening, every second while it stays
// deaf, and once more when it listens again (onMissed). Its caches then never outlive a write by
// more than about a second, the same bound as while everything works.

/**
 * What a write made stale: named caches — one store's (`websiteId`) or every store's — and tags of
 * rendered pages (Next's revalidateTag).
 */
export type Invalidation = { names?: CacheName[]; websiteId?: number; tags?: string[] }

export type InvalidationBus = {
  /** Tells the other instances. Never throws: a message that cannot be sent now is made good later. */
  publish(message: Invalidation): Promise<void>
  /** True while subscribed, i.e. while every other instance's invalidations arrive here. */
  isListening(): boolean
  /** Resolves when the bus is listening (true), or false when it is not within `timeoutMs`. */
  whenListening(timeoutMs: number): Promise<boolean>
  close(): void
}

export const HEARTBEAT_MS = 1000

type Envelope = Invalidation & { from: string }

/** The message on the channel; `from` lets an instance ignore its own. */
export function encodeInvalidation(message: Invalidation, from: string): string {
  return JSON.stringify({ ...message, from } satisfies Envelope)
}

function parseEnvelope(raw: string): Envelope | null {
  try {
    const value = JSON.parse(raw) as unknown
    if (!value || typeof value !== 'object' || typeof (value as Envelope).from !== 'string') return null
    const { from, names, tags, websiteId } = value as Envelope
    const known = new Set<string>(CACHE_NAMES)
    return {
      from,
      websiteId: Number.isSafeInteger(websiteId) && websiteId! > 0 ? websiteId : undefined,
      names: Array.isArray(names) ? names.filter((name): name is CacheName => known.has(name)) : undefined,
      tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : undefined,
    }
  } catch {
    return null
  }
}

export function createInvalidationBus({
  publisher,
  subscriber,
  channel,
  onMessage,
  onMissed,
}: {
  /** A connection for commands (publishing). */
  publisher: Redis
  /** A connection of its own, used for nothing else (it is put in subscriber mode). */
  subscriber: Redis
  channel: string
  /** Another instance's invalidation. */
  onMessage: (message: Invalidation) => void
  /** Messages may have been lost: drop everything. */
  onMissed: () => void
}): InvalidationBus {
  const id = randomUUID()
  let listening = false
  let closed = false
  // An invalidation that could not be published: announced as "everything" once Redis is back.
  let owed = false
  let waiters: ((listening: boolean) => void)[] = []

  function wakeWaiters(value: boolean) {
    for (const wake of waiters) wake(value)
    waiters = []
  }

  function stopListening(reason: string) {
    if (!listening || closed) return
    listening = false
    logger().warn({ channel, reason }, 'cache invalidations: not listening; local caches are dropped every second until Redis is back')
    onMissed()
  }

  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        if (closed) return
        const wasDeaf = !listening
        listening = true
        // Whatever was published while this instance was not subscribed never reaches it.
        if (wasDeaf) onMissed()
        wakeWaiters(true)
      },
      (error: unknown) => {
        logger().error({ err: error, channel }, 'cache invalidations: subscribing failed; reconnecting')
        subscriber.disconnect(true)
      },
    )
  })
  subscriber.on('close', () => stopListening('connection closed'))
  subscriber.on('end', () => stopListening('connection ended'))
  // Errors show up as 'close' (and are logged there); a listener keeps ioredis from printing them.
  subscriber.on('error', () => {})
  publisher.on('error', () => {})
  subscriber.on('message', (source: string, raw: string) => {
    if (source !== channel) return
    const envelope = parseEnvelope(raw)
    if (!envelope || envelope.from === id) return
    onMessage(envelope.websiteId === undefined ? { names: envelope.names, tags: envelope.tags } : { names: envelope.names, websiteId: envelope.websiteId, tags: envelope.tags })
  })

  async function send(message: Invalidation): Promise<boolean> {
    try {
      await publisher.publish(channel, encodeInvalidation(message, id))
      return true
    } catch (error) {
      // One line per outage: everything is announced at its end anyway.
      if (!owed) {
        const reason = error instanceof Error ? error.message : String(error)
        logger().error({ channel, reason, ...message }, 'cache invalidations: could not tell the other instances; they are told when Redis is back')
      }
      owed = true
      return false
    }
  }

  // Every second: while listening, a ping the subscriber must answer within SUBSCRIBER_SILENCE_MS (a
  // link that died silently is noticed); while deaf, drop everything again; and once Redis takes
  // commands again, announce what could not be sent as "everything".
  const tick = setInterval(() => {
    if (listening) subscriber.ping().catch(() => {})
    else onMissed()
    if (owed && publisher.status === 'ready') {
      owed = false
      void send({ names: [...CACHE_NAMES] })
    }
  }, HEARTBEAT_MS)
  tick.unref()

  return {
    async publish(message) {
      await send(message)
    },
    isListening: () => listening,
    whenListening(timeoutMs) {
      if (listening) return Promise.resolve(true)
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(listening), timeoutMs)
        timer.unref()
        waiters.push((value) => {
          clearTimeout(timer)
          resolve(value)
        })
      })
    },
    close() {
      closed = true
      listening = false
      clearInterval(tick)
      wakeWaiters(false)
    },
  }
}
