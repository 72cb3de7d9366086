import PDFDocument from 'pdfkit'
import type { ShipToAddress, WorkOrderDecoration, WorkOrderView } from '@/isomorphic/contract/admin-work-orders'
import { WORK_ORDER_STATE_NAMES } from '@/isomorphic/contract/admin-work-orders'
import { formatDate } from '@/isomorphic/format'
import { BOLD, collect, CONTENT_WIDTH, drawFooters, drawMockupRow, inches, loadStoreImages, MARGIN, MOCKUP_BOX, MUTED, PageWriter, type PreparedImage, SHADE, text, VIEW_NAMES } from './pdf-blocks'

// A work order's production sheet (issue 15): what the decoration partner's floor works from. The
// reference and the ship-to address, the size tally to pull from stock, every decoration with its
// placement in inches, method, colours, artwork file and the mockups, then the lines with what has
// shipped so far. Drawn with the order PDF's building blocks (pdf-blocks.ts).

export function workOrderSheetFileName(reference: string): string {
  return `Work-order-${reference.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'sheet'}.pdf`
}

export async function renderWorkOrderSheet(view: WorkOrderView, { compress = true }: { compress?: boolean } = {}): Promise<Buffer> {
  const images = await loadStoreImages(
    view.decorations.flatMap((decoration) => Object.values(decoration.mockups)),
    'work order mockup',
  )
  const title = `Work order ${view.reference}`
  const pdf = new PDFDocument({ size: 'LETTER', margins: MARGIN, bufferPages: true, compress, info: { Title: text(title), Author: text(view.decorationPartner.name), CreationDate: new Date(view.createdAt) } })
  const done = collect(pdf)
  const writer = new PageWriter(pdf)

  drawTitle(writer, view, title)
  drawShipTo(writer, view.shipTo)
  drawTally(writer, view)
  drawDecorations(writer, view.decorations, images)
  drawLines(writer, view)
  drawFooters(pdf, `${view.decorationPartner.name} · ${title} · order ${view.orderReference}`)
  pdf.end()
  return done
}

function facts(writer: PageWriter, rows: [string, string][]) {
  const labelWidth = 95
  for (const [label, value] of rows) {
    const height = Math.max(
      writer.write(`${label}:`, MARGIN.left, writer.y, { width: labelWidth, font: BOLD, size: 9, color: MUTED }),
      writer.write(value, MARGIN.left + labelWidth, writer.y, { width: CONTENT_WIDTH - labelWidth, size: 9 }),
    )
    writer.y += height + 2
  }
}

function drawTitle(writer: PageWriter, view: WorkOrderView, title: string) {
  writer.y += writer.write(title, MARGIN.left, writer.y, { width: CONTENT_WIDTH, font: BOLD, size: 20 })
  writer.y += 8
  facts(writer, [
    ['Order', view.orderReference],
    ['Decoration partner', view.decorationPartner.name],
    ['Created', formatDate(new Date(view.createdAt), 'long')],
    ['State', WORK_ORDER_STATE_NAMES[view.state]],
    ['Delivery', view.deliveryMethod ?? 'Not given'],
    ['Pieces', String(view.pieces)],
    ...(view.problemMessage && view.state === 'problem' ? [['Problem', view.problemMessage] as [string, string]] : []),
  ])
}

function shipToLines(address: ShipToAddress): string[] {
  const locality = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return [address.name, address.street, address.street2, locality, address.country, address.phone].filter((line): line is string => typeof line === 'string' && line.trim() !== '')
}

function drawShipTo(writer: PageWriter, address: ShipToAddress) {
  writer.heading('Ship to')
  for (const line of shipToLines(address)) writer.y += writer.write(line, MARGIN.left, writer.y, { width: CONTENT_WIDTH, size: 10 })
}

function tableRow(writer: PageWriter, cells: { value: string; width: number; align?: 'left' | 'right' }[], options: { font?: string; shade?: boolean } = {}) {
  const padding = 4
  const height = Math.max(...cells.map((cell) => writer.measure(cell.value, { width: cell.width - 2 * padding, font: options.font }))) + 2 * padding
  writer.ensureSpace(height)
  if (options.shade) writer.pdf.save().rect(MARGIN.left, writer.y, CONTENT_WIDTH, height).fill(SHADE).restore()
  let x = MARGIN.left
  for (const cell of cells) {
    writer.write(cell.value, x + padding, writer.y + padding, { width: cell.width - 2 * padding, font: options.font, align: cell.align })
    x += cell.width
  }
  writer.y += height
  writer.rule(writer.y)
}

function drawTally(writer: PageWriter, view: WorkOrderView) {
  writer.heading('Size tally')
  if (view.tally.length === 0) {
    writer.y += writer.write('Nothing to pull from stock.', MARGIN.left, writer.y, { width: CONTENT_WIDTH, color: MUTED })
    return
  }
  const widths = [220, 232, 60]
  tableRow(writer, [{ value: 'Product · colour', width: widths[0]! }, { value: 'Sizes', width: widths[1]! }, { value: 'Total', width: widths[2]!, align: 'right' }], { font: BOLD, shade: true })
  for (const row of view.tally) {
    tableRow(writer, [
      { value: [row.product, row.colorName].filter(Boolean).join(' · '), width: widths[0]! },
      { value: row.sizes.map((size) => `${size.size} × ${size.quantity}`).join(',  '), width: widths[1]! },
      { value: String(row.total), width: widths[2]!, align: 'right' },
    ])
  }
}

function placementOf(decoration: WorkOrderDecoration): string {
  const { placement } = decoration
  if (!placement) return 'Placement: as the product shows the logo'
  return `${VIEW_NAMES[placement.view] ?? placement.view} · ${placement.printArea} · ${inches(placement.width)} × ${inches(placement.height)} in, ${inches(placement.x)} in from the left and ${inches(placement.y)} in from the top of the area`
}

function drawDecorations(writer: PageWriter, decorations: WorkOrderDecoration[], images: Map<string, PreparedImage>) {
  if (decorations.length === 0) return
  writer.heading('Decorations')
  let lastGroup = ''
  for (const decoration of decorations) {
    const group = `${decoration.product}|${decoration.colorName ?? ''}|${decoration.sizes}|${JSON.stringify(decoration.mockups)}`
    if (group !== lastGroup) {
      lastGroup = group
      const views = (Object.entries(decoration.mockups) as [string, string][]).filter(([, imagePath]) => images.has(imagePath))
      writer.ensureSpace(40 + (views.length > 0 ? MOCKUP_BOX + 18 : 0))
      writer.y += 6
      writer.y += writer.write([decoration.product, decoration.colorName].filter(Boolean).join(' · '), MARGIN.left, writer.y, { width: CONTENT_WIDTH, font: BOLD, size: 10 })
      writer.y += writer.write(`Sizes: ${decoration.sizes}`, MARGIN.left, writer.y, { width: CONTENT_WIDTH, size: 8.5, color: MUTED }) + 4
      drawMockupRow(writer, views, images)
    }
    const what = decoration.kind === 'text' ? `Text "${decoration.label}"${decoration.font ? ` in ${decoration.font}` : ''}` : `Logo: ${decoration.label}`
    const details = [what, placementOf(decoration), `Method: ${decoration.method.name} · Colours: ${decoration.colors}`, ...(decoration.artworkPath ? [`Artwork file: ${decoration.artworkPath}`] : [])]
    writer.ensureSpace(details.length * 12 + 6)
    for (const detail of details) writer.y += writer.write(detail, MARGIN.left + 8, writer.y, { width: CONTENT_WIDTH - 8, size: 8.5 }) + 1
    writer.y += 5
  }
}

function drawLines(writer: PageWriter, view: WorkOrderView) {
  writer.heading('Lines')
  const widths = [212, 110, 60, 60, 70]
  tableRow(
    writer,
    [
      { value: 'Product', width: widths[0]! },
      { value: 'Colour', width: widths[1]! },
      { value: 'Size', width: widths[2]! },
      { value: 'Qty', width: widths[3]!, align: 'right' },
      { value: 'Shipped', width: widths[4]!, align: 'right' },
    ],
    { font: BOLD, shade: true },
  )
  for (const line of view.lines) {
    const setup = line.lineType === 'setup'
    tableRow(writer, [
      { value: [line.product, line.sku ? `SKU ${line.sku}` : null, line.logoName ? `Logo: ${line.logoName}` : null].filter(Boolean).join('\n'), width: widths[0]! },
      { value: line.colorName ?? '', width: widths[1]! },
      { value: setup ? 'Set-up' : (line.size ?? ''), width: widths[2]! },
      { value: String(line.quantity), width: widths[3]!, align: 'right' },
      { value: setup ? '' : String(line.shipped), width: widths[4]!, align: 'right' },
    ])
  }
}
