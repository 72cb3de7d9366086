'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, type ReactNode, useMemo, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import { type EditConflictData, isEditConflictData } from '@/isomorphic/contract/admin-edit'
import type { PromotionDetail } from '@/isomorphic/contract/admin-selling'
import type { PromotionInput } from '@/isomorphic/contract/field-rules'
import { EditConflictNotice } from './edit-conflict-notice'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

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

const SELECT_CLASS = INPUT_CLASS

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

export function PromotionForm({ websiteId, detail, products }: { websiteId: number; detail: PromotionDetail | null; products: Product[] }) {
  const router = useRouter()
  const [state, setState] = useState<FormState>(() => initialState(detail?.promotion ?? null))
  const [version, setVersion] = useState(detail?.version ?? null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [conflict, setConflict] = useState<{ message: string; data: EditConflictData } | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((current) => ({ ...current, [key]: value }))

  function fail(failure: unknown) {
    if (failure instanceof AdminApiError && isEditConflictData(failure.data)) setConflict({ message: failure.message, data: failure.data })
    else setError(failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    setConflict(null)
    setSaved(null)
    try {
      const answer = await adminMutation('promotions.save', {
        websiteId,
        ...(detail && version !== null ? { id: detail.id, version } : {}),
        promotion: promotionOf(state),
      })
      if (!detail) {
        router.push(`/admin/promotions/${answer.id}?store=${websiteId}`)
        return
      }
      setVersion(answer.version)
      setSaved('Saved.')
      router.refresh()
    } catch (failure) {
      fail(failure)
    } finally {
      setBusy(false)
    }
  }

  async function switchActive(active: boolean) {
    if (!detail || version === null) return
    setBusy(true)
    setError(null)
    setConflict(null)
    setSaved(null)
    try {
      const answer = await adminMutation('promotions.setActive', { websiteId, id: detail.id, version, active })
      setVersion(answer.version)
      set('active', active)
      setSaved(active ? 'Enabled.' : 'Disabled: shoppers can no longer use it.')
      router.refresh()
    } catch (failure) {
      fail(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="grid max-w-3xl gap-5" noValidate aria-label={detail ? `Edit ${detail.name}` : 'New promotion'}>
      {conflict ? <EditConflictNotice message={conflict.message} conflict={conflict.data} /> : null}
      <FormError message={error} />
      {saved ? (
        <p role="status" className="rounded-md border border-accent/30 bg-soft px-3 py-2 text-sm">
          {saved}
        </p>
      ) : null}

      <Section title="Promotion">
        <Field label="Name" hint="Shown to shoppers with their discount; unique in the store.">
          <TextInput name="name" value={state.name} onChange={(event) => set('name', event.currentTarget.value)} maxLength={200} required />
        </Field>
        <div className="grid gap-2">
          <p className="text-sm font-medium">How it applies</p>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="usesCode" className="size-4 accent-accent" checked={state.usesCode} onChange={() => set('usesCode', true)} />
            With a code the shopper enters in the cart
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="usesCode" className="size-4 accent-accent" checked={!state.usesCode} onChange={() => set('usesCode', false)} />
            Automatically, when the conditions hold
          </label>
        </div>
        {state.usesCode ? (
          <Field label="Code" hint='3–40 letters, digits, "-" or "_"; shoppers may type it in any case.'>
            <TextInput name="promoCode" value={state.promoCode} onChange={(event) => set('promoCode', event.currentTarget.value)} maxLength={40} autoCapitalize="characters" className="font-mono" />
          </Field>
        ) : null}
        <Field label="Applies to">
          <select name="promoApplicability" className={SELECT_CLASS} value={state.promoApplicability} onChange={(event) => set('promoApplicability', event.currentTarget.value as FormState['promoApplicability'])}>
            <option value="on_current_order">The order it is used on</option>
            <option value="on_next_order">A coupon for the customer&apos;s next order</option>
          </select>
        </Field>
      </Section>

      <Section title="Reward">
        <Field label="Reward">
          <select name="rewardType" className={SELECT_CLASS} value={state.rewardType} onChange={(event) => set('rewardType', event.currentTarget.value as FormState['rewardType'])}>
            <option value="discount">A discount</option>
            <option value="free_shipping">Free shipping</option>
            <option value="product">A free product</option>
          </select>
        </Field>
        {state.rewardType === 'discount' ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Discount type">
              <select name="discountType" className={SELECT_CLASS} value={state.discountType} onChange={(event) => set('discountType', event.currentTarget.value as FormState['discountType'])}>
                <option value="percentage">Percentage</option>
                <option value="fixed_amount">Fixed amount</option>
              </select>
            </Field>
            {state.discountType === 'percentage' ? (
              <Field label="Percentage off">
                <TextInput name="percentage" inputMode="decimal" value={state.percentage} onChange={(event) => set('percentage', event.currentTarget.value)} placeholder="10" />
              </Field>
            ) : (
              <Field label="Amount off ($)">
                <TextInput name="fixedAmount" inputMode="decimal" value={state.fixedAmount} onChange={(event) => set('fixedAmount', event.currentTarget.value)} placeholder="10.00" />
              </Field>
            )}
            <Field label="Taken off">
              <select name="applyOn" className={SELECT_CLASS} value={state.applyOn} onChange={(event) => set('applyOn', event.currentTarget.value as FormState['applyOn'])}>
                <option value="on_order">The order</option>
                <option value="cheapest_product">The cheapest product</option>
                <option value="specific_products">The chosen products</option>
              </select>
            </Field>
          </div>
        ) : null}
        {state.rewardType === 'product' ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="sm:col-span-2">
              <Field label="Free product">
                <select name="rewardProduct" className={SELECT_CLASS} value={state.rewardSlug} onChange={(event) => set('rewardSlug', event.currentTarget.value)}>
                  <option value="">Choose a product</option>
                  {products.map((product) => (
                    <option key={product.slug} value={product.slug}>
                      {product.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <Field label="Quantity">
              <TextInput name="rewardQuantity" inputMode="numeric" value={state.rewardQuantity} onChange={(event) => set('rewardQuantity', event.currentTarget.value)} />
            </Field>
          </div>
        ) : null}
      </Section>

      <Section title="Conditions">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Minimum order amount ($)" hint="0: no minimum.">
            <TextInput name="minimumAmount" inputMode="decimal" value={state.minimumAmount} onChange={(event) => set('minimumAmount', event.currentTarget.value)} />
          </Field>
          <Field label="Minimum quantity" hint="Pieces of the products below; 0: no minimum.">
            <TextInput name="minimumQuantity" inputMode="numeric" value={state.minimumQuantity} onChange={(event) => set('minimumQuantity', event.currentTarget.value)} />
          </Field>
        </div>
        <ProductChooser products={products} chosen={state.products} onChange={(slugs) => set('products', slugs)} />
      </Section>

      <Section title="Limits and dates">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Uses in total" hint="0: no limit.">
            <TextInput name="maximumUses" inputMode="numeric" value={state.maximumUses} onChange={(event) => set('maximumUses', event.currentTarget.value)} />
          </Field>
          <Field label="Uses per customer" hint="A signed-in customer, or a guest by email; 0: no limit.">
            <TextInput name="maximumUsesPerCustomer" inputMode="numeric" value={state.maximumUsesPerCustomer} onChange={(event) => set('maximumUsesPerCustomer', event.currentTarget.value)} />
          </Field>
          <Field label="Starts" hint="Your local time; empty: at once.">
            <TextInput name="dateFrom" type="datetime-local" value={state.dateFrom} onChange={(event) => set('dateFrom', event.currentTarget.value)} />
          </Field>
          <Field label="Ends" hint="Empty: no end.">
            <TextInput name="dateTo" type="datetime-local" value={state.dateTo} onChange={(event) => set('dateTo', event.currentTarget.value)} />
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="firstOrderOnly" className="size-4 accent-accent" checked={state.firstOrderOnly} onChange={(event) => set('firstOrderOnly', event.currentTarget.checked)} />
          Only on a customer&apos;s first order
        </label>
        {!detail ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="active" className="size-4 accent-accent" checked={state.active} onChange={(event) => set('active', event.currentTarget.checked)} />
            Enabled (shoppers can use it within its dates)
          </label>
        ) : null}
      </Section>

      <div className="flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Saving…' : detail ? 'Save' : 'Create promotion'}
        </button>
        {detail ? (
          <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={() => switchActive(!state.active)}>
            {state.active ? 'Disable' : 'Enable'}
          </button>
        ) : null}
      </div>
    </form>
  )
}
