import { and, desc, eq, inArray } from 'drizzle-orm'
import { imageUrl, productImageUrl } from '@/isomorphic/image-address'
import { awaitsBankTransfer, type TransferFacts } from '@/isomorphic/bank-transfer'
import { ORDER_PREVIEW_PICTURES, type OrderPreview } from '@/isomorphic/order-types'
import { CARRIER_NAMES, CARRIERS } from '@/isomorphic/tracking'
import type { Executor } from '../db/client'
import { orderLines, productImages, productVariants, shipments } from '../db/schema'

// What the shopper's list of orders shows beside each order (issue 27, as the best stores do): a
// few pictures of what was bought and the latest parcel's tracking link. Three statements for the
// whole list, whatever its length: the lines, the products' pictures, the shipments.

const THUMBNAIL = 160

type Line = { orderId: number; productId: number | null; colorId: number | null; logoId: number | null; name: string; quantity: number; lineType: string; mockup: string | null }
type Picture = { productId: number; colorValueId: number | null; logoId: number | null; path: string; name: string; alt: string; sequence: number }

/** The product's picture for the line: its colour and logo, else its colour, else its first. */
function pictureFor(line: Line, pictures: readonly Picture[]): Picture | null {
  const own = pictures.filter((picture) => picture.productId === line.productId)
  return (
    own.find((picture) => picture.colorValueId === line.colorId && picture.logoId === line.logoId) ??
    own.find((picture) => picture.colorValueId === line.colorId) ??
    own[0] ??
    null
  )
}

const carrierName = (code: string) => ((CARRIERS as readonly string[]).includes(code) ? CARRIER_NAMES[code as (typeof CARRIERS)[number]] : code)

/** The previews of some orders of one store (the caller read the orders in that store, with their payment method's provider). */
export async function orderPreviews(db: Executor, placed: readonly (TransferFacts & { id: number })[]): Promise<Map<number, OrderPreview>> {
  const orderIds = placed.map((order) => order.id)
  const previews = new Map<number, OrderPreview>(placed.map((order) => [order.id, { pictures: [], pieces: 0, tracking: null, awaitingTransfer: awaitsBankTransfer(order) }]))
  if (orderIds.length === 0) return previews
  const [rows, parcels] = await Promise.all([
    // orderIds were read by the caller for the shopper in their store
    db
      .select({
        orderId: orderLines.orderId,
        productId: orderLines.productId,
        colorId: productVariants.colorValueId,
        logoId: orderLines.logoId,
        name: orderLines.name,
        quantity: orderLines.quantity,
        lineType: orderLines.lineType,
        design: orderLines.design,
      })
      .from(orderLines)
      .leftJoin(productVariants, eq(productVariants.id, orderLines.productVariantId))
      .where(inArray(orderLines.orderId, [...orderIds]))
      .orderBy(orderLines.orderId, orderLines.sequence, orderLines.id),
    // orderIds were read by the caller for the shopper in their store
    db
      .select({ orderId: shipments.orderId, carrier: shipments.carrier, trackingNumber: shipments.trackingNumber, url: shipments.trackingUrl })
      .from(shipments)
      .where(inArray(shipments.orderId, [...orderIds]))
      .orderBy(desc(shipments.id)),
  ])
  const lines: Line[] = rows.map((row) => {
    const mockup = row.design?.mockups.front ?? row.design?.mockups.back ?? null
    return { ...row, mockup: mockup === null ? null : imageUrl(mockup, THUMBNAIL, THUMBNAIL) }
  })
  const productIds = [...new Set(lines.flatMap((line) => (line.productId !== null && line.mockup === null ? [line.productId] : [])))]
  const pictures: Picture[] =
    productIds.length === 0
      ? []
      : await db
          .select({ productId: productImages.productId, colorValueId: productImages.colorValueId, logoId: productImages.logoId, path: productImages.path, name: productImages.name, alt: productImages.alt, sequence: productImages.sequence })
          .from(productImages)
          .where(and(inArray(productImages.productId, productIds)))
          .orderBy(productImages.productId, productImages.sequence, productImages.id)

  for (const line of lines) {
    const preview = previews.get(line.orderId)
    if (!preview || line.lineType === 'setup') continue
    preview.pieces += line.quantity
    if (preview.pictures.length >= ORDER_PREVIEW_PICTURES) continue
    const picture = line.mockup ? null : pictureFor(line, pictures)
    const url = line.mockup ?? (picture ? productImageUrl({ path: picture.path, name: picture.name }, THUMBNAIL, THUMBNAIL) : null)
    if (url && !preview.pictures.some((shown) => shown.url === url)) preview.pictures.push({ url, alt: line.name })
  }
  for (const parcel of parcels) {
    const preview = parcel.orderId === null ? undefined : previews.get(parcel.orderId)
    if (preview && preview.tracking === null) preview.tracking = { carrier: carrierName(parcel.carrier), trackingNumber: parcel.trackingNumber, url: parcel.url }
  }
  return previews
}
