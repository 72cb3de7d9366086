import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { prepared } from '../db/prepared'
import { orders } from '../db/schema'
import { buildOrderPdf } from '../documents/order-document-service'
import { composeMail, type MailContent } from '../mail/mail-content'
import { sendMail } from '../mail/mail-service'
import { storeLink } from '../mail/mail-settings'
import { storeName } from '../mail/store-name'
import { formatCents } from '@/isomorphic/format'
import type { HowToPay } from '@/isomorphic/bank-transfer'
import { transferInstructions } from '../documents/transfer-instructions'

// The confirmation mail of a new order or quotation, with its PDF attached and a link that opens
// it (the order's access token, masked in the stored copy once the mail has left). An order paid
// by bank transfer says how to pay: the store's bank details, the amount and the reference to quote.

export function orderConfirmationMail(input: {
  storeName: string
  reference: string
  kind: 'order' | 'quotation'
  total: string
  link: string
  /** The bank transfer the order waits for (issue 27); null or absent otherwise. */
  howToPay?: HowToPay | null
}): MailContent {
  const { howToPay } = input
  const what = input.kind === 'quotation' ? 'quotation' : 'order'
  return composeMail({
    storeName: input.storeName,
    subject: input.kind === 'quotation' ? `Your quotation ${input.reference} from ${input.storeName}` : `Your order ${input.reference} at ${input.storeName}`,
    blocks: [
      {
        text:
          input.kind === 'quotation'
            ? `Thank you: your quotation ${input.reference} (${input.total}) is saved. Its PDF is attached; you can turn it into an order from your account.`
            : `Thank you for your order ${input.reference} (${input.total}). Its PDF is attached; we will let you know when it ships.`,
      },
      ...(howToPay
        ? [{ text: howToPay.summary }, { title: 'How to pay by bank transfer', rows: howToPay.rows }, ...(howToPay.instructions ? [{ text: howToPay.instructions }] : [])]
        : []),
      { link: input.link, label: `See your ${what}` },
      { text: `Keep this email: the link opens your ${what} without signing in, so do not forward it.` },
    ],
  })
}

/** Sends the confirmation of order `orderId` to the address it was placed with. */
export async function sendOrderConfirmation(db: Executor, { orderId, websiteId }: { orderId: number; websiteId: number }): Promise<void> {
  const [order] = await prepared(db, 'order_confirmation_facts', () =>
    db
    .select({
      name: orders.name,
      kind: orders.kind,
      email: orders.partnerEmail,
      partnerId: orders.partnerId,
      accessToken: orders.accessToken,
      total: orders.amountTotal,
      state: orders.state,
      approvalState: orders.approvalState,
      paymentState: orders.paymentState,
      paymentMethodId: orders.paymentMethodId,
      amountDue: orders.amountDue,
    })
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.websiteId, sql.placeholder('websiteId')))),
  ).execute({ orderId, websiteId })
  if (!order) return
  const [name, howToPay] = await Promise.all([storeName(db, websiteId), transferInstructions(db, { ...order, websiteId })])
  const link = await storeLink(websiteId, order.partnerId === null ? '/checkout/confirmation' : '/me/orders', { order: String(orderId), access_token: order.accessToken })
  const total = formatCents(order.total)
  const mail = orderConfirmationMail({ storeName: name, reference: order.name, kind: order.kind, total, link, howToPay })
  await sendMail(
    {
      websiteId,
      to: order.email,
      ...mail,
      secrets: [order.accessToken, encodeURIComponent(order.accessToken)],
      attachments: async () => {
        const pdf = await buildOrderPdf(db, { orderId, websiteId })
        return pdf ? [{ filename: pdf.fileName, content: pdf.pdf, contentType: 'application/pdf' }] : []
      },
    },
    { db },
  )
}
