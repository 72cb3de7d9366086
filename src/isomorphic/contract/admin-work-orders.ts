import type { DecorationView, Inches } from '../decoration-types'
import type { OrderFulfilmentState } from '../order-types'
import { CARRIERS, type Carrier } from '../tracking'
import { idSchema } from './fields'
import { z } from './zod'
import { LIST_CURSOR_PATTERN } from '../list-view'

// The decoration partners' handoff in the console (issue 15): work orders (one per order and
// decoration partner), their production view and sheet, and their shipments. A decoration
// partner's member sees only its partner's work orders; the store's staff those of their stores.

export const WORK_ORDER_STATES = ['new', 'accepted', 'in_production', 'problem', 'shipped', 'cancelled'] as const
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number]

export const WORK_ORDER_STATE_NAMES: Record<WorkOrderState, string> = {
  new: 'New',
  accepted: 'Accepted',
  in_production: 'In production',
  problem: 'Problem reported',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
}

/** Longest problem report, in characters. */
export const MAX_PROBLEM_MESSAGE = 2000

const workOrderId = idSchema('work order')
const message = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} cannot be empty`)
    .max(max, `${what} is longer than ${max} characters`)

export const ShipWorkOrderSchema = z.strictObject({
  workOrderId,
  carrier: z.enum(CARRIERS, { error: `carrier must be one of ${CARRIERS.join(', ')}` }),
  trackingNumber: message('The tracking number', 60),
  lines: z
    .array(
      z.strictObject({
        orderLineId: idSchema('order line'),
        quantity: z.number({ error: 'quantity must be a number' }).int('quantity must be a whole number').positive('quantity must be at least 1').max(100_000, 'quantity is too large'),
      }),
    )
    .min(1, 'A shipment holds at least one line')
    .max(500, 'A shipment holds at most 500 lines'),
})

export const WORK_ORDER_ADMIN_QUERY_INPUTS = {
  workOrders: z.strictObject({
    state: z.enum(WORK_ORDER_STATES, { error: `state must be one of ${WORK_ORDER_STATES.join(', ')}` }).optional(),
    /** Only this decoration partner's (the store's staff; a partner's member sees only its own anyway). */
    decorationPartnerId: idSchema('decoration partner').optional(),
    /** The `nextCursor` of the page before. */
    cursor: z.string().regex(LIST_CURSOR_PATTERN, 'is not a page cursor of this list').optional(),
  }),
  workOrder: z.strictObject({ workOrderId }),
  orderWorkOrders: z.strictObject({ orderId: idSchema('order') }),
} satisfies Record<string, z.ZodType>

export const WORK_ORDER_ADMIN_MUTATION_INPUTS = {
  acceptWorkOrder: z.strictObject({ workOrderId }),
  startWorkOrderProduction: z.strictObject({ workOrderId }),
  reportWorkOrderProblem: z.strictObject({ workOrderId, message: message('The message', MAX_PROBLEM_MESSAGE) }),
  resolveWorkOrderProblem: z.strictObject({ workOrderId }),
  shipWorkOrder: ShipWorkOrderSchema,
  markOrderDelivered: z.strictObject({ orderId: idSchema('order') }),
} satisfies Record<string, z.ZodType>

/** A work order in a list. Times are ISO strings. */
export type WorkOrderSummary = {
  id: number
  reference: string
  state: WorkOrderState
  orderId: number
  orderReference: string
  websiteId: number
  decorationPartner: { id: number; name: string }
  /** Pieces to decorate (set-up lines not counted). */
  pieces: number
  problemMessage: string | null
  createdAt: string
  shippedAt: string | null
}

export type ShipmentData = {
  id: number
  workOrderId: number
  carrier: Carrier
  trackingNumber: string
  trackingUrl: string | null
  shippedAt: string
  lines: { orderLineId: number; quantity: number }[]
}

export type ShipToAddress = {
  name: string
  street: string
  street2: string | null
  city: string
  state: string | null
  zip: string
  country: string | null
  phone: string | null
}

export type WorkOrderLine = {
  orderLineId: number
  lineType: 'product' | 'reward' | 'setup'
  product: string
  sku: string
  colorName: string | null
  size: string | null
  quantity: number
  /** Pieces of this line in shipments so far. */
  shipped: number
  /** The store's logo on the line (a logo product), when it has one. */
  logoName: string | null
}

/** Pieces per size of one product in one colour: what to pull from stock. */
export type SizeTally = { product: string; colorName: string | null; sizes: { size: string; quantity: number }[]; total: number }

/** One decoration to produce, with where it goes (inches from the print area's top-left corner) and what it is. */
export type WorkOrderDecoration = {
  product: string
  colorName: string | null
  /** The line's sizes and pieces this decoration is applied to ('M × 2, L × 1'). */
  sizes: string
  kind: 'logo' | 'text'
  /** The logo's name, or the text itself. */
  label: string
  /** Where it goes; null for a catalog logo product (the logo sits where the product's pictures show it). */
  placement: { view: DecorationView; printArea: string; x: Inches; y: Inches; width: Inches; height: Inches } | null
  method: { code: string; name: string }
  /** Thread / ink colours, worded ('Amber Gold (#e0a526)', '2 colours'). */
  colors: string
  font: string | null
  /** The original artwork (the store's logo image or the cleaned upload), an image store path. */
  artworkPath: string | null
  /** The rendered mockups of the line's design, image store paths per view. */
  mockups: Partial<Record<DecorationView, string>>
}

export type WorkOrderView = WorkOrderSummary & {
  acceptedAt: string | null
  productionStartedAt: string | null
  problemReportedAt: string | null
  cancelledAt: string | null
  customerName: string
  shipTo: ShipToAddress
  deliveryMethod: string | null
  /** The day the customer needs the order in hands ("YYYY-MM-DD"); null: none given. */
  inHandsDate: string | null
  /** The day the partner must ship by ("YYYY-MM-DD"), from the in-hands date or the lead time (workOrderShipBy); null: neither is known. */
  shipBy: { day: string; basis: 'in_hands' | 'lead_time' } | null
  lines: WorkOrderLine[]
  tally: SizeTally[]
  decorations: WorkOrderDecoration[]
  shipments: ShipmentData[]
}

export type WorkOrderAdminQueryResponses = {
  workOrders: {
    workOrders: WorkOrderSummary[]
    nextCursor: string | null
    previousCursor: string | null
    /** The decoration partners the caller's work orders are with, for the partner filter. */
    partners: { id: number; name: string }[]
  }
  workOrder: WorkOrderView
  orderWorkOrders: { fulfilmentState: OrderFulfilmentState; deliveredAt: string | null; workOrders: WorkOrderSummary[]; shipments: ShipmentData[] }
}

export type WorkOrderAdminMutationResponses = {
  acceptWorkOrder: { workOrder: WorkOrderSummary }
  startWorkOrderProduction: { workOrder: WorkOrderSummary }
  reportWorkOrderProblem: { workOrder: WorkOrderSummary }
  resolveWorkOrderProblem: { workOrder: WorkOrderSummary }
  /** `created` is false when the same carrier and tracking number had already been recorded. */
  shipWorkOrder: { workOrder: WorkOrderSummary; shipment: ShipmentData; created: boolean; fulfilmentState: OrderFulfilmentState }
  markOrderDelivered: { orderId: number; fulfilmentState: OrderFulfilmentState; deliveredAt: string }
}
