import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { buildStoreFile, lineContaining, writeStoreFile } from '../../../tests/factories/store-file'
import { StoreFileError } from './store-file-error'
import { loadStoreFile, STORE_FILE_MAX_DEPTH } from './load-store-file'

async function problemsOf(store: unknown): Promise<{ error: StoreFileError; text: string }> {
  const { filePath, text } = await writeStoreFile(store)
  const error = await loadStoreFile(filePath).then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof StoreFileError)) throw new Error(`expected a StoreFileError, got ${String(error)}`)
  return { error, text }
}

describe('loading a store file', () => {
  test('accepts a valid file and fills in defaults', async () => {
    const { filePath } = await writeStoreFile(buildStoreFile())
    const { file, fileLabel } = await loadStoreFile(filePath)
    expect(fileLabel).toBe('store.json')
    expect(file.products[0]).toMatchObject({ published: true, taxCode: 'PC040100', websiteSequence: 0 })
    expect(file.website.lockBrowsing).toBe('Disable')
  })

  test('accepts the demo store', async () => {
    const { file } = await loadStoreFile(path.resolve('data/demo-store.json'))
    expect(file.products.length).toBeGreaterThanOrEqual(60)
  })

  test('methods that bill the company are for signed-in customers unless the file says otherwise', async () => {
    const store = buildStoreFile({
      paymentMethods: [
        { name: 'Pay on invoice', provider: 'invoice' },
        { name: 'Purchase order', provider: 'purchase_order' },
        { name: 'Bank transfer', provider: 'wire_transfer' },
      ],
    })
    const { filePath } = await writeStoreFile(store)
    const { file } = await loadStoreFile(filePath)
    expect(file.website.guestCheckout).toBe(true)
    expect(file.paymentMethods.map(({ name, guests }) => ({ name, guests }))).toEqual([
      { name: 'Pay on invoice', guests: false },
      { name: 'Purchase order', guests: false },
      { name: 'Bank transfer', guests: true },
    ])
  })

  test('refuses a company store (budgets or approvers) that lets guests pay on invoice', async () => {
    const store = buildStoreFile({
      paymentMethods: [{ name: 'Pay on invoice', provider: 'invoice', guests: true }],
      accounts: [{ email: 'alex@example.com', name: 'Alex', password: 'long enough password', budget: 250 }],
    })
    const { error, text } = await problemsOf(store)
    expect(error.message).toBe(
      `store.json line ${lineContaining(text, '"guests": true')}: paymentMethods[0].guests: must be false on a store with budgets or approvers: a guest paying with invoice would bypass them`,
    )
  })

  test('names the line and the field of a bad price', async () => {
    const store = buildStoreFile()
    store.products[1]!.price = -4
    const { error, text } = await problemsOf(store)
    expect(error.message).toBe(`store.json line ${lineContaining(text, '"price": -4')}: products[1].price: must be a positive amount`)
    expect(error.code).toBe('invalid')
  })

  test('reports a JSON syntax error with its line', async () => {
    const text = `${JSON.stringify(buildStoreFile(), null, 2)}`.replace('"name": "Field Cap",', '"name": "Field Cap"')
    const { error } = await problemsOf(text)
    expect(error.issues).toHaveLength(1)
    expect(error.message).toMatch(new RegExp(`^store\\.json line ${lineContaining(text, '"templateSkuCode": "FC200"')}: JSON syntax error at column 7: unexpected '"', expected ',' or '}' after "name"$`))
  })

  test('names an unknown field so a typo is not silently ignored', async () => {
    const store = buildStoreFile()
    store.products[0]!.colour = ['Navy']
    const { error, text } = await problemsOf(store)
    expect(error.message).toBe(`store.json line ${lineContaining(text, '"colour"')}: products[0].colour: unknown field (check its spelling in docs/store-file.md)`)
  })

  test('lists every problem in the order of the file', async () => {
    const store = buildStoreFile()
    store.website.lockBrowsing = 'Yes'
    store.products[0]!.weight = 'heavy'
    delete store.products[1]!.templateSkuCode
    const { error } = await problemsOf(store)
    expect(error.issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'website.lockBrowsing: must be one of "Enable", "Disable"',
      'products[0].weight: must be a number',
      'products[1].templateSkuCode: is required',
    ])
    expect(error.issues.map((issue) => issue.line)).toEqual([...error.issues.map((issue) => issue.line)].sort((a, b) => a! - b!))
  })

  test('names the line of an accent colour that is not a colour, with the forms a colour takes', async () => {
    const store = buildStoreFile()
    store.website.accentColor = 'red'
    const { error, text } = await problemsOf(store)
    expect(error.message).toBe(`store.json line ${lineContaining(text, '"accentColor": "red"')}: website.accentColor: must be a CSS colour like "#1f2a44" or "rgb(31, 42, 68)"`)
  })

  test('refuses a file nested 200,000 levels deep with one sentence, without walking down it', async () => {
    const depth = 200_000
    const text = `{"format": "webstore-store/1", "website": {"code": "test-store", "name": ${'['.repeat(depth)}${']'.repeat(depth)}}}`
    const { error } = await problemsOf(text)
    expect(error.issues).toEqual([
      { line: 1, path: '', message: `lists and objects are nested more than ${STORE_FILE_MAX_DEPTH} levels deep; no store file nests that deep (docs/store-file.md)` },
    ])
  })

  test('refuses a file without the format marker', async () => {
    const { error } = await problemsOf({ ...buildStoreFile(), format: 'something-else' })
    expect(error.issues[0]).toMatchObject({ path: 'format', message: 'must be "webstore-store/1"' })
  })

  test('refuses a missing file with its full path', async () => {
    await expect(loadStoreFile('/nowhere/store.json')).rejects.toThrow('store.json: file not found (/nowhere/store.json)')
  })
})

describe('references', () => {
  test('refuses a product naming a brand, category, colour or logo the file does not define', async () => {
    const store = buildStoreFile()
    Object.assign(store.products[0]!, { brand: 'Nobody', categories: ['tees', 'socks'], colors: ['Navy', 'navy blue'], logos: ['NOPE'] })
    store.products[0]!.images = []
    const { error } = await problemsOf(store)
    expect(error.issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'products[0].brand: unknown brand "Nobody"',
      'products[0].categories[1]: unknown category "socks"',
      'products[0].colors[1]: unknown colour "navy blue"',
      'products[0].logos[0]: unknown logo "NOPE"',
    ])
  })

  test('suggests the right spelling when only the case differs', async () => {
    const store = buildStoreFile()
    store.products[1]!.colors = ['navy']
    const { error } = await problemsOf(store)
    expect(error.issues[0]!.message).toBe('unknown colour "navy" (did you mean "Navy"?)')
  })

  test('refuses duplicate natural keys, pointing at the second one', async () => {
    const store = buildStoreFile()
    store.products.push({ ...store.products[1]!, name: 'Another Cap' })
    const { error, text } = await problemsOf(store)
    expect(error.issues).toEqual([
      { line: lineContaining(text, '"name": "Another Cap"') - 1, path: 'products[2].slug', message: 'duplicate product "field-cap" (already at products[1])' },
    ])
  })

  test('refuses sizes outside the size order, upcharges for sizes the product lacks, and unknown featured products', async () => {
    const store = buildStoreFile()
    store.products[1]!.sizes = ['OSFA', 'XXS']
    store.products[1]!.sizeUpcharges = { XL: 1 }
    ;(store.homePage as { featuredProducts: string[] }).featuredProducts = ['field-tee', 'ghost']
    const { error } = await problemsOf(store)
    expect(error.issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'homePage.featuredProducts[1]: unknown product "ghost"',
      'products[1].sizes[1]: unknown size "XXS": add it to website.sizeOrder',
      'products[1].sizeUpcharges.XL: "XL" is not one of this product\'s sizes',
    ])
  })

  test('refuses colours that would give two variants the same SKU', async () => {
    const store = buildStoreFile({ colors: [{ name: 'Navy', css: '#1f2a44' }, { name: 'NAVY', css: '#1f2a45' }] })
    store.products[0]!.colors = ['Navy', 'NAVY']
    const { error } = await problemsOf(store)
    expect(error.issues.map((issue) => issue.message)).toEqual(['"NAVY" and "Navy" would give the same variant SKU'])
  })

  test('refuses a missing artwork file, a logo of another partner and a tax state not shipped to', async () => {
    const store = buildStoreFile()
    ;(store.logos as Record<string, unknown>[])[0]!.artwork = { file: 'art/missing.svg' }
    ;(store.logos as Record<string, unknown>[])[0]!.decorationPartner = 'EMBROIDERER'
    ;(store.tax as { rates: unknown[] }).rates = [{ country: 'US', state: 'TX', ratePercent: 6.25 }]
    const { error } = await problemsOf(store)
    expect(error.issues.map((issue) => `${issue.path}: ${issue.message.replace(/: \/.*$/, '')}`)).toEqual([
      'logos[0].decorationPartner: unknown decoration partner "EMBROIDERER"',
      'logos[0].artwork.file: file not found',
      'tax.rates[0].state: "TX" is not a state of US in website.shippingCountries',
    ])
  })

  test('needs the rules and credentials each delivery type uses', async () => {
    const store = buildStoreFile({
      deliveryMethods: [
        { name: 'By weight', deliveryType: 'base_on_rule' },
        { name: 'USPS', deliveryType: 'usps' },
      ],
    })
    const { error } = await problemsOf(store)
    expect(error.issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'deliveryMethods[0].priceRules: a base_on_rule method needs at least one price rule',
      'deliveryMethods[1].credentials.uspsUsername: is required for usps',
      "deliveryMethods[1].url: is required for usps (the carrier's API address)",
    ])
  })

  test('tells which shapes an image may take', async () => {
    const store = buildStoreFile()
    store.products[0]!.images = [{ picture: 'tee.png' }, { url: 'http://example.com/a.png' }]
    const { error } = await problemsOf(store)
    expect(error.issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'products[0].images[0]: must have one of "url", "file", "mockup"',
      'products[0].images[1].url: must be an https:// address',
    ])
  })
})
