import { z } from './zod'
import type { SavedDesign } from '../decoration-types'
import type { CreateOrderAnswer, DecideOrderApprovalAnswer } from '../order-types'
import { UpdatePasswordSchema } from './accounts'
import { type AccountAddress, AddAddressSchema, DeleteAddressSchema } from './address'
import { DesignIdValueSchema, SaveDesignSchema } from './decoration'
import { CreateOrderSchema, DecideOrderApprovalSchema, type OrderAddressFields } from './orders'
import { CheckPaymentSchema, type CheckPaymentAnswer, type CheckPaymentInput, OrderPaymentSchema, type OrderPaymentAnswer, type OrderPaymentInput, RedeemGiftCardSchema, type RedeemGiftCardAnswer, CheckGiftCardSchema, type CheckGiftCardAnswer } from './payments'

// The mutation API (POST /api/mutation {key, ...fields}, spec 7): per key, the schema of the body's
// other fields (the server validates with it) and the answer. The client's calls are typed from
// both, so a key, a field or an answer cannot drift between the two sides.

export const MUTATION_INPUTS = {
  logout: z.strictObject({}),
  addAddress: AddAddressSchema,
  deleteAddress: DeleteAddressSchema,
  updatePassword: UpdatePasswordSchema,
  createOrder: CreateOrderSchema,
  decideOrderApproval: DecideOrderApprovalSchema,
  redeemGiftCard: RedeemGiftCardSchema,
  checkGiftCard: CheckGiftCardSchema,
  orderPayment: OrderPaymentSchema,
  checkPayment: CheckPaymentSchema,
  saveDesign: SaveDesignSchema,
  deleteDesign: DesignIdValueSchema,
} satisfies Record<string, z.ZodType>

export type MutationKey = keyof typeof MUTATION_INPUTS

/**
 * What a client sends per key. Where the schema takes anything and the service decides (the
 * payment keys, so every refusal reads alike), the client still sends these fields.
 */
export type MutationInputs = { [K in Exclude<MutationKey, 'createOrder'>]: z.input<(typeof MUTATION_INPUTS)[K]> } & {
  /** The addresses are cleaned before they are read (spec 5), so the schema takes anything there. */
  createOrder: Omit<z.input<typeof CreateOrderSchema>, 'billingaddress' | 'shippingaddress'> & {
    billingaddress: OrderAddressFields
    shippingaddress?: OrderAddressFields | null
  }
  orderPayment: OrderPaymentInput
  checkPayment: CheckPaymentInput
}

/** What a handler receives, once parsed (defaults filled in, text trimmed). */
export type ParsedMutationInputs = { [K in MutationKey]: z.output<(typeof MUTATION_INPUTS)[K]> }

export type MutationResponses = {
  logout: { logout: { success: boolean } }
  addAddress: { addAddress: { address: AccountAddress } }
  deleteAddress: { deleteAddress: { success: boolean; id: number } }
  updatePassword: { updatePassword: { success: boolean } }
  createOrder: CreateOrderAnswer
  decideOrderApproval: DecideOrderApprovalAnswer
  redeemGiftCard: RedeemGiftCardAnswer
  checkGiftCard: CheckGiftCardAnswer
  orderPayment: OrderPaymentAnswer
  checkPayment: CheckPaymentAnswer
  saveDesign: { saveDesign: { design: SavedDesign } }
  deleteDesign: { deleteDesign: { id: string } }
}

export function isMutationKey(key: string): key is MutationKey {
  return Object.hasOwn(MUTATION_INPUTS, key)
}
