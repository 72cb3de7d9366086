import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { buildOrderDocument, pdfImageCount, pdfPageCount, pdfTextRuns } from './document-test-support'
import type { OrderDocumentLine } from './order-document'
import { documentFileName, renderOrderPdf, text } from './order-pdf'

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'order-pdf-'))
  vi.stubEnv('IMAGES_DIR', root)
  await mkdir(path.join(root, 'stores', 'granite', 'site'), { recursive: true })
  const png = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 31, g: 42, b: 68, alpha: 0.8 } } })
    .png()
    .toBuffer()
  await writeFile(path.join(root, 'stores', 'granite', 'site', 'logo.0123456789.png'), png)
  await copyFile(path.resolve('data/logos/granite-ridge-primary.svg'), path.join(root, 'stores', 'granite', 'site', 'logo.svg'))
})

function line(n: number, overrides: Partial<OrderDocumentLine> = {}): OrderDocumentLine {
  return { lineType: 'product', name: `Trail Hoodie ${n}`, sku: `TH-${n}`, colorName: 'Forest', size: 'M', logoName: 'Granite Mark', quantity: 3, unitPrice: 4500, discount: 0, subtotal: 13500, ...overrides }
}

describe('renderOrderPdf', () => {
  test('makes a PDF that shows the title, the store, the lines with their color, size and logo, and the total', async () => {
    const pdf = await renderOrderPdf(buildOrderDocument())
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF')
    const runs = pdfTextRuns(pdf)
    expect(runs).toContain('Quotation S00042')
    expect(runs).toContain('Granite Ridge Outfitters')
    expect(runs).toContain('Field Tee')
    expect(runs).toContain('SKU FT-100  ·  Color: Navy  ·  Size: L  ·  Logo: Granite Mark')
    expect(runs).toEqual(expect.arrayContaining(['100', '$12.34', '$1,234.00', 'Total', '$1,333.75']))
    expect(runs).toContain('March 5, 2026')
    expect(runs).toContain('Page 1 of 1')
  })

  test('puts the billing and shipping addresses side by side, or says the goods go to the billing address', async () => {
    const both = pdfTextRuns(await renderOrderPdf(buildOrderDocument()))
    expect(both).toEqual(expect.arrayContaining(['Billing address', 'Shipping address', '100 Main Street', '9 Warehouse Road', 'Greenville, SC 29601']))
    const same = pdfTextRuns(await renderOrderPdf(buildOrderDocument({ shippingAddress: null })))
    expect(same).toContain('Same as the billing address')
  })

  test('an order is titled Order and names its file after its kind and reference', async () => {
    const order = buildOrderDocument({ kind: 'order', state: 'sale', reference: 'S00043' })
    expect(pdfTextRuns(await renderOrderPdf(order))).toContain('Order S00043')
    expect(documentFileName(order)).toBe('Order-S00043.pdf')
    expect(documentFileName(buildOrderDocument())).toBe('Quotation-S00042.pdf')
    expect(documentFileName(buildOrderDocument({ reference: 'S0/"4\r\n2' }))).toBe('Quotation-S0-4-2.pdf')
  })

  test('shows discount, options, gift card, budget and the amount left to pay', async () => {
    const runs = pdfTextRuns(
      await renderOrderPdf(
        buildOrderDocument({
          promoCode: 'SPRING10',
          options: [{ label: 'Rush decoration', price: 2500 }],
          amounts: { untaxed: 123400, discount: 12340, delivery: 0, options: 2500, tax: 5000, total: 118560, giftCard: 5000, budget: 100000, due: 13560 },
        }),
      ),
    )
    expect(runs).toEqual(
      expect.arrayContaining(['Promotion', '-$123.40', 'Rush decoration', '$25.00', 'Gift cards', '-$50.00', 'Budget', '-$1,000.00', 'Left to pay', '$135.60']),
    )
  })

  test('lists the extra fields with their labels', async () => {
    const runs = pdfTextRuns(
      await renderOrderPdf(buildOrderDocument({ extraFields: [{ label: 'PO number', value: 'PO-7781' }, { label: 'In-hands date', value: 'Apr 1, 2026' }] })),
    )
    expect(runs).toEqual(expect.arrayContaining(['Additional information', 'PO number', 'PO-7781', 'In-hands date', 'Apr 1, 2026']))
  })

  test('a 120-line order runs over several pages, repeating the table head and numbering every page', async () => {
    const lines = Array.from({ length: 120 }, (_, index) => line(index + 1))
    const pdf = await renderOrderPdf(buildOrderDocument({ lines }))
    const pages = pdfPageCount(pdf)
    expect(pages).toBeGreaterThanOrEqual(4)
    const runs = pdfTextRuns(pdf)
    for (let page = 1; page <= pages; page++) expect(runs).toContain(`Page ${page} of ${pages}`)
    expect(runs.filter((run) => run === 'Product (continued)')).toHaveLength(pages - 1)
    expect(runs).toContain('Trail Hoodie 1')
    expect(runs).toContain('Trail Hoodie 120')
    expect(runs.indexOf('Trail Hoodie 120')).toBeLessThan(runs.indexOf('Total'))
  })

  test('draws the store logo from the image store, raster or SVG', async () => {
    const store = buildOrderDocument().store
    const raster = await renderOrderPdf(buildOrderDocument({ store: { ...store, logoImage: 'stores/granite/site/logo.0123456789.png' } }))
    expect(pdfImageCount(raster)).toBe(1)
    const vector = await renderOrderPdf(buildOrderDocument({ store: { ...store, logoImage: 'stores/granite/site/logo.svg' } }))
    expect(pdfImageCount(vector)).toBe(1)
  })

  test('goes without the logo when it is missing, outside the image store or only an address', async () => {
    const store = buildOrderDocument().store
    for (const logoImage of ['stores/granite/site/gone.png', '../../etc/passwd', 'https://cdn.example/logo.png']) {
      const pdf = await renderOrderPdf(buildOrderDocument({ store: { ...store, logoImage } }))
      expect(pdfImageCount(pdf)).toBe(0)
      expect(pdfTextRuns(pdf)).toContain('Quotation S00042')
    }
  })

  test('text outside the standard fonts is transliterated or replaced, never garbled', async () => {
    expect(text('Zoë Łukasz — “Crew” ✓ 日本')).toBe('Zoë Lukasz — “Crew” ? ??')
    expect(text('line\u0000one\r\nline two')).toBe('line one\nline two')
    const runs = pdfTextRuns(await renderOrderPdf(buildOrderDocument({ lines: [line(1, { name: 'Tee für Łódź ✓' })] })))
    expect(runs).toContain('Tee für Lódz ?')
  })

  test('writes the same text whether or not the pages are deflated', async () => {
    const document = buildOrderDocument()
    const plain = await renderOrderPdf(document, { compress: false })
    expect(pdfTextRuns(plain)).toEqual(pdfTextRuns(await renderOrderPdf(document)))
    expect(plain.toString('latin1')).not.toContain('/FlateDecode')
  })
})
