'use client'

import { useRouter } from 'next/navigation'
import { type ReactNode, useMemo, useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { useConsoleForm } from '@/client/admin/use-console-form'
import type { PromotionDetail } from '@/isomorphic/contract/admin-selling'
import type { PromotionInput } from '@/isomorphic/contract/field-rules'
import { ConsoleForm, FormField, SubmitButton } from './console-form'
import { SECONDARY_BUTTON_CLASS, Select, TextInput } from './form-fields'

// A promotion's form (issue 16): everything the promotion engine reads, in the store file's shape.
// The server validates with the store file's schema and answers a sentence per bad field; a save
// from an older version shows what another member changed.

type Product = { slug: string; name: string }

type FormState = {
  name: string
  usesCode: boolean
  promoCode: string
  promoApplicability: 'on_current_order' | 'on_next_order'
  rewardType: 'discount' | 'product' | 'free_shipping'
  discountType: 'percentage' | 'fixed_amount'
  percentage: string
  fixedAmount: string
  applyOn: 'on_order' | 'cheapest_product' | 'specific_products'
  rewardSlug: string
  rewardQuantity: string
  minimumAmount: string
  minimumQuantity: string
  products: string[]
  dateFrom: string
  dateTo: string
  maximumUses: string
  maximumUsesPerCustomer: string
  firstOrderOnly: boolean
  active: boolean
}

/** An ISO moment as a datetime-local value in the member's time zone. */
function localInput(iso: string | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

function initialState(promotion: PromotionInput | null): FormState {
  return {
    name: promotion?.name ?? '',
    usesCode: promotion ? Boolean(promotion.promoCode) : true,
    promoCode: promotion?.promoCode ?? '',
    promoApplicability: promotion?.promoApplicability ?? 'on_current_order',
    rewardType: promotion?.rewardType ?? 'discount',
    discountType: promotion?.discount?.type ?? 'percentage',
    percentage: promotion?.discount?.percentage === undefined ? '' : String(promotion.discount.percentage),
    fixedAmount: promotion?.discount?.fixedAmount === undefined ? '' : String(promotion.discount.fixedAmount),
    applyOn: promotion?.discount?.applyOn ?? 'on_order',
    rewardSlug: promotion?.rewardProduct?.slug ?? '',
    rewardQuantity: String(promotion?.rewardProduct?.quantity ?? 1),
    minimumAmount: String(promotion?.minimumAmount ?? 0),
    minimumQuantity: String(promotion?.minimumQuantity ?? 0),
    products: promotion?.products ?? [],
    dateFrom: localInput(promotion?.dateFrom),
    dateTo: localInput(promotion?.dateTo),
    maximumUses: String(promotion?.maximumUses ?? 0),
    maximumUsesPerCustomer: String(promotion?.maximumUsesPerCustomer ?? 0),
    firstOrderOnly: promotion?.firstOrderOnly ?? false,
    active: promotion?.active ?? true,
  }
}

/** A typed number, or NaN for text that is not one (the server then names the field). */
const num = (value: string, fallback?: number) => (value.trim() === '' && fallback !== undefined ? fallback : Number(value))
const moment = (value: string) => (value ? new Date(value).toISOString() : undefined)

function promotionOf(state: FormState): PromotionInput {
  return {
    name: state.name,
    rewardType: state.rewardType,
    promoApplicability: state.promoApplicability,
    ...(state.usesCode ? { promoCode: state.promoCode.trim() } : {}),
    minimumAmount: num(state.minimumAmount, 0),
    minimumQuantity: num(state.minimumQuantity, 0),
    products: state.products,
    ...(moment(state.dateFrom) ? { dateFrom: moment(state.dateFrom) } : {}),
    ...(moment(state.dateTo) ? { dateTo: moment(state.dateTo) } : {}),
    maximumUses: num(state.maximumUses, 0),
    maximumUsesPerCustomer: num(state.maximumUsesPerCustomer, 0),
    firstOrderOnly: state.firstOrderOnly,
    ...(state.rewardType === 'discount'
      ? {
          discount: {
            type: state.discountType,
            ...(state.discountType === 'percentage' && state.percentage.trim() !== '' ? { percentage: num(state.percentage) } : {}),
            ...(state.discountType === 'fixed_amount' && state.fixedAmount.trim() !== '' ? { fixedAmount: num(state.fixedAmount) } : {}),
            applyOn: state.applyOn,
          },
        }
      : {}),
    ...(state.rewardType === 'product' && state.rewardSlug ? { rewardProduct: { slug: state.rewardSlug, quantity: num(state.rewardQuantity, 1) } } : {}),
    active: state.active,
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-card border border-line bg-white p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  )
}

/** The products the rule (or a specific-products discount) names: a filtered list of checkboxes. */
function ProductChooser({ products, chosen, onChange }: { products: Product[]; chosen: string[]; onChange: (slugs: string[]) => void }) {
  const [filter, setFilter] = useState('')
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase()
    const matching = needle ? products.filter((product) => product.name.toLowerCase().includes(needle) || product.slug.includes(needle)) : products
    return matching.slice(0, 50)
  }, [filter, products])
  const nameOf = new Map(products.map((product) => [product.slug, product.name]))
  const toggle = (slug: string, on: boolean) => onChange(on ? [...chosen, slug] : chosen.filter((each) => each !== slug))
  return (
    <div>
      <p className="text-sm font-medium">Products</p>
      <p className="text-xs text-muted">None chosen: every product counts. Chosen: only these count towards the minimum quantity (and get a specific-products discount).</p>
      {chosen.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen products">
          {chosen.map((slug) => (
            <li key={slug} className="flex max-w-full items-center gap-1 rounded-full border border-line bg-soft px-2 py-0.5 text-xs">
              <span className="break-all">{nameOf.get(slug) ?? slug}</span>
              <button type="button" className="font-bold text-muted hover:text-ink" aria-label={`Remove ${nameOf.get(slug) ?? slug}`} onClick={() => toggle(slug, false)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="mt-2 block text-xs font-medium text-muted">
        Find a product
        <TextInput type="search" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} placeholder="Name or slug" />
      </label>
      <div className="mt-2 max-h-56 overflow-y-auto rounded-md border border-line">
        {shown.map((product) => (
          <label key={product.slug} className="flex items-center gap-2 border-b border-line px-3 py-2 text-sm last:border-b-0">
            <input type="checkbox" className="size-4 shrink-0 accent-accent" checked={chosen.includes(product.slug)} onChange={(event) => toggle(product.slug, event.currentTarget.checked)} />
            <span className="min-w-0 break-words">{product.name}</span>
            <span className="ml-auto hidden font-mono text-xs text-muted sm:inline">{product.slug}</span>
          </label>
        ))}
        {shown.length === 0 ? <p className="px-3 py-2 text-sm text-muted">No product matches.</p> : null}
      </div>
    </div>
  )
}

/** Contract paths (the store file's names) to this form's fields. */
const FIELD_OF: Readonly<Record<string, string>> = {
  'promotion.discount.type': 'discountType',
  'promotion.discount.percentage': 'percentage',
  'promotion.discount.fixedAmount': 'fixedAmount',
  'promotion.discount.applyOn': 'applyOn',
  'promotion.discount': 'discountType',
  'promotion.rewardProduct.slug': 'rewardSlug',
  'promotion.rewardProduct.quantity': 'rewardQuantity',
  'promotion.rewardProduct': 'rewardSlug',
  ...Object.fromEntries(
    ['name', 'promoCode', 'promoApplicability', 'rewardType', 'minimumAmount', 'minimumQuantity', 'products', 'dateFrom', 'dateTo', 'maximumUses', 'maximumUsesPerCustomer', 'firstOrderOnly', 'active'].map((field) => [`promotion.${field}`, field]),
  ),
}

export function PromotionForm({ websiteId, detail, products }: { websiteId: number; detail: PromotionDetail | null; products: Product[] }) {
  const router = useRouter()
  const form = useConsoleForm({
    mutation: 'promotions.save',
    defaultValues: initialState(detail?.promotion ?? null),
    fieldOf: FIELD_OF,
    toValue: (state: FormState) => ({ websiteId, ...(detail ? { id: detail.id, version: detail.version } : {}), promotion: promotionOf(state) }),
    onSaved: (answer) => {
      if (!detail) router.push(`/admin/promotions/${answer.id}?store=${websiteId}`)
      else router.refresh()
    },
  })
  const { register, watch, setValue } = form
  const state = watch()

  const switchActive = (active: boolean) =>
    detail
      ? form.run(() => adminMutation('promotions.setActive', { websiteId, id: detail.id, version: detail.version, active }), { savedMessage: active ? 'Enabled.' : 'Disabled: shoppers can no longer use it.' }).then((outcome) => {
          if (outcome.ok) setValue('active', active)
        })
      : undefined

  return (
    <ConsoleForm
      form={form}
      label={detail ? `Edit ${detail.name}` : 'New promotion'}
      className="grid max-w-3xl gap-5"
      actions={
        <div className="flex flex-wrap gap-2">
          <SubmitButton form={form}>{detail ? 'Save' : 'Create promotion'}</SubmitButton>
          {detail ? (
            <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={form.busy} onClick={() => void switchActive(!state.active)}>
              {state.active ? 'Disable' : 'Enable'}
            </button>
          ) : null}
        </div>
      }
    >
      <Section title="Promotion">
        <FormField form={form} name="name" label="Name" hint="Shown to shoppers with their discount; unique in the store.">
          <TextInput {...register('name')} maxLength={200} required />
        </FormField>
        <div className="grid gap-2">
          <p className="text-sm font-medium">How it applies</p>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="usesCode" className="size-4 accent-accent" checked={state.usesCode} onChange={() => setValue('usesCode', true, { shouldDirty: true })} />
            With a code the shopper enters in the cart
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="usesCode" className="size-4 accent-accent" checked={!state.usesCode} onChange={() => setValue('usesCode', false, { shouldDirty: true })} />
            Automatically, when the conditions hold
          </label>
        </div>
        {state.usesCode ? (
          <FormField form={form} name="promoCode" label="Code" hint='3–40 letters, digits, "-" or "_"; shoppers may type it in any case.'>
            <TextInput {...register('promoCode')} maxLength={40} autoCapitalize="characters" className="font-mono" />
          </FormField>
        ) : null}
        <FormField form={form} name="promoApplicability" label="Applies to">
          <Select {...register('promoApplicability')}>
            <option value="on_current_order">The order it is used on</option>
            <option value="on_next_order">A coupon for the customer&apos;s next order</option>
          </Select>
        </FormField>
      </Section>

      <Section title="Reward">
        <FormField form={form} name="rewardType" label="Reward">
          <Select {...register('rewardType')}>
            <option value="discount">A discount</option>
            <option value="free_shipping">Free shipping</option>
            <option value="product">A free product</option>
          </Select>
        </FormField>
        {state.rewardType === 'discount' ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField form={form} name="discountType" label="Discount type">
              <Select {...register('discountType')}>
                <option value="percentage">Percentage</option>
                <option value="fixed_amount">Fixed amount</option>
              </Select>
            </FormField>
            {state.discountType === 'percentage' ? (
              <FormField form={form} name="percentage" label="Percentage off">
                <TextInput {...register('percentage')} inputMode="decimal" placeholder="10" />
              </FormField>
            ) : (
              <FormField form={form} name="fixedAmount" label="Amount off ($)">
                <TextInput {...register('fixedAmount')} inputMode="decimal" placeholder="10.00" />
              </FormField>
            )}
            <FormField form={form} name="applyOn" label="Taken off">
              <Select {...register('applyOn')}>
                <option value="on_order">The order</option>
                <option value="cheapest_product">The cheapest product</option>
                <option value="specific_products">The chosen products</option>
              </Select>
            </FormField>
          </div>
        ) : null}
        {state.rewardType === 'product' ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="sm:col-span-2">
              <FormField form={form} name="rewardSlug" label="Free product">
                <Select {...register('rewardSlug')}>
                  <option value="">Choose a product</option>
                  {products.map((product) => (
                    <option key={product.slug} value={product.slug}>
                      {product.name}
                    </option>
                  ))}
                </Select>
              </FormField>
            </div>
            <FormField form={form} name="rewardQuantity" label="Quantity">
              <TextInput {...register('rewardQuantity')} inputMode="numeric" />
            </FormField>
          </div>
        ) : null}
      </Section>

      <Section title="Conditions">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField form={form} name="minimumAmount" label="Minimum order amount ($)" hint="0: no minimum.">
            <TextInput {...register('minimumAmount')} inputMode="decimal" />
          </FormField>
          <FormField form={form} name="minimumQuantity" label="Minimum quantity" hint="Pieces of the products below; 0: no minimum.">
            <TextInput {...register('minimumQuantity')} inputMode="numeric" />
          </FormField>
        </div>
        <ProductChooser products={products} chosen={state.products} onChange={(slugs) => setValue('products', slugs, { shouldDirty: true })} />
      </Section>

      <Section title="Limits and dates">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField form={form} name="maximumUses" label="Uses in total" hint="0: no limit.">
            <TextInput {...register('maximumUses')} inputMode="numeric" />
          </FormField>
          <FormField form={form} name="maximumUsesPerCustomer" label="Uses per customer" hint="A signed-in customer, or a guest by email; 0: no limit.">
            <TextInput {...register('maximumUsesPerCustomer')} inputMode="numeric" />
          </FormField>
          <FormField form={form} name="dateFrom" label="Starts" hint="Your local time; empty: at once.">
            <TextInput {...register('dateFrom')} type="datetime-local" />
          </FormField>
          <FormField form={form} name="dateTo" label="Ends" hint="Empty: no end.">
            <TextInput {...register('dateTo')} type="datetime-local" />
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('firstOrderOnly')} className="size-4 accent-accent" />
          Only on a customer&apos;s first order
        </label>
        {!detail ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('active')} className="size-4 accent-accent" />
            Enabled (shoppers can use it within its dates)
          </label>
        ) : null}
      </Section>
    </ConsoleForm>
  )
}
