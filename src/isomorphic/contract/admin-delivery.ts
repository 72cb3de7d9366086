import { EditVersionSchema } from './admin-edit'
import type { DeliveryMethodInput } from './store-file-delivery'
import { z } from './zod'

// Delivery methods in the console (issue 16). A method is edited in the store file's own shape
// (store-file-delivery.ts), and the server validates it with the store file's schema. Carrier
// secrets are write-only: a read says which are stored, never their values; a save that leaves one
// empty keeps the stored one.

/** The credentials fields that are secrets: never answered, never logged, never audited. */
export const SECRET_CREDENTIALS = ['uspsUsername', 'fedexClientsecret', 'upsClientSecret'] as const
export type SecretCredential = (typeof SECRET_CREDENTIALS)[number]

export type DeliveryMethodRow = {
  id: number
  name: string
  deliveryType: string
  price: number
  active: boolean
  sequence: number
  ruleCount: number
}

export type DeliveryMethodDetail = {
  id: number
  version: number
  /** The method as a store file writes it, its secret credentials left out. */
  method: DeliveryMethodInput
  /** Which secret credentials are stored. */
  secretsSet: Record<SecretCredential, boolean>
}

const ID = z.number().int().positive()

export const DELIVERY_ADMIN_QUERY_INPUTS = {
  'delivery.methods': z.strictObject({ websiteId: ID }),
  'delivery.method': z.strictObject({ websiteId: ID, id: ID }),
}

export const DELIVERY_ADMIN_MUTATION_INPUTS = {
  'delivery.saveMethod': z.strictObject({
    websiteId: ID,
    /** Null: a new method. */
    id: ID.nullable(),
    /** The version opened (required when id is set). */
    version: EditVersionSchema.optional(),
    /** The method in the store file's shape; checked by the store file's schema on the server once stored secrets are filled in. */
    method: z.record(z.string(), z.unknown()),
  }),
  'delivery.setMethodActive': z.strictObject({ websiteId: ID, id: ID, version: EditVersionSchema, active: z.boolean() }),
}

export type DeliveryAdminQueryResponses = { 'delivery.methods': DeliveryMethodRow[]; 'delivery.method': DeliveryMethodDetail }
export type DeliveryAdminMutationResponses = { 'delivery.saveMethod': DeliveryMethodDetail; 'delivery.setMethodActive': DeliveryMethodDetail }
