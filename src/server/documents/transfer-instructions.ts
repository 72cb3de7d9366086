import { and, eq, sql } from 'drizzle-orm'
import { awaitsBankTransfer, BANK_TRANSFER_PROVIDER, type HowToPay, pendingTransferInstructions } from '@/isomorphic/bank-transfer'
import type { Executor } from '../db/client'
import { prepared } from '../db/prepared'
import { paymentMethods, websites } from '../db/schema'

// The "how to pay" block of an order waiting for its bank transfer (issue 27), read once for the
// order page (getOrderDetails), the confirmation mail and the PDF: the order's method (its bank
// details and instructions, as the store keeps them now) and the store's currency, then the pure
// rule of src/isomorphic/bank-transfer.ts.

export type TransferOrder = {
  websiteId: number
  name: string
  kind: 'order' | 'quotation'
  state: 'draft' | 'sale' | 'cancel'
  approvalState: string
  paymentState: string
  paymentMethodId: number | null
  amountDue: number
}

/** The block while `order` awaits a bank transfer; null otherwise (paid, cancelled, paid another way). */
export async function transferInstructions(db: Executor, order: TransferOrder): Promise<HowToPay | null> {
  // Only an order that would wait for a transfer were its method one costs a query.
  if (order.paymentMethodId === null || !awaitsBankTransfer({ ...order, provider: BANK_TRANSFER_PROVIDER })) return null
  const [method] = await prepared(db, 'transfer_method', () =>
    db
      .select({ provider: paymentMethods.provider, instructions: paymentMethods.instructions, bankDetails: paymentMethods.bankDetails, currency: websites.currency })
      .from(paymentMethods)
      .innerJoin(websites, eq(websites.id, paymentMethods.websiteId))
      .where(and(eq(paymentMethods.id, sql.placeholder('methodId')), eq(paymentMethods.websiteId, sql.placeholder('websiteId')))),
  ).execute({ methodId: order.paymentMethodId, websiteId: order.websiteId })
  if (!method) return null
  return pendingTransferInstructions({ ...order, reference: order.name, provider: method.provider, currency: method.currency }, method)
}
