import { WEBHOOK_TOPICS, type WebhookDeliveryState, type WebhookTopic } from '../webhooks'
import { idSchema } from './fields'
import { z } from './zod'
import { LIST_CURSOR_PATTERN } from '../list-view'

// Outbound webhooks per store in the console (issue 15): the store's endpoints (a URL, the topics
// it receives, a signing secret shown once), and the deliveries with every attempt, re-sendable.
// Store managers and owners of the store ('store.manage').

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const satisfies readonly WebhookDeliveryState[]
export const WEBHOOK_DELIVERY_STATE_NAMES = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' } as const satisfies Record<WebhookDeliveryState, string>
export const MAX_WEBHOOK_DESCRIPTION = 500

const endpointId = idSchema('webhook endpoint')

export const SaveWebhookEndpointSchema = z.strictObject({
  /** Absent: a new endpoint (its secret is answered once). */
  id: endpointId.optional(),
  websiteId: idSchema('store'),
  url: z.string({ error: 'url must be text' }).trim().min(1, 'Enter the address of the receiver').max(2000, 'The address is longer than 2000 characters'),
  description: z.string({ error: 'description must be text' }).trim().max(MAX_WEBHOOK_DESCRIPTION, `The description is longer than ${MAX_WEBHOOK_DESCRIPTION} characters`).default(''),
  topics: z
    .array(z.enum(WEBHOOK_TOPICS, { error: `each topic must be one of ${WEBHOOK_TOPICS.join(', ')}` }))
    .min(1, 'Choose at least one topic')
    .max(WEBHOOK_TOPICS.length)
    .transform((topics) => [...new Set(topics)]),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
})

export const WEBHOOK_ADMIN_QUERY_INPUTS = {
  webhookEndpoints: z.strictObject({ websiteId: idSchema('store') }),
  webhookDeliveries: z.strictObject({
    endpointId,
    state: z.enum(WEBHOOK_DELIVERY_STATES, { error: `state must be one of ${WEBHOOK_DELIVERY_STATES.join(', ')}` }).optional(),
    /** The `nextCursor` of the page before. */
    cursor: z.string().regex(LIST_CURSOR_PATTERN, 'is not a page cursor of this list').optional(),
  }),
} satisfies Record<string, z.ZodType>

export const WEBHOOK_ADMIN_MUTATION_INPUTS = {
  saveWebhookEndpoint: SaveWebhookEndpointSchema,
  rotateWebhookSecret: z.strictObject({ endpointId }),
  deleteWebhookEndpoint: z.strictObject({ endpointId }),
  resendWebhookDelivery: z.strictObject({ deliveryId: z.number({ error: 'deliveryId must be a number' }).int().positive().max(Number.MAX_SAFE_INTEGER) }),
  /** "Send a test event": one signed `webhook.test` call now, the receiver's answer in a sentence (issue 24). */
  sendWebhookTestEvent: z.strictObject({ endpointId }),
} satisfies Record<string, z.ZodType>

/** What a test event came to: `status` is the receiver's HTTP status (null: no answer), `message` says it in a sentence. */
export type WebhookTestResult = { eventId: string; delivered: boolean; status: number | null; message: string }

/** An endpoint as the console shows it: never its secret. */
export type WebhookEndpointData = {
  id: number
  websiteId: number
  url: string
  description: string
  topics: WebhookTopic[]
  isActive: boolean
  createdAt: string
  updatedAt: string
}

export type WebhookAttemptData = {
  id: number
  /** The receiver's HTTP status; null when no answer came. */
  status: number | null
  /** The first characters of the answer. */
  responseExcerpt: string | null
  error: string | null
  durationMs: number
  attemptedAt: string
}

export type WebhookDeliveryData = {
  id: number
  /** What the receiver de-duplicates on: the same for every attempt and re-send. */
  eventId: string
  topic: WebhookTopic
  orderId: number
  orderReference: string
  state: WebhookDeliveryState
  attempts: number
  nextAttemptAt: string | null
  lastStatus: number | null
  deliveredAt: string | null
  createdAt: string
  /** Newest first. */
  attemptLog: WebhookAttemptData[]
}

export type WebhookAdminQueryResponses = {
  webhookEndpoints: { endpoints: WebhookEndpointData[] }
  webhookDeliveries: { deliveries: WebhookDeliveryData[]; nextCursor: string | null; previousCursor: string | null }
}

export type WebhookAdminMutationResponses = {
  /** `secret` only when the endpoint was created: it is not shown again. */
  saveWebhookEndpoint: { endpoint: WebhookEndpointData; secret: string | null }
  rotateWebhookSecret: { endpoint: WebhookEndpointData; secret: string }
  deleteWebhookEndpoint: { deleted: true }
  resendWebhookDelivery: { delivery: WebhookDeliveryData }
  sendWebhookTestEvent: WebhookTestResult
}
