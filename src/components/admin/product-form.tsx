'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, type ReactNode, useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { uploadProductImage } from '@/client/admin/product-image-upload'
import { type PictureUpload, sendPictures } from '@/client/admin/product-pictures'
import { useConsoleAction } from '@/client/admin/use-console-form'
import type { AdminMutationValues } from '@/isomorphic/contract/admin'
import type { AdminProduct, AdminProductOptions, ProductFieldsInput } from '@/isomorphic/contract/admin-products'
import { toCents } from '@/isomorphic/money'
import { priceBreakProblem } from '@/isomorphic/product-rules'
import { slugText, variantSku } from '@/isomorphic/slugify'
import { SaveOutcome } from './console-form'
import { ProductPicturesPicker } from './product-pictures-picker'
import { Field, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'
import { ProductStatusBadge } from './product-list-table'
import { daySpanOf } from './day-span-fields'

// The product's edit form (issue 16): every field of a store file product in one save — General,
// Pricing & price breaks, Variants (the colour × size grid, each with its SKU, price and logos),
// Logos, Organisation, Shipping, Status. A variant's SKU and price left blank follow the style code
// and the base price plus the size's upcharge. A stale save shows what another member changed.

type VariantState = { sku: string; price: string; logoIds: number[] }
type FormState = {
  name: string
  slug: string
  slugTouched: boolean
  templateSkuCode: string
  description: string
  brandId: string
  categoryIds: number[]
  price: string
  upcharges: Record<number, string>
  colorIds: number[]
  sizeIds: number[]
  logoIds: number[]
  variants: Record<string, VariantState>
  priceBreaks: { minQuantity: string; price: string }[]
  weight: string
  taxCode: string
  garmentKind: string
  leadMin: string
  leadMax: string
  chartUnit: 'in' | 'cm'
  /** Measurement names, comma-separated ("Chest, Body length"). */
  chartMeasurements: string
  /** Size name → its values, comma-separated in the measurements' order. */
  /** Size name → the value typed in each measurement's cell, in the measurements' order. */
  chartRows: Record<string, string[]>
  featured: boolean
  published: boolean
}

const cell = (colorId: number, sizeId: number) => `${colorId}/${sizeId}`
const money = (value: number) => value.toFixed(2)
const SAVED = 'Saved. The shop shows the change now.'

function initialState(product: AdminProduct | null, options: AdminProductOptions): FormState {
  if (!product) {
    return {
      name: '',
      slug: '',
      slugTouched: false,
      templateSkuCode: '',
      description: '',
      brandId: '',
      categoryIds: [],
      price: '',
      upcharges: {},
      colorIds: [],
      sizeIds: [],
      logoIds: [],
      variants: {},
      priceBreaks: [],
      weight: '0.5',
      taxCode: 'PC040100',
      garmentKind: '',
      leadMin: '',
      leadMax: '',
      chartUnit: 'in',
      chartMeasurements: '',
      chartRows: {},
      featured: false,
      published: false,
    }
  }
  const colorName = new Map(options.colors.map((color) => [color.id, color.name]))
  const sizeName = new Map(options.sizes.map((size) => [size.id, size.name]))
  const upcharge = new Map(product.sizeUpcharges.map((row) => [row.sizeId, row.amount]))
  const variants: Record<string, VariantState> = {}
  for (const variant of product.variants) {
    const defaultSku = variantSku(product.templateSkuCode, colorName.get(variant.colorId) ?? '', sizeName.get(variant.sizeId) ?? '')
    const defaultPrice = toCents(product.price) + toCents(upcharge.get(variant.sizeId) ?? 0)
    variants[cell(variant.colorId, variant.sizeId)] = {
      sku: variant.sku === defaultSku ? '' : variant.sku,
      price: toCents(variant.price) === defaultPrice ? '' : money(variant.price),
      logoIds: variant.logoIds,
    }
  }
  return {
    name: product.name,
    slug: product.slug,
    slugTouched: true,
    templateSkuCode: product.templateSkuCode,
    description: product.description,
    brandId: product.brandId === null ? '' : String(product.brandId),
    categoryIds: product.categoryIds,
    price: money(product.price),
    upcharges: Object.fromEntries(product.sizeUpcharges.map((row) => [row.sizeId, money(row.amount)])),
    colorIds: product.colorIds,
    sizeIds: product.sizeIds,
    logoIds: [...new Set(product.variants.flatMap((variant) => variant.logoIds))].sort((a, b) => a - b),
    variants,
    priceBreaks: product.priceBreaks.map((tier) => ({ minQuantity: String(tier.minQuantity), price: money(tier.price) })),
    weight: String(product.weight),
    taxCode: product.taxCode,
    garmentKind: product.garmentKind ?? '',
    leadMin: product.leadTime ? String(product.leadTime.minDays) : '',
    leadMax: product.leadTime ? String(product.leadTime.maxDays) : '',
    chartUnit: product.sizeChart?.unit ?? 'in',
    chartMeasurements: product.sizeChart?.measurements.join(', ') ?? '',
    chartRows: Object.fromEntries((product.sizeChart?.rows ?? []).map((row) => [row.size, row.values.map(String)])),
    featured: product.featured,
    published: product.published,
  }
}

/**
 * The size chart the form describes: null when no measurement is named; a size left empty is not
 * in the chart. Values that are not numbers go to the server as NaN (null), whose rule says so.
 */
function sizeChartOf(state: FormState, sizeNames: readonly string[]): ProductFieldsInput['sizeChart'] {
  const measurements = measurementsOf(state.chartMeasurements)
  if (measurements.length === 0) return null
  const rows = sizeNames
    .filter((size) => (state.chartRows[size] ?? []).some((cell) => cell.trim() !== ''))
    .map((size) => ({ size, values: measurements.map((_, index) => amountOf(state.chartRows[size]?.[index] ?? '')) }))
  return { unit: state.chartUnit, measurements, rows }
}

/** The measurement names typed, comma-separated ("Chest, Body length"). */
const measurementsOf = (text: string) => text.split(',').map((name) => name.trim()).filter((name) => name !== '')

/** A typed amount as a number (12, 12.5, "12,50"), or NaN. */
const amountOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')))

function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-white p-4 sm:p-5">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  )
}

function CheckboxGrid<T extends { id: number; name: string }>({
  legend,
  items,
  chosen,
  onToggle,
  render,
}: {
  legend: string
  items: T[]
  chosen: number[]
  onToggle: (id: number) => void
  render?: (item: T) => ReactNode
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      {items.length === 0 ? <p className="mt-1 text-sm text-muted">None set up yet.</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => (
          <label key={item.id} className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-1.5 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/5">
            <input type="checkbox" checked={chosen.includes(item.id)} onChange={() => onToggle(item.id)} />
            {render ? render(item) : item.name}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

const toggled = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id])

/** A save's message waiting for the form the refresh mounts again (see setSaved). */
let savedMessage: { key: string; message: string } | null = null

function handSavedMessage(waiting: { key: string; message: string } | null): void {
  savedMessage = waiting
}

function takeSavedMessage(product: AdminProduct | null): string | null {
  if (!product || savedMessage?.key !== `${product.id}:${product.version}`) return null
  const { message } = savedMessage
  savedMessage = null
  return message
}

export function ProductForm({ websiteId, options, product, currency }: { websiteId: number; options: AdminProductOptions; product: AdminProduct | null; currency: string }) {
  const router = useRouter()
  const [state, setState] = useState<FormState>(() => initialState(product, options))
  const [current, setCurrent] = useState<AdminProduct | null>(product)
  const action = useConsoleAction()
  // The message of the save before the refresh mounted this form again (see handSavedMessage).
  const [handed] = useState<string | null>(() => takeSavedMessage(product))
  // A new product's pictures: chosen here, sent right after it is created.
  const [pictures, setPictures] = useState<File[]>([])
  const [uploads, setUploads] = useState<PictureUpload[]>([])
  const [createdId, setCreatedId] = useState<number | null>(null)
  const uploading = uploads.some((upload) => upload.status === 'waiting' || upload.status === 'uploading')
  const busy = action.busy || uploading
  // The page keys the form by the product's version, so the refresh after a save mounts it again:
  // the message is handed to that new form (keyed by the version it will have).
  const handOn = (message: string, version: number) => handSavedMessage(current ? { key: `${current.id}:${version}`, message } : null)

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((old) => ({ ...old, [key]: value }))
  const colorName = new Map(options.colors.map((color) => [color.id, color.name]))
  const sizeName = new Map(options.sizes.map((size) => [size.id, size.name]))
  // The grid in the options' order (colours by their sequence, sizes in the spec's order).
  const colors = options.colors.filter((color) => state.colorIds.includes(color.id))
  const sizes = options.sizes.filter((size) => state.sizeIds.includes(size.id))
  const chosenLogos = options.logos.filter((logo) => state.logoIds.includes(logo.id))
  const basePrice = amountOf(state.price)

  const variantOf = (colorId: number, sizeId: number): VariantState => state.variants[cell(colorId, sizeId)] ?? { sku: '', price: '', logoIds: state.logoIds }
  const setVariant = (colorId: number, sizeId: number, change: Partial<VariantState>) =>
    setState((old) => ({ ...old, variants: { ...old.variants, [cell(colorId, sizeId)]: { ...(old.variants[cell(colorId, sizeId)] ?? { sku: '', price: '', logoIds: old.logoIds }), ...change } } }))
  const defaultPrice = (sizeId: number) => (Number.isFinite(basePrice) ? basePrice + (Number.isFinite(amountOf(state.upcharges[sizeId] ?? '')) ? amountOf(state.upcharges[sizeId]!) : 0) : Number.NaN)

  function toggleProductLogo(logoId: number) {
    setState((old) => {
      const adding = !old.logoIds.includes(logoId)
      const variants = Object.fromEntries(
        Object.entries(old.variants).map(([key, variant]) => [key, { ...variant, logoIds: adding ? [...new Set([...variant.logoIds, logoId])] : variant.logoIds.filter((id) => id !== logoId) }]),
      )
      return { ...old, logoIds: toggled(old.logoIds, logoId), variants }
    })
  }

  /** The value the contract takes, or a sentence saying what to fix first. */
  function value(): ProductFieldsInput | string {
    if (state.name.trim() === '') return 'Enter the product’s name.'
    if (state.slug === '') return 'Enter the product’s address (slug), e.g. field-tee.'
    if (state.templateSkuCode.trim() === '') return 'Enter the style code (SKU), e.g. PC54.'
    if (!Number.isFinite(basePrice) || basePrice <= 0) return 'Enter the base price, e.g. 24.00.'
    if (colors.length === 0 || sizes.length === 0) return 'Choose at least one colour and one size under Variants.'
    const weight = amountOf(state.weight)
    if (!Number.isFinite(weight) || weight < 0) return 'Enter the weight of one piece in pounds, e.g. 0.5.'
    const breaks: { minQuantity: number; price: number }[] = []
    for (const [index, row] of state.priceBreaks.entries()) {
      const minQuantity = Number(row.minQuantity)
      const price = amountOf(row.price)
      if (!Number.isInteger(minQuantity) || !Number.isFinite(price)) return `Price break ${index + 1}: enter a whole number of pieces and a price.`
      breaks.push({ minQuantity, price })
    }
    const problem = priceBreakProblem(
      toCents(basePrice),
      breaks.map((tier) => ({ minQuantity: tier.minQuantity, priceAmount: toCents(tier.price) })),
      currency,
    )
    if (problem) return problem
    const upcharges = []
    for (const size of sizes) {
      const text = state.upcharges[size.id] ?? ''
      if (text.trim() === '') continue
      const amount = amountOf(text)
      if (!Number.isFinite(amount) || amount < 0) return `The upcharge for ${size.name} must be an amount of 0 or more.`
      if (amount > 0) upcharges.push({ sizeId: size.id, amount })
    }
    const variants = []
    for (const color of colors) {
      for (const size of sizes) {
        const variant = variantOf(color.id, size.id)
        const price = variant.price.trim() === '' ? undefined : amountOf(variant.price)
        if (price !== undefined && !Number.isFinite(price)) return `Variant ${color.name} / ${size.name}: the price is not an amount.`
        variants.push({ colorId: color.id, sizeId: size.id, sku: variant.sku.trim(), ...(price === undefined ? {} : { price }), logoIds: variant.logoIds.filter((id) => state.logoIds.includes(id)) })
      }
    }
    return {
      websiteId,
      name: state.name,
      slug: state.slug,
      templateSkuCode: state.templateSkuCode.trim(),
      description: state.description,
      brandId: state.brandId === '' ? null : Number(state.brandId),
      categoryIds: state.categoryIds,
      price: basePrice,
      sizeUpcharges: upcharges,
      colorIds: colors.map((color) => color.id),
      sizeIds: sizes.map((size) => size.id),
      logoIds: state.logoIds,
      variants,
      priceBreaks: breaks,
      weight,
      taxCode: state.taxCode.trim(),
      garmentKind: state.garmentKind === '' ? null : state.garmentKind,
      leadTime: daySpanOf(state.leadMin, state.leadMax),
      sizeChart: sizeChartOf(state, sizes.map((size) => size.name)),
      featured: state.featured,
      published: state.published,
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    const fields = value()
    if (typeof fields === 'string') return action.fail({ message: fields, conflict: null, fields: {} })
    if (!current) return create(fields)
    const outcome = await action.run(() => adminMutation('products.update', { ...fields, productId: current.id, version: current.version } as AdminMutationValues['products.update']), { savedMessage: SAVED, refresh: false })
    if (!outcome.ok) return
    setCurrent(outcome.answer)
    setState(initialState(outcome.answer, options))
    handOn(SAVED, outcome.answer.version)
    router.refresh()
  }

  /** Creates the product, then sends its pictures; opens it when every picture was added, else shows each file's line. */
  async function create(fields: ProductFieldsInput) {
    if (createdId !== null) return
    const outcome = await action.run(() => adminMutation('products.create', fields), { savedMessage: 'Product created.', refresh: false })
    if (!outcome.ok) return
    const productId = outcome.answer.id
    const opened = `/admin/products/${productId}?store=${websiteId}&created=1`
    if (pictures.length === 0) return router.push(opened)
    setCreatedId(productId)
    const ended = await sendPictures(pictures, (file) => uploadProductImage({ websiteId, productId, colorValueId: null, file }), setUploads)
    if (ended.every((upload) => upload.status === 'done')) router.push(opened)
  }

  const archive = async (archived: boolean) => {
    const message = archived ? 'Archived: it is off the shop and out of the product list (Status: Archived shows it).' : 'Restored, unpublished.'
    const outcome = await action.run(() => adminMutation('products.archive', { websiteId, productId: current!.id, version: current!.version, archived }), { savedMessage: message, refresh: false })
    if (!outcome.ok) return
    const answer = outcome.answer
    setCurrent({ ...current!, version: answer.version, status: answer.status, archived, published: answer.status === 'published' })
    setState((old) => ({ ...old, published: answer.status === 'published', featured: archived ? false : old.featured }))
    handOn(message, answer.version)
    router.refresh()
  }

  const duplicate = async () => {
    const outcome = await action.run(() => adminMutation('products.duplicate', { websiteId, productId: current!.id }), { savedMessage: 'Duplicated.', refresh: false })
    if (outcome.ok) router.push(`/admin/products/${outcome.answer.id}?store=${websiteId}&created=1`)
  }

  const variantCount = colors.length * sizes.length

  return (
    <form onSubmit={save} noValidate className="space-y-5" aria-label={current ? `Edit ${current.name}` : 'New product'}>
      <div aria-live="polite" className="space-y-2">
        {handed && !action.status.failure && !action.status.saved ? <p className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">{handed}</p> : null}
      </div>

      <Section id="general" title="General">
        <Field label="Name">
          <TextInput
            value={state.name}
            required
            maxLength={200}
            onChange={(event) => {
              const name = event.target.value
              setState((old) => ({ ...old, name, slug: old.slugTouched ? old.slug : slugText(name) }))
            }}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Address (slug)" hint={`The product page: /product/${state.slug || '…'}`}>
            <TextInput value={state.slug} required onChange={(event) => setState((old) => ({ ...old, slug: event.target.value.trim(), slugTouched: true }))} />
          </Field>
          <Field label="SKU (style code)" hint="The stem of every variant's SKU, e.g. PC54.">
            <TextInput value={state.templateSkuCode} required onChange={(event) => set('templateSkuCode', event.target.value)} />
          </Field>
        </div>
        <Field label="Description">
          <textarea value={state.description} rows={5} maxLength={20000} onChange={(event) => set('description', event.target.value)} className={INPUT_CLASS} />
        </Field>
      </Section>

      {current ? null : (
        <Section id="pictures" title="Pictures">
          <ProductPicturesPicker files={pictures} onFiles={setPictures} uploads={uploads} disabled={busy || createdId !== null} />
        </Section>
      )}

      <Section id="pricing" title="Pricing & price breaks" hint="A break lowers the base price from a number of pieces of this product in one order (all colours and sizes together); each size keeps its upcharge.">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={`Base price (${currency})`}>
            <TextInput value={state.price} inputMode="decimal" required onChange={(event) => set('price', event.target.value)} placeholder="24.00" />
          </Field>
        </div>
        {sizes.length > 0 ? (
          <fieldset>
            <legend className="text-sm font-medium">Upcharge per size</legend>
            <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
              {sizes.map((size) => (
                <label key={size.id} className="block text-xs font-medium text-muted">
                  {size.name} +
                  <input
                    value={state.upcharges[size.id] ?? ''}
                    inputMode="decimal"
                    placeholder="0.00"
                    onChange={(event) => setState((old) => ({ ...old, upcharges: { ...old.upcharges, [size.id]: event.target.value } }))}
                    className={INPUT_CLASS}
                  />
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <fieldset>
          <legend className="text-sm font-medium">Price breaks</legend>
          {state.priceBreaks.length === 0 ? <p className="mt-1 text-sm text-muted">None: every quantity pays the base price.</p> : null}
          <ol className="mt-2 space-y-2">
            {state.priceBreaks.map((row, index) => (
              <li key={index} className="flex flex-wrap items-end gap-2">
                <label className="block text-xs font-medium text-muted">
                  From (pieces)
                  <input
                    value={row.minQuantity}
                    inputMode="numeric"
                    aria-label={`Price break ${index + 1}: from how many pieces`}
                    onChange={(event) => setState((old) => ({ ...old, priceBreaks: old.priceBreaks.map((tier, at) => (at === index ? { ...tier, minQuantity: event.target.value } : tier)) }))}
                    className={`${INPUT_CLASS} w-28`}
                  />
                </label>
                <label className="block text-xs font-medium text-muted">
                  Base price ({currency})
                  <input
                    value={row.price}
                    inputMode="decimal"
                    aria-label={`Price break ${index + 1}: base price`}
                    onChange={(event) => setState((old) => ({ ...old, priceBreaks: old.priceBreaks.map((tier, at) => (at === index ? { ...tier, price: event.target.value } : tier)) }))}
                    className={`${INPUT_CLASS} w-32`}
                  />
                </label>
                <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={() => setState((old) => ({ ...old, priceBreaks: old.priceBreaks.filter((_, at) => at !== index) }))}>
                  Remove
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className={`${SECONDARY_BUTTON_CLASS} mt-2`} onClick={() => setState((old) => ({ ...old, priceBreaks: [...old.priceBreaks, { minQuantity: '', price: '' }] }))}>
            Add a price break
          </button>
        </fieldset>
      </Section>

      <Section id="variants" title="Variants" hint="Every colour in every size is a variant. Leave a SKU or price blank to follow the style code and the base price plus the size's upcharge.">
        <CheckboxGrid
          legend="Colours"
          items={options.colors}
          chosen={state.colorIds}
          onToggle={(id) => set('colorIds', toggled(state.colorIds, id))}
          render={(color) => (
            <>
              <span aria-hidden="true" className="inline-block size-4 rounded-full border border-line" style={{ background: color.htmlColor ?? 'transparent' }} />
              {color.name}
            </>
          )}
        />
        <CheckboxGrid legend="Sizes" items={options.sizes} chosen={state.sizeIds} onToggle={(id) => set('sizeIds', toggled(state.sizeIds, id))} />
        {variantCount > 0 ? (
          <div>
            <p className="text-sm font-medium">
              {variantCount} {variantCount === 1 ? 'variant' : 'variants'}
            </p>
            <ul className="mt-2 divide-y divide-line rounded-md border border-line">
              {colors.flatMap((color) =>
                sizes.map((size) => {
                  const variant = variantOf(color.id, size.id)
                  const fallback = defaultPrice(size.id)
                  const name = `${color.name} / ${size.name}`
                  return (
                    <li key={cell(color.id, size.id)} className="grid gap-2 p-2 sm:grid-cols-[10rem_1fr_8rem] sm:items-center lg:grid-cols-[10rem_1fr_8rem_1fr]">
                      <span className="text-sm font-medium">{name}</span>
                      <input
                        value={variant.sku}
                        aria-label={`SKU of ${name}`}
                        placeholder={state.templateSkuCode ? variantSku(state.templateSkuCode.trim(), colorName.get(color.id) ?? '', sizeName.get(size.id) ?? '') : 'SKU'}
                        onChange={(event) => setVariant(color.id, size.id, { sku: event.target.value })}
                        className={`${INPUT_CLASS} mt-0`}
                      />
                      <input
                        value={variant.price}
                        inputMode="decimal"
                        aria-label={`Price of ${name}`}
                        placeholder={Number.isFinite(fallback) ? money(fallback) : 'Price'}
                        onChange={(event) => setVariant(color.id, size.id, { price: event.target.value })}
                        className={`${INPUT_CLASS} mt-0`}
                      />
                      {chosenLogos.length > 0 ? (
                        <span className="flex flex-wrap gap-2 text-xs">
                          {chosenLogos.map((logo) => (
                            <label key={logo.id} className="inline-flex items-center gap-1">
                              <input type="checkbox" checked={variant.logoIds.includes(logo.id)} onChange={() => setVariant(color.id, size.id, { logoIds: toggled(variant.logoIds, logo.id) })} />
                              {logo.name}
                            </label>
                          ))}
                        </span>
                      ) : null}
                    </li>
                  )
                }),
              )}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-muted">Choose at least one colour and one size.</p>
        )}
      </Section>

      <Section id="logos" title="Logos" hint="The logos shoppers may put on this product. Each variant carries them unless you untick one on its row above.">
        <CheckboxGrid
          legend="Logos"
          items={options.logos}
          chosen={state.logoIds}
          onToggle={toggleProductLogo}
          render={(logo) => (
            <span>
              {logo.name} <span className="text-xs text-muted">· {logo.decorationPartnerName}</span>
            </span>
          )}
        />
      </Section>

      <Section id="organisation" title="Organisation">
        <Field label="Brand">
          <select value={state.brandId} onChange={(event) => set('brandId', event.target.value)} className={INPUT_CLASS}>
            <option value="">No brand</option>
            {options.brands.map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.name}
              </option>
            ))}
          </select>
        </Field>
        <CheckboxGrid legend="Categories" items={options.categories} chosen={state.categoryIds} onToggle={(id) => set('categoryIds', toggled(state.categoryIds, id))} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={state.featured} onChange={(event) => set('featured', event.target.checked)} />
          Featured on the home page
        </label>
      </Section>

      <Section id="shipping" title="Shipping & tax">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Weight of one piece (lb)">
            <TextInput value={state.weight} inputMode="decimal" onChange={(event) => set('weight', event.target.value)} />
          </Field>
          <Field label="Tax code" hint="PC040100: clothing.">
            <TextInput value={state.taxCode} onChange={(event) => set('taxCode', event.target.value)} />
          </Field>
          <Field label="Garment (design editor)">
            <select value={state.garmentKind} onChange={(event) => set('garmentKind', event.target.value)} className={INPUT_CLASS}>
              <option value="">Not designable</option>
              {options.garmentKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </Section>

      <Section id="timing" title="Production time & size chart" hint="Production time in business days; leave both empty to use the store’s.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Production from (business days)">
            <TextInput value={state.leadMin} type="number" min={0} max={120} inputMode="numeric" onChange={(event) => set('leadMin', event.target.value)} />
          </Field>
          <Field label="Production to (business days)">
            <TextInput value={state.leadMax} type="number" min={0} max={120} inputMode="numeric" onChange={(event) => set('leadMax', event.target.value)} />
          </Field>
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto]">
          <Field label="Size chart measurements" hint="Comma-separated, e.g. “Chest, Body length”: each is a column of the chart below. Leave empty for no size chart.">
            <TextInput value={state.chartMeasurements} onChange={(event) => set('chartMeasurements', event.target.value)} />
          </Field>
          <Field label="Unit">
            <select value={state.chartUnit} onChange={(event) => set('chartUnit', event.target.value as 'in' | 'cm')} className={INPUT_CLASS}>
              <option value="in">inches</option>
              <option value="cm">centimeters</option>
            </select>
          </Field>
        </div>
        {measurementsOf(state.chartMeasurements).length > 0 ? (
          <div className="mt-4 overflow-x-auto">
            <table className="text-sm">
              <caption className="mb-2 text-left text-muted">One row per size, in {state.chartUnit === 'cm' ? 'centimeters' : 'inches'}; a size left empty is not in the chart.</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-3 text-left font-medium">
                    Size
                  </th>
                  {measurementsOf(state.chartMeasurements).map((measurement) => (
                    <th key={measurement} scope="col" className="px-1 py-1 text-left font-medium">
                      {measurement}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sizes.map((size) => (
                  <tr key={size.id}>
                    <th scope="row" className="py-1 pr-3 text-left font-medium">
                      {size.name}
                    </th>
                    {measurementsOf(state.chartMeasurements).map((measurement, index) => (
                      <td key={measurement} className="min-w-24 px-1 py-1">
                        <TextInput
                          aria-label={`${measurement} of size ${size.name}`}
                          value={state.chartRows[size.name]?.[index] ?? ''}
                          inputMode="decimal"
                          onChange={(event) => {
                            const cells = [...(state.chartRows[size.name] ?? [])]
                            while (cells.length <= index) cells.push('')
                            cells[index] = event.target.value
                            set('chartRows', { ...state.chartRows, [size.name]: cells })
                          }}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </Section>

      <Section id="status" title="Status">
        {current ? (
          <p className="text-sm">
            Now: <ProductStatusBadge status={current.status} />
          </p>
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={state.published} disabled={current?.archived} onChange={(event) => set('published', event.target.checked)} />
          Published: shoppers see it in the shop
        </label>
        {current ? (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={duplicate}>
              Duplicate
            </button>
            {current.archived ? (
              <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={() => archive(false)}>
                Restore
              </button>
            ) : (
              <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={() => archive(true)}>
                Archive
              </button>
            )}
          </div>
        ) : null}
      </Section>

      <div className="sticky bottom-0 space-y-2 border-t border-line bg-white/95 py-3">
        <SaveOutcome status={action.status} />
        {createdId !== null && !uploading ? (
          <p className="text-sm">
            The product was created.{' '}
            <a href={`/admin/products/${createdId}?store=${websiteId}&created=1`} className="font-semibold text-accent underline">
              Open the product
            </a>{' '}
            or{' '}
            <a href={`/admin/products/${createdId}/images?store=${websiteId}`} className="font-semibold text-accent underline">
              add the pictures again on its Images page
            </a>
            .
          </p>
        ) : null}
        <div className="flex gap-2">
          <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy || createdId !== null}>
            {uploading ? 'Adding pictures…' : busy ? 'Saving…' : current ? 'Save product' : 'Create product'}
          </button>
        </div>
      </div>
    </form>
  )
}
