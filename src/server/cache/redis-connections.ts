import { Redis } from 'ioredis'

// Two connections per process: one for commands (rate-limit counters, publishing invalidations) and
// one held in subscriber mode for the invalidation bus. Both reconnect on their own, quickly.

/** Commands answer fast or fail: a caller waiting on Redis is a request waiting on Redis. */
const COMMAND_TIMEOUT_MS = 500
/** The subscriber is pinged every second; this long without an answer means the link is dead. */
export const SUBSCRIBER_SILENCE_MS = 2500

const reconnectDelay = (attempt: number) => Math.min(100 * attempt, 1000)

export type RedisConnections = {
  commands: Redis
  subscriber: Redis
  close(): Promise<void>
}

export function openRedisConnections(url: string, name: string): RedisConnections {
  const common = { connectTimeout: 2000, retryStrategy: reconnectDelay, maxRetriesPerRequest: 1 }
  const commands = new Redis(url, {
    ...common,
    connectionName: `${name}-commands`,
    // While disconnected a command fails at once instead of queueing: each caller decides what that
    // means (a limit refuses or counts locally; a lost invalidation is announced again later).
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
  })
  const subscriber = new Redis(url, {
    ...common,
    connectionName: `${name}-subscriber`,
    // The bus subscribes again itself on every (re)connection, so it knows when it is listening.
    autoResubscribe: false,
    socketTimeout: SUBSCRIBER_SILENCE_MS,
  })
  return {
    commands,
    subscriber,
    async close() {
      await Promise.all([commands.quit().catch(() => commands.disconnect()), subscriber.quit().catch(() => subscriber.disconnect())])
    },
  }
}
