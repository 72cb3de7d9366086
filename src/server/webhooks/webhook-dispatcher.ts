import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../db/schema'
import { type OutboundPolicy, outboundPolicy } from '../adapters/outbound'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { onWebhooksQueued } from '../timeline/order-events'
import { webhookPayload } from './webhook-payload'
import { signWebhook } from './webhook-signature'
import { type WebhookResponse, type WebhookSender, webhookSender } from './webhook-sender'
import { checkWebhookUrl } from './webhook-url'

// Sends the queued webhook deliveries (issue 15). Each app instance runs this in its background:
// every WEBHOOK_POLL_MS one cheap query asks for due deliveries, and an order event that queued
// some in this process wakes it right away. A claim takes due rows with FOR UPDATE SKIP LOCKED and
// moves them a lease ahead in one statement, so two instances never send one delivery at once; a
// process that dies mid-call leaves the row to be taken again when the lease ends (at least once,
// never twice at the same time). Every attempt is logged; a failure (network error, timeout,
// refused address, a non-2xx answer, a redirect) is retried on RETRY_SCHEDULE_MS, then 'failed'.

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** The waits after the 1st, 2nd … failed attempt; after the last one the delivery is 'failed' (7 attempts in all). */
export const RETRY_SCHEDULE_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 8 * HOUR, 24 * HOUR] as const
/** Up to ±10 % of each wait, so receivers that failed together are not all called again at one instant. */
export const RETRY_JITTER = 0.1
/** How long a claimed delivery is not due for anyone else: well over the call's timeout. */
export const CLAIM_LEASE_MS = 2 * MINUTE
export const WEBHOOK_POLL_MS = 15_000
const BATCH_SIZE = 10
/** When a queued event's deliveries are looked for after it was announced (its transaction may not have committed yet). */
const WAKE_DELAYS_MS = [20, 200, 1000, 5000] as const

/** The wait after `failedAttempts` failed attempts in a row, with jitter; null: give up. */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_SCHEDULE_MS[failedAttempts - 1]
  if (base === undefined) return null
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()))
}

export type DispatchOptions = {
  now?: Date
  send?: WebhookSender
  random?: () => number
  batchSize?: number
  /** The outbound policy receivers are held to; default: this process's (NODE_ENV, ALLOW_PRIVATE_OUTBOUND). */
  policy?: OutboundPolicy
}

export type DispatchResult = { claimed: number[]; delivered: number; retrying: number; failed: number }

type Claimed = { id: number; endpointId: number; eventId: string; topic: (typeof webhookDeliveries.$inferSelect)['topic']; orderId: number; orderEventId: number; attempts: number }

/** Takes up to `batchSize` due deliveries for this caller (none that another dispatcher holds). */
async function claimDue(db: Database, now: Date, batchSize: number): Promise<Claimed[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(batchSize)
    .for('update', { skipLocked: true })
  return db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(webhookDeliveries.id, due))
    .returning({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      topic: webhookDeliveries.topic,
      orderId: webhookDeliveries.orderId,
      orderEventId: webhookDeliveries.orderEventId,
      attempts: webhookDeliveries.attempts,
    })
}

type Outcome = WebhookResponse & { durationMs: number }

/** One call for a claimed delivery: the endpoint's current URL and secret, a body built now. */
async function attempt(db: Database, delivery: Claimed, options: Required<Pick<DispatchOptions, 'now' | 'send' | 'policy'>>): Promise<Outcome> {
  const started = performance.now()
  const outcome = (result: WebhookResponse): Outcome => ({ ...result, durationMs: Math.round(performance.now() - started) })
  // store-scope: dispatcher job sends deliveries of every store, by their endpoint id
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId))
  if (!endpoint) return outcome({ status: null, excerpt: null, error: 'the endpoint was deleted' })
  if (!endpoint.isActive) return outcome({ status: null, excerpt: null, error: 'the endpoint is turned off' })
  let url: string
  try {
    url = checkWebhookUrl(endpoint.url, options.policy)
  } catch (error) {
    return outcome({ status: null, excerpt: null, error: `refused: ${error instanceof DomainError ? error.userMessage : String(error)}` })
  }
  const payload = await webhookPayload(db, delivery)
  if (!payload) return outcome({ status: null, excerpt: null, error: 'the order or its event is gone' })
  const body = JSON.stringify(payload)
  const headers = signWebhook({ secret: endpoint.secret, eventId: delivery.eventId, body, timestamp: Math.floor(options.now.getTime() / 1000) })
  try {
    return outcome(await options.send({ url, headers, body }))
  } catch (error) {
    return outcome({ status: null, excerpt: null, error: error instanceof Error ? error.message : String(error) })
  }
}

const succeeded = (outcome: Outcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300

/** Logs the attempt and moves the delivery on: delivered, due again later, or failed. */
async function record(db: Database, delivery: Claimed, outcome: Outcome, now: Date, random: () => number): Promise<'delivered' | 'retrying' | 'failed'> {
  const attempts = delivery.attempts + 1
  const ok = succeeded(outcome)
  const delay = ok ? null : retryDelayMs(attempts, random)
  const state = ok ? 'delivered' : delay === null ? 'failed' : 'pending'
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(webhookDeliveries)
      .set({
        state,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastStatus: outcome.status,
        ...(ok ? { deliveredAt: now } : {}),
        ...(delay !== null ? { nextAttemptAt: new Date(now.getTime() + delay) } : {}),
      })
      .where(eq(webhookDeliveries.id, delivery.id))
      .returning({ id: webhookDeliveries.id })
    if (!moved) return // its endpoint was deleted meanwhile
    await tx.insert(webhookDeliveryAttempts).values({
      deliveryId: delivery.id,
      status: outcome.status,
      responseExcerpt: outcome.excerpt,
      error: outcome.error?.slice(0, 500) ?? null,
      durationMs: outcome.durationMs,
      attemptedAt: now,
    })
  })
  if (!ok) {
    const facts = { deliveryId: delivery.id, endpointId: delivery.endpointId, eventId: delivery.eventId, status: outcome.status, error: outcome.error, attempts }
    if (state === 'failed') logger().error(facts, 'webhook delivery failed for good; it can be re-sent from the console')
    else logger().warn(facts, 'webhook attempt failed; it is retried later')
  }
  return state === 'pending' ? 'retrying' : state
}

/** Claims the due deliveries (one batch) and sends them. With nothing due this is one query. */
export async function dispatchDueWebhooks(db: Database, options: DispatchOptions = {}): Promise<DispatchResult> {
  const now = options.now ?? new Date()
  const policy = options.policy ?? outboundPolicy()
  const send = options.send ?? webhookSender({ policy })
  const random = options.random ?? Math.random
  const claimed = await claimDue(db, now, options.batchSize ?? BATCH_SIZE)
  const result: DispatchResult = { claimed: claimed.map((row) => row.id), delivered: 0, retrying: 0, failed: 0 }
  await Promise.all(
    claimed.map(async (delivery) => {
      const outcome = await attempt(db, delivery, { now, send, policy })
      result[await record(db, delivery, outcome, now, random)] += 1
    }),
  )
  return result
}

export type WebhookDispatcher = {
  /** Looks for due deliveries now (coalesced with a run in progress). */
  wake(): void
  /** Resolves when no run is in progress. */
  idle(): Promise<void>
  stop(): void
}

/**
 * Runs the dispatcher for the life of the process: every `pollMs`, and soon after an order event
 * of this process queued deliveries. The timers never keep the process alive; `stop` ends them.
 */
export function startWebhookDispatcher(db: () => Promise<Database>, options: Omit<DispatchOptions, 'now'> & { pollMs?: number } = {}): WebhookDispatcher {
  let stopped = false
  let running: Promise<void> | null = null
  let again = false
  /** Deliveries announced by an event and not claimed yet: the wake-up timers run until they are. */
  const awaited = new Set<number>()
  let wakeTimers: NodeJS.Timeout[] = []

  const cycle = async () => {
    const database = await db()
    for (;;) {
      const result = await dispatchDueWebhooks(database, options)
      for (const id of result.claimed) awaited.delete(id)
      if (stopped || result.claimed.length < (options.batchSize ?? BATCH_SIZE)) break
    }
    if (awaited.size === 0) {
      for (const timer of wakeTimers) clearTimeout(timer)
      wakeTimers = []
    }
  }
  const wake = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = cycle()
      .catch((error: unknown) => logger().warn({ err: error }, 'webhook dispatch failed; it runs again later'))
      .finally(() => {
        running = null
        if (again && !stopped) {
          again = false
          wake()
        }
      })
  }
  const poll = setInterval(wake, options.pollMs ?? WEBHOOK_POLL_MS)
  poll.unref()
  const unsubscribe = onWebhooksQueued((ids) => {
    for (const id of ids) awaited.add(id)
    for (const timer of wakeTimers) clearTimeout(timer)
    wakeTimers = WAKE_DELAYS_MS.map((delay) => setTimeout(wake, delay).unref())
  })
  wake()

  return {
    wake,
    async idle() {
      while (running) await running
    },
    stop() {
      stopped = true
      clearInterval(poll)
      for (const timer of wakeTimers) clearTimeout(timer)
      unsubscribe()
    },
  }
}
