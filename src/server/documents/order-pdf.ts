import PDFDocument from 'pdfkit'
import sharp from 'sharp'
import { readStoredImage } from '../images/image-store'
import { logger } from '../kernel/logger'
import { formatCents, formatDate } from '@/isomorphic/format'
import { itemsSubtotal, orderTotalRows } from '@/isomorphic/order-totals'
import messages from '../../../messages/en.json'
import {
  addressLines,
  BOLD,
  collect,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  decorationContent,
  decorationPlacement,
  drawFooters,
  drawMockupRow,
  FONT,
  INK,
  loadStoreImages,
  MARGIN,
  MOCKUP_BOX,
  MUTED,
  PageWriter,
  type PreparedImage,
  SHADE,
  text,
} from './pdf-blocks'
import type { Cents } from '../kernel/money'
import type { OrderDocument, OrderDocumentLine } from './order-document'

// The PDF of an order or quotation (spec 7, "Documents"): Letter pages with the store's name and
// logo, the addresses side by side, the lines (continued over as many pages as needed), the totals,
// the order's options and extra fields, and "Page n of m" at the foot of every page. The building
// blocks (pages, text in the standard fonts, decorations, mockups) are in pdf-blocks.ts.

export { text } from './pdf-blocks'

const LOGO_BOX = { width: 180, height: 60 }
const COLUMNS = [
  { key: 'product', title: 'Product', width: 262, align: 'left' },
  { key: 'quantity', title: 'Qty', width: 50, align: 'right' },
  { key: 'unit', title: 'Unit price', width: 95, align: 'right' },
  { key: 'subtotal', title: 'Subtotal', width: 105, align: 'right' },
] as const
const CELL_PADDING = 5

export type RenderOptions = {
  /** Deflate page contents (the default). Tests may turn it off to read the text back. */
  compress?: boolean
}

export function documentTitle(doc: Pick<OrderDocument, 'kind' | 'reference'>): string {
  return `${doc.kind === 'quotation' ? 'Quotation' : 'Order'} ${doc.reference}`
}

/** 'Quotation-S00042.pdf': the reference reduced to characters that are safe in a header. */
export function documentFileName(doc: Pick<OrderDocument, 'kind' | 'reference'>): string {
  const reference = doc.reference.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'document'
  return `${doc.kind === 'quotation' ? 'Quotation' : 'Order'}-${reference}.pdf`
}

export async function renderOrderPdf(doc: OrderDocument, { compress = true }: RenderOptions = {}): Promise<Buffer> {
  const logo = doc.store.logoImage ? await loadLogo(doc.store.logoImage) : null
  const designImages = await loadDesignImages(doc.lines)
  const title = documentTitle(doc)
  const pdf = new PDFDocument({
    size: 'LETTER',
    margins: MARGIN,
    bufferPages: true,
    compress,
    info: { Title: text(title), Author: text(doc.store.name), Creator: text(doc.store.name), CreationDate: doc.createdAt },
  })
  const done = collect(pdf)
  const writer = new PageWriter(pdf)
  const money = (cents: Cents) => formatCents(cents, doc.store.currency)

  drawHeader(writer, doc, logo)
  drawTitle(writer, doc, title)
  drawHowToPay(writer, doc)
  drawAddresses(writer, doc)
  drawLines(writer, doc.lines, money)
  drawTotals(writer, doc, money)
  drawDesigns(writer, doc.lines, designImages)
  drawOptions(writer, doc, money)
  drawExtraFields(writer, doc)
  drawFooters(pdf, `${doc.store.name} · ${title}`)

  pdf.end()
  return done
}

function drawHeader(writer: PageWriter, doc: OrderDocument, logo: PreparedLogo | null) {
  const top = writer.y
  let leftHeight: number
  if (logo) {
    const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height, 1)
    const width = logo.width * scale
    const height = logo.height * scale
    writer.pdf.image(logo.data, MARGIN.left, top, { width, height })
    leftHeight = height
  } else {
    leftHeight = writer.write(doc.store.name, MARGIN.left, top, { width: 300, font: BOLD, size: 18 })
  }

  const blockWidth = 220
  const x = MARGIN.left + CONTENT_WIDTH - blockWidth
  let y = top
  y += writer.write(doc.store.name, x, y, { width: blockWidth, font: BOLD, size: 11, align: 'right' })
  for (const line of [doc.store.email, doc.store.phone, doc.store.domain]) {
    if (line) y += writer.write(line, x, y, { width: blockWidth, size: 9, color: MUTED, align: 'right' })
  }
  writer.y = Math.max(top + leftHeight, y) + 14
  writer.rule(writer.y)
  writer.y += 16
}

function drawTitle(writer: PageWriter, doc: OrderDocument, title: string) {
  writer.y += writer.write(title, MARGIN.left, writer.y, { width: CONTENT_WIDTH, font: BOLD, size: 20 })
  writer.y += 8

  const facts: [string, string][] = [
    ['Date', formatDate(doc.createdAt, 'long')],
    ['Status', statusOf(doc)],
    ['Customer', doc.customer.email ? `${doc.customer.name} (${doc.customer.email})` : doc.customer.name],
  ]
  if (doc.confirmedAt) facts.push(['Confirmed', formatDate(doc.confirmedAt, 'long')])
  if (doc.deliveryMethodName) facts.push(['Delivery', doc.deliveryMethodName])
  if (doc.paymentMethodName) facts.push(['Payment', doc.paymentMethodName])
  if (doc.purchaseOrderNumber) facts.push(['PO number', doc.purchaseOrderNumber])
  if (doc.promoCode) facts.push(['Promo code', doc.promoCode])
  if (doc.orderForResale) facts.push(['For resale', 'Yes'])

  const labelWidth = 70
  for (const [label, value] of facts) {
    const height = Math.max(
      writer.write(`${label}:`, MARGIN.left, writer.y, { width: labelWidth, font: BOLD, size: 9, color: MUTED }),
      writer.write(value, MARGIN.left + labelWidth, writer.y, { width: CONTENT_WIDTH - labelWidth, size: 9 }),
    )
    writer.y += height + 2
  }
}

function statusOf(doc: OrderDocument): string {
  if (doc.state === 'cancel') return 'Cancelled'
  if (doc.approvalState === 'awaiting_approval') return 'Awaiting approval'
  if (doc.kind === 'quotation' && doc.state === 'draft') return 'Quotation'
  if (doc.paymentState === 'paid') return 'Paid'
  if (doc.howToPay) return 'Awaiting your payment (bank transfer)'
  if (doc.state === 'sale') return doc.paymentState === 'pending' ? 'Confirmed, payment pending' : 'Confirmed'
  return 'Awaiting payment'
}

/**
 * While the order waits for its bank transfer (issue 27): a shaded box under the title with the
 * sentence, the store's bank details, the amount and the reference to quote, and the method's text.
 */
function drawHowToPay(writer: PageWriter, doc: OrderDocument) {
  const howToPay = doc.howToPay
  if (!howToPay) return
  const padding = 10
  const inner = CONTENT_WIDTH - 2 * padding
  const labelWidth = 130
  const title = 'How to pay by bank transfer'
  const rowHeight = (row: { label: string; value: string }) => Math.max(writer.measure(row.label, { width: labelWidth - 8, size: 9.5 }), writer.measure(row.value, { width: inner - labelWidth, font: BOLD, size: 9.5 })) + 3
  const height =
    2 * padding +
    writer.measure(title, { width: inner, font: BOLD, size: 11 }) +
    4 +
    writer.measure(howToPay.summary, { width: inner, size: 9.5 }) +
    6 +
    howToPay.rows.reduce((sum, row) => sum + rowHeight(row), 0) +
    (howToPay.instructions ? writer.measure(howToPay.instructions, { width: inner, size: 9 }) + 6 : 0)
  writer.y += 14
  writer.ensureSpace(height)
  const top = writer.y
  writer.pdf.save().rect(MARGIN.left, top, CONTENT_WIDTH, height).fill(SHADE).restore()
  const x = MARGIN.left + padding
  let y = top + padding
  y += writer.write(title, x, y, { width: inner, font: BOLD, size: 11 }) + 4
  y += writer.write(howToPay.summary, x, y, { width: inner, size: 9.5 }) + 6
  for (const row of howToPay.rows) {
    const rowTop = y
    writer.write(row.label, x, rowTop, { width: labelWidth - 8, size: 9.5, color: MUTED })
    writer.write(row.value, x + labelWidth, rowTop, { width: inner - labelWidth, font: BOLD, size: 9.5 })
    y += rowHeight(row)
  }
  if (howToPay.instructions) writer.write(howToPay.instructions, x, y + 6, { width: inner, size: 9, color: MUTED })
  writer.y = top + height
}

function drawAddresses(writer: PageWriter, doc: OrderDocument) {
  const gap = 12
  const width = (CONTENT_WIDTH - gap) / 2
  const columns = [
    { title: 'Billing address', lines: addressLines(doc.billingAddress) },
    { title: 'Shipping address', lines: doc.shippingAddress ? addressLines(doc.shippingAddress) : ['Same as the billing address'] },
  ]
  const heights = columns.map(({ title, lines }) =>
    lines.reduce((sum, line) => sum + writer.measure(line, { width }), writer.measure(title, { width, font: BOLD, size: 10 }) + 4),
  )
  writer.y += 16
  writer.ensureSpace(Math.max(...heights))
  const top = writer.y
  columns.forEach(({ title, lines }, index) => {
    const x = MARGIN.left + index * (width + gap)
    let y = top
    y += writer.write(title, x, y, { width, font: BOLD, size: 10 }) + 4
    for (const line of lines) y += writer.write(line, x, y, { width })
  })
  writer.y = top + Math.max(...heights)
}

function lineDetails(line: OrderDocumentLine): string {
  return [
    line.sku ? `SKU ${line.sku}` : null,
    line.colorName ? `Color: ${line.colorName}` : null,
    line.size ? `Size: ${line.size}` : null,
    line.logoName ? `Logo: ${line.logoName}` : null,
  ]
    .filter(Boolean)
    .join('  ·  ')
}

function drawTableHeader(writer: PageWriter, continued: boolean) {
  const height = 20
  writer.pdf.save().rect(MARGIN.left, writer.y, CONTENT_WIDTH, height).fill(SHADE).restore()
  let x = MARGIN.left
  for (const column of COLUMNS) {
    const title = column.key === 'product' && continued ? 'Product (continued)' : column.title
    writer.write(title, x + CELL_PADDING, writer.y + 6, { width: column.width - 2 * CELL_PADDING, font: BOLD, size: 9, align: column.align })
    x += column.width
  }
  writer.y += height
}

function drawLines(writer: PageWriter, lines: OrderDocumentLine[], money: (cents: Cents) => string) {
  writer.heading('Items')
  if (lines.length === 0) {
    writer.y += writer.write('No items.', MARGIN.left, writer.y, { width: CONTENT_WIDTH, color: MUTED })
    return
  }
  writer.ensureSpace(60)
  drawTableHeader(writer, false)
  const productWidth = COLUMNS[0].width - 2 * CELL_PADDING
  for (const line of lines) {
    const details = lineDetails(line)
    const discount = line.discount !== 0 ? `Discount ${money(-Math.abs(line.discount))}` : ''
    const productHeight =
      writer.measure(line.name, { width: productWidth, font: BOLD, size: 9.5 }) +
      (details ? writer.measure(details, { width: productWidth, size: 8 }) + 1 : 0) +
      (discount ? writer.measure(discount, { width: productWidth, size: 8 }) + 1 : 0)
    const rowHeight = productHeight + 2 * CELL_PADDING
    if (writer.ensureSpace(rowHeight)) drawTableHeader(writer, true)

    const top = writer.y + CELL_PADDING
    let x = MARGIN.left + CELL_PADDING
    let y = top
    y += writer.write(line.name, x, y, { width: productWidth, font: BOLD, size: 9.5 })
    if (details) y += writer.write(details, x, y + 1, { width: productWidth, size: 8, color: MUTED }) + 1
    if (discount) writer.write(discount, x, y + 1, { width: productWidth, size: 8, color: MUTED })
    x = MARGIN.left + COLUMNS[0].width
    const cells = [String(line.quantity), money(line.unitPrice), money(line.subtotal)]
    cells.forEach((cell, index) => {
      const column = COLUMNS[index + 1]!
      writer.write(cell, x + CELL_PADDING, top, { width: column.width - 2 * CELL_PADDING, size: 9.5, align: 'right' })
      x += column.width
    })
    writer.y += rowHeight
    writer.rule(writer.y)
  }
}

/** The same rows, amounts and words as the order page (src/isomorphic/order-totals.ts). */
export function totalsRows(doc: OrderDocument): { label: string; amount: Cents; strong: boolean }[] {
  const { amounts } = doc
  const breakdown = {
    subTotal: itemsSubtotal(amounts),
    discount: amounts.discount,
    options: amounts.options,
    shipping: amounts.delivery,
    taxes: amounts.tax,
    total: amounts.total,
    giftCard: amounts.giftCard,
    budget: amounts.budget,
    due: amounts.due,
  }
  return orderTotalRows(breakdown).map((row) => ({ label: messages.orders[row.key], amount: row.amount, strong: row.strong }))
}

function drawTotals(writer: PageWriter, doc: OrderDocument, money: (cents: Cents) => string) {
  const rows = totalsRows(doc).map((row) => ({ ...row, amount: money(row.amount), ruleAbove: row.strong }))

  const rowHeight = 17
  const width = 250
  const x = MARGIN.left + CONTENT_WIDTH - width
  writer.y += 12
  writer.ensureSpace(rows.length * rowHeight + 8)
  for (const row of rows) {
    if (row.ruleAbove) {
      writer.rule(writer.y, INK, x, width)
      writer.y += 4
    }
    const font = row.strong ? BOLD : FONT
    const size = row.strong ? 11 : 9.5
    writer.write(row.label, x, writer.y, { width: 130, font, size })
    writer.write(row.amount, x + 130, writer.y, { width: width - 130, font, size, align: 'right' })
    writer.y += rowHeight
  }
}

type DesignGroup = { line: OrderDocumentLine; sizes: string[]; design: NonNullable<OrderDocumentLine['design']> }

/** Each design once, with the sizes ordered in it, in the order of the lines. */
function designGroups(lines: OrderDocumentLine[]): DesignGroup[] {
  const groups = new Map<string, DesignGroup>()
  for (const line of lines) {
    if (!line.design || line.lineType !== 'product') continue
    const key = `${line.designId ?? ''}|${line.name}|${line.colorName ?? ''}|${JSON.stringify(line.design.decorations)}`
    let group = groups.get(key)
    if (!group) groups.set(key, (group = { line, sizes: [], design: line.design }))
    group.sizes.push(`${line.size ?? 'Qty'} × ${line.quantity}`)
  }
  return [...groups.values()]
}

/** Every decoration as the decoration partner needs it: what is applied, then where and how. */
function decorationLines(design: DesignGroup['design']): string[] {
  return design.decorations.map((detail) => `${decorationContent(detail)} · ${decorationPlacement(detail)}`)
}

function drawDesigns(writer: PageWriter, lines: OrderDocumentLine[], images: Map<string, PreparedImage>) {
  const groups = designGroups(lines)
  if (groups.length === 0) return
  writer.heading('Designs')
  for (const group of groups) {
    const views = (Object.entries(group.design.mockups) as [string, string][]).filter(([, imagePath]) => images.has(imagePath))
    const details = decorationLines(group.design)
    const title = [group.line.name, group.line.colorName].filter(Boolean).join(' · ')
    const sizes = `Sizes: ${group.sizes.join(', ')}`
    const textWidth = CONTENT_WIDTH
    const height =
      writer.measure(title, { width: textWidth, font: BOLD, size: 10 }) +
      writer.measure(sizes, { width: textWidth, size: 8.5 }) +
      (views.length > 0 ? MOCKUP_BOX + 18 : 0) +
      details.reduce((sum, detail) => sum + writer.measure(detail, { width: textWidth, size: 8.5 }) + 2, 0) +
      14
    writer.ensureSpace(Math.min(height, CONTENT_BOTTOM - MARGIN.top))
    writer.y += writer.write(title, MARGIN.left, writer.y, { width: textWidth, font: BOLD, size: 10 })
    writer.y += writer.write(sizes, MARGIN.left, writer.y, { width: textWidth, size: 8.5, color: MUTED }) + 4
    drawMockupRow(writer, views, images)
    for (const detail of details) {
      writer.ensureSpace(writer.measure(detail, { width: textWidth, size: 8.5 }) + 2)
      writer.y += writer.write(detail, MARGIN.left, writer.y, { width: textWidth, size: 8.5 }) + 2
    }
    writer.y += 10
  }
}

/** The designs' mockups from the image store. */
function loadDesignImages(lines: OrderDocumentLine[]): Promise<Map<string, PreparedImage>> {
  return loadStoreImages(
    lines.flatMap((line) => (line.design ? Object.values(line.design.mockups) : [])),
    'design mockup',
  )
}

function drawOptions(writer: PageWriter, doc: OrderDocument, money: (cents: Cents) => string) {
  if (doc.options.length === 0) return
  writer.heading('Order options')
  for (const option of doc.options) {
    const height = writer.measure(option.label, { width: CONTENT_WIDTH - 120 })
    writer.ensureSpace(height + 4)
    writer.write(option.label, MARGIN.left, writer.y, { width: CONTENT_WIDTH - 120 })
    writer.write(option.price === 0 ? 'Included' : money(option.price), MARGIN.left + CONTENT_WIDTH - 120, writer.y, { width: 120, align: 'right' })
    writer.y += height + 4
  }
}

const MAX_FIELD_TEXT = 1000

function drawExtraFields(writer: PageWriter, doc: OrderDocument) {
  if (doc.extraFields.length === 0) return
  writer.heading('Additional information')
  const labelWidth = 170
  const valueWidth = CONTENT_WIDTH - labelWidth
  for (const field of doc.extraFields) {
    const value = field.value.length > MAX_FIELD_TEXT ? `${field.value.slice(0, MAX_FIELD_TEXT)}…` : field.value
    const height = Math.max(writer.measure(field.label, { width: labelWidth - 10, font: BOLD }), writer.measure(value, { width: valueWidth }))
    writer.ensureSpace(height + 4)
    writer.write(field.label, MARGIN.left, writer.y, { width: labelWidth - 10, font: BOLD })
    writer.write(value, MARGIN.left + labelWidth, writer.y, { width: valueWidth })
    writer.y += height + 4
  }
}

type PreparedLogo = PreparedImage

// Stored image names carry a hash of their content, so a prepared logo never goes stale.
const logoCache = new Map<string, Promise<PreparedLogo | null>>()
const LOGO_CACHE_SIZE = 16

/**
 * The website logo from the image store as an opaque PNG sized for print (SVG drawn by sharp);
 * null, with a warning in the log, when it is missing or unreadable: the document goes out without it.
 */
function loadLogo(imagePath: string): Promise<PreparedLogo | null> {
  let prepared = logoCache.get(imagePath)
  if (!prepared) {
    prepared = prepareLogo(imagePath)
    logoCache.set(imagePath, prepared)
    if (logoCache.size > LOGO_CACHE_SIZE) logoCache.delete(logoCache.keys().next().value!)
    void prepared.then((logo) => {
      if (!logo) logoCache.delete(imagePath)
    })
  }
  return prepared
}

async function prepareLogo(imagePath: string): Promise<PreparedLogo | null> {
  // A logo given as an address (https://…) is not fetched: rendering a document makes no outbound calls.
  if (/^[a-z][a-z0-9+.-]*:/i.test(imagePath)) return null
  try {
    const data = await readStoredImage(imagePath)
    if (!data) throw new Error(`${imagePath} is not in the image store`)
    const isVector = (await sharp(data).metadata()).format === 'svg'
    const { data: png, info } = await sharp(data, isVector ? { density: 300 } : {})
      .resize({ width: LOGO_BOX.width * 4, height: LOGO_BOX.height * 4, fit: 'inside', withoutEnlargement: !isVector })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer({ resolveWithObject: true })
    return { data: png, width: info.width, height: info.height }
  } catch (error) {
    logger().warn({ err: error, imagePath }, 'store logo left out of an order document')
    return null
  }
}
