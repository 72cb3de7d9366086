import sharp from 'sharp'
import type { DecorationDetail } from '@/isomorphic/decoration-types'
import type { OrderAddressSnapshot } from '../db/schema'
import { readStoredImage } from '../images/image-store'
import { logger } from '../kernel/logger'

// The building blocks of the store's PDFs (the order PDF, the work order's production sheet): Letter
// pages, a writer that places text and breaks pages, addresses, decorations worded for the
// decoration partner, mockups from the image store, and "Page n of m" feet. Only the PDF standard
// fonts are used (nothing to embed), so text is limited to Windows-1252: anything else is
// transliterated or replaced by '?'.

export const PAGE = { width: 612, height: 792 }
export const MARGIN = { top: 50, left: 50, right: 50, bottom: 64 }
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right
export const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom
export const FONT = 'Helvetica'
export const BOLD = 'Helvetica-Bold'
export const INK = '#1f2328'
export const MUTED = '#59636e'
export const RULE = '#d1d9e0'
export const SHADE = '#f0f3f6'

export function collect(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
}

/** A cursor over the pages: everything is placed at explicit positions, breaking pages on demand. */
export class PageWriter {
  y = MARGIN.top
  constructor(readonly pdf: PDFKit.PDFDocument) {}

  /** Starts a new page unless `height` more points fit on this one; true when it did. */
  ensureSpace(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false
    this.pdf.addPage()
    this.y = MARGIN.top
    return true
  }

  write(value: string, x: number, y: number, options: { width: number; font?: string; size?: number; color?: string; align?: 'left' | 'right' | 'center' }): number {
    const { pdf } = this
    pdf
      .font(options.font ?? FONT)
      .fontSize(options.size ?? 9)
      .fillColor(options.color ?? INK)
    const clean = text(value)
    pdf.text(clean, x, y, { width: options.width, align: options.align ?? 'left', lineGap: 1 })
    return pdf.heightOfString(clean, { width: options.width, lineGap: 1 })
  }

  measure(value: string, options: { width: number; font?: string; size?: number }): number {
    return this.pdf
      .font(options.font ?? FONT)
      .fontSize(options.size ?? 9)
      .heightOfString(text(value), { width: options.width, lineGap: 1 })
  }

  rule(y: number, color = RULE, x = MARGIN.left, width = CONTENT_WIDTH) {
    this.pdf.save().moveTo(x, y).lineTo(x + width, y).lineWidth(0.75).strokeColor(color).stroke().restore()
  }

  heading(value: string) {
    this.ensureSpace(40)
    this.y += 18
    this.y += this.write(value, MARGIN.left, this.y, { width: CONTENT_WIDTH, font: BOLD, size: 11 })
    this.rule(this.y + 2)
    this.y += 8
  }
}

export function addressLines(address: OrderAddressSnapshot): string[] {
  const locality = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return [address.name, address.street, address.street2, locality, address.country, address.phone, address.email].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  )
}

export const VIEW_NAMES: Record<string, string> = { front: 'Front', back: 'Back' }
export const MOCKUP_BOX = 132
export const inches = (value: number) => `${Math.round(value * 100) / 100}`

/** Where a decoration goes: view, area, method, size and position in inches. */
export function decorationPlacement(detail: DecorationDetail): string {
  return `${VIEW_NAMES[detail.view] ?? detail.view} · ${detail.printArea.name} · ${detail.method.name} · ${inches(detail.width)} × ${inches(detail.height)} in, ${inches(detail.x)} in from the left and ${inches(detail.y)} in from the top of the area`
}

/** What a decoration applies: the text in its font and colour, or the logo (or uploaded artwork). */
export function decorationContent(detail: DecorationDetail): string {
  return detail.kind === 'text'
    ? `Text "${detail.text ?? ''}" in ${detail.font?.name ?? 'the store font'}${detail.color ? `, ${detail.color.name} (${detail.color.hex})` : ''}`
    : `Logo: ${detail.logo?.name ?? 'Logo'}${detail.artworkId ? ` (artwork ${detail.artworkId})` : ''}`
}

export type PreparedImage = { data: Buffer; width: number; height: number }

/** Images of the image store (mockups), small and on white; a missing one is left out (logged with `what`). */
export async function loadStoreImages(paths: Iterable<string>, what: string, box = MOCKUP_BOX): Promise<Map<string, PreparedImage>> {
  const images = new Map<string, PreparedImage>()
  for (const imagePath of new Set(paths)) {
    try {
      const stored = await readStoredImage(imagePath)
      if (!stored) throw new Error(`${imagePath} is not in the image store`)
      const { data, info } = await sharp(stored)
        .resize({ width: box * 3, height: box * 3, fit: 'inside' })
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer({ resolveWithObject: true })
      images.set(imagePath, { data, width: info.width, height: info.height })
    } catch (error) {
      logger().warn({ err: error, imagePath }, `${what} left out of a document`)
    }
  }
  return images
}

/** A row of mockups (one per garment view) under the cursor, each captioned with its view; moves the cursor past it. */
export function drawMockupRow(writer: PageWriter, views: readonly (readonly [string, string])[], images: ReadonlyMap<string, PreparedImage>): void {
  if (views.length === 0) return
  views.forEach(([view, imagePath], index) => {
    const image = images.get(imagePath)!
    const scale = Math.min(MOCKUP_BOX / image.width, MOCKUP_BOX / image.height)
    const x = MARGIN.left + index * (MOCKUP_BOX + 16)
    writer.pdf.image(image.data, x, writer.y, { width: image.width * scale, height: image.height * scale })
    writer.write(VIEW_NAMES[view] ?? view, x, writer.y + MOCKUP_BOX + 2, { width: MOCKUP_BOX, size: 8, color: MUTED, align: 'center' })
  })
  writer.y += MOCKUP_BOX + 18
}

export function drawFooters(pdf: PDFKit.PDFDocument, caption: string) {
  const { start, count } = pdf.bufferedPageRange()
  for (let index = start; index < start + count; index++) {
    pdf.switchToPage(index)
    // Writing below the bottom margin would start a new page: lift the margin while writing the foot.
    const bottom = pdf.page.margins.bottom
    pdf.page.margins.bottom = 0
    const y = PAGE.height - 44
    pdf.save().moveTo(MARGIN.left, y - 8).lineTo(MARGIN.left + CONTENT_WIDTH, y - 8).lineWidth(0.5).strokeColor(RULE).stroke().restore()
    pdf.font(FONT).fontSize(8).fillColor(MUTED)
    pdf.text(text(caption.length > 90 ? `${caption.slice(0, 89)}…` : caption), MARGIN.left, y, { lineBreak: false })
    pdf.text(`Page ${index - start + 1} of ${count}`, MARGIN.left + CONTENT_WIDTH - 100, y, { width: 100, align: 'right', lineBreak: false })
    pdf.page.margins.bottom = bottom
  }
}

// Windows-1252 characters above 0x7f that are not Latin-1 (what pdfkit maps for the standard fonts).
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')
// Latin letters that have no decomposition to a base letter.
const PLAIN_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't', Ŋ: 'N', ŋ: 'n', ĸ: 'k', ſ: 's' }
const isShowable = (char: string) => {
  const code = char.codePointAt(0)!
  return code >= 0x20 && (code < 0x7f || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char))
}

/** Text the standard fonts can show: Windows-1252, with accents dropped or '?' for the rest. */
export function text(value: string): string {
  let out = ''
  for (const char of value.replace(/\r\n?/g, '\n')) {
    const code = char.codePointAt(0)!
    if (char === '\n' || char === '\t') out += char === '\t' ? ' ' : char
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' '
    else if (isShowable(char)) out += char
    else {
      const plain = PLAIN_LETTERS[char] ?? char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
      out += plain !== '' && [...plain].every(isShowable) ? plain : '?'
    }
  }
  return out
}
