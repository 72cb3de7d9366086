'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useSearchParams } from 'next/navigation'
import { notify } from '@/client/notify'
import { useCartStore } from '@/client/stores/cart-store'
import { useHydrated } from '@/client/use-hydrated'
import { Link } from '@/i18n/navigation'
import type { ProductDetails } from '@/isomorphic/catalog-types'
import { imageUrl } from '@/isomorphic/image-address'
import { swatchColor } from './color-dots'
import { ProductGallery } from './product-gallery'
import { parseQuantity } from '@/isomorphic/quantity'
import { counted, formatCents } from '@/isomorphic/format'
import { sumCents, toCents } from '@/isomorphic/money'
import { chosenLogoId, colorNamed, colorOptions, imagesFor, initialColorId, logoOptions, quantityTiers, sizeOptions, unitPriceFor } from './product-options'
import { PriceTiers } from './price-tiers'
import { SizeGrid } from './size-grid'
import { SizeChartDialog } from './size-chart-dialog'

export type ProductViewData = Pick<
  ProductDetails,
  'id' | 'name' | 'slug' | 'templateSkuCode' | 'attributeValues' | 'productVariants' | 'images' | 'basePrice' | 'priceBreaks' | 'sizeChart'
>

type ProductViewProps = {
  product: ProductViewData
  /** Name, SKU, brand and price, rendered on the server. */
  summary: ReactNode
  /** The description and other details, rendered on the server. */
  details: ReactNode
  /** Whether the decoration editor can design this product (a 'Design your own' link is shown). */
  customizable?: boolean
}

/** The product page's gallery and order form: colour, logo and a quantity per size. */
export function ProductView({ product, summary, details, customizable = false }: ProductViewProps) {
  const t = useTranslations('product')
  const formId = useId()
  const colors = colorOptions(product)
  // A shop card filtered by a colour links here with ?color=<name>: the product opens in it. The
  // page is static (one render for every visitor), so the address is read in the browser.
  const [addressColor, setAddressColor] = useState<string | null>(null)
  const [pickedColorId, setChosenColorId] = useState<number | null>(null)
  const chosenColorId = pickedColorId ?? colorNamed(colors, addressColor) ?? initialColorId(colors, product.images)
  const colorId = colors.some((color) => color.id === chosenColorId) ? chosenColorId : (colors[0]?.id ?? null)
  const color = colors.find((option) => option.id === colorId) ?? null

  const logos = logoOptions(product, colorId)
  const [pickedLogoId, setPickedLogoId] = useState<number | null>(null)
  const logoId = chosenLogoId(logos, pickedLogoId, product.images, colorId)
  const logo = logos.find((option) => option.id === logoId) ?? null

  const listed = sizeOptions(product, colorId, logo?.id ?? null)
  const [typed, setTyped] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [added, setAdded] = useState(false)

  // Quantity breaks are read at every piece of the product the order will hold: what the grid says
  // plus what the cart has of it already (in any colour, logo or design), as the cart prices it.
  const hydrated = useHydrated()
  const storedPieces = useCartStore((state) => state.orderLines.reduce((sum, line) => (line.productId === product.id ? sum + line.totalQuantity : sum), 0))
  const cartPieces = hydrated ? storedPieces : 0
  const tiers = quantityTiers(product)
  const typedQuantities = listed.map((size) => parseQuantity(typed[size.name] ?? ''))
  const totalQuantity = typedQuantities.reduce((sum, pieces) => sum + pieces, 0)
  const pieces = totalQuantity + cartPieces
  const sizes = listed.map((size) => ({ ...size, price: unitPriceFor(product, size.price, pieces) }))
  const quantities = sizes.map((size, index) => ({ ...size, quantity: typedQuantities[index]! }))
  const estimateCents = sumCents(quantities.map((size) => size.quantity * toCents(size.price)))
  const images = imagesFor(product.images, colorId, logo?.id ?? null)
  const { sentinelRef, stuck } = useStuckToBottom()
  const { gridRef, barRef, gridUnderBar } = useGridUnderBar()

  const addToCart = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const ordered = quantities.filter((size) => size.quantity > 0)
    if (ordered.length === 0) {
      setProblem(t('chooseQuantity'))
      return
    }
    useCartStore.getState().addLine({
      productId: product.id,
      name: product.name,
      slug: product.slug,
      templateSkuCode: product.templateSkuCode,
      image: images[0] ?? null,
      color: color ? { id: color.id, name: color.name, htmlColor: color.htmlColor } : null,
      logo: logo
        ? {
            id: logo.id,
            name: logo.name,
            logoInitialPro: logo.logoInitialPro,
            decorationMethod: logo.decorationMethod,
            decoratorPartnerId: logo.decoratorPartnerId,
          }
        : null,
      quantity: Object.fromEntries(ordered.map((size) => [size.name, size.quantity])),
      unitPrices: Object.fromEntries(ordered.map((size) => [size.name, size.price])),
      variantIds: Object.fromEntries(ordered.map((size) => [size.name, size.variantId])),
    })
    // An alert: the shopper's own action, confirmed at once (the cart badge changes with it).
    notify.success(t('addedToCart'), { role: 'alert' })
    setTyped({})
    setProblem(null)
    setAdded(true)
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-14">
      <Suspense fallback={null}>
        <AddressColor onChange={setAddressColor} />
      </Suspense>
      <ProductGallery key={`${colorId ?? 'all'}/${logo?.id ?? 'any'}`} images={images} name={product.name} />

      <div className="min-w-0">
        {summary}
        <PriceTiers tiers={tiers} pieces={pieces} />

        <form id={formId} onSubmit={addToCart} noValidate className="mt-8 space-y-8 [&_input]:scroll-mb-40">
          {colors.length > 0 ? (
            <fieldset>
              <legend className="text-sm font-semibold text-ink">
                {t('color')}: <span className="font-normal text-muted">{color?.name}</span>
              </legend>
              <div className="mt-3 flex flex-wrap gap-2.5">
                {colors.map((option) => (
                  <label key={option.id} className="relative cursor-pointer" title={option.name}>
                    <input
                      type="radio"
                      name="color"
                      value={option.id}
                      checked={option.id === colorId}
                      onChange={() => {
                        setChosenColorId(option.id)
                        setAdded(false)
                      }}
                      className="peer sr-only"
                    />
                    <span className="sr-only">{option.name}</span>
                    <span
                      aria-hidden="true"
                      className="block size-10 rounded-full ring-1 ring-black/15 ring-inset outline-offset-3 peer-checked:outline-2 peer-checked:outline-ink peer-focus-visible:outline-3 peer-focus-visible:outline-accent"
                      style={{ backgroundColor: swatchColor(option) }}
                    />
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          {logos.length > 0 ? (
            <fieldset>
              <legend className="text-sm font-semibold text-ink">{t('logo')}</legend>
              <div className="mt-3 grid gap-2.5 sm:grid-cols-2">
                {logos.map((option) => (
                  <label key={option.id} className="relative flex cursor-pointer items-center gap-3">
                    <input
                      type="radio"
                      name="logo"
                      value={option.id}
                      checked={option.id === logo?.id}
                      onChange={() => {
                        setPickedLogoId(option.id)
                        setAdded(false)
                      }}
                      className="peer sr-only"
                    />
                    <span
                      aria-hidden="true"
                      className="absolute inset-0 rounded-lg border border-line peer-checked:border-2 peer-checked:border-ink peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent"
                    />
                    <span className="relative flex w-full items-center gap-3 p-3">
                      {option.logoInitialPro ? (
                        // eslint-disable-next-line @next/next/no-img-element -- served by our image route
                        <img
                          src={imageUrl(option.logoInitialPro, 96, 96)}
                          alt=""
                          width={48}
                          height={48}
                          loading="lazy"
                          className="size-12 shrink-0 rounded-md bg-soft object-contain p-1"
                        />
                      ) : (
                        <span aria-hidden="true" className="size-12 shrink-0 rounded-md bg-soft" />
                      )}
                      <span className="min-w-0">
                        <span className="block truncate text-sm font-medium text-ink">{option.name}</span>
                        <span className="block text-xs text-muted capitalize">{option.decorationMethod}</span>
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          {product.sizeChart ? (
            <div className="-mb-5 flex justify-end">
              <SizeChartDialog chart={product.sizeChart} productName={product.name} />
            </div>
          ) : null}
          <div ref={gridRef}>
          <SizeGrid
            idPrefix={formId}
            sizes={sizes}
            showPrices={tiers.length > 0}
            typed={typed}
            onChange={(size, text) => {
              setTyped((current) => ({ ...current, [size]: text }))
              setProblem(null)
              setAdded(false)
            }}
          />
          </div>
        </form>
        {/* The total and "Add to cart" (the form's submit button) stay in view: pinned to the bottom of
            the screen from the top of the page down to their place after the form (issue 17). A child of
            the column, not of the form, so it can rise that high. */}
        {/* …except while the size grid is where the pinned bar would be: it then waits in its place below the grid, never over it (issue 27). */}
        <div
          ref={barRef}
          data-testid="purchase-bar"
          className={`${gridUnderBar ? 'relative' : 'sticky bottom-0 lg:bottom-4'} z-20 mt-8 rounded-card bg-soft p-4 sm:p-5 ${stuck && !gridUnderBar ? 'shadow-[0_-6px_20px_rgba(0,0,0,0.14)] ring-1 ring-line' : ''}`}
        >
          <div className="flex items-center justify-between gap-4">
            <dl className="min-w-0 text-sm">
              <div className="flex items-baseline gap-2">
                <dt className="whitespace-nowrap text-muted">{t('estimatedTotal')}</dt>
                <dd className="text-lg font-semibold text-ink tabular-nums">{formatCents(estimateCents)}</dd>
              </div>
              <div className="flex items-baseline gap-2">
                <dt className="whitespace-nowrap text-muted">{t('totalQuantity')}</dt>
                <dd className="font-medium text-ink tabular-nums">{totalQuantity}</dd>
              </div>
            </dl>
            <button type="submit" form={formId} disabled={sizes.length === 0} className="btn btn-primary shrink-0 px-6 sm:px-10">
              {t('addToCart')}
            </button>
          </div>
          <div aria-live="polite" className="mt-2 min-h-5 text-sm">
            {problem ? (
              <p className="text-danger">{problem}</p>
            ) : added ? (
              <p className="text-ink">
                {t('addedToCart')} ·{' '}
                <Link href="/cart" className="font-semibold text-accent underline underline-offset-4">
                  {t('viewCart')}
                </Link>
              </p>
            ) : (
              <p className="text-muted">{t('estimateNote')}</p>
            )}
          </div>
        </div>
        <div ref={sentinelRef} aria-hidden="true" className="h-px" />
        {(tiers.length > 0 && cartPieces > 0) || (customizable && sizes.length > 0) ? (
          <div className="mt-4 space-y-3">
            {tiers.length > 0 && cartPieces > 0 ? <p className="text-xs text-muted">{t('unitPriceIncludingCart', counted(cartPieces))}</p> : null}
            {customizable && sizes.length > 0 ? (
              <Link
                href={`/editor?${new URLSearchParams({ product: product.slug, ...(colorId !== null ? { color: String(colorId) } : {}) })}`}
                className="btn btn-secondary w-full"
              >
                {t('customize')}
              </Link>
            ) : null}
          </div>
        ) : null}

        {details}
      </div>
    </div>
  )
}

/** Reports the ?color= of the address (alone in its Suspense boundary, so the page stays static). */
function AddressColor({ onChange }: { onChange: (color: string | null) => void }) {
  const color = useSearchParams().get('color')
  useEffect(() => onChange(color), [onChange, color])
  return null
}

/**
 * Whether any of the size grid is in the band at the bottom of the screen the pinned purchase bar
 * takes (its height, plus its offset from the bottom): the bar then stays in its place below the
 * grid instead of covering the sizes being typed. Measured on scroll and resize, once a frame.
 */
function useGridUnderBar() {
  const gridRef = useRef<HTMLDivElement>(null)
  const barRef = useRef<HTMLDivElement>(null)
  const [gridUnderBar, setGridUnderBar] = useState(false)
  useEffect(() => {
    let frame = 0
    const measure = () => {
      frame = 0
      const grid = gridRef.current?.getBoundingClientRect()
      const bar = barRef.current?.getBoundingClientRect()
      if (!grid || !bar) return
      const band = window.innerHeight - bar.height - 16
      setGridUnderBar(grid.top < window.innerHeight && grid.bottom > band)
    }
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure)
    }
    measure()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      if (frame !== 0) cancelAnimationFrame(frame)
    }
  }, [])
  return { gridRef, barRef, gridUnderBar }
}

/**
 * Whether the sticky purchase bar is pinned to the bottom of the screen (its place in the page is
 * still below): a marker just after the bar is then below the viewport. Only the shadow depends on it.
 */
function useStuckToBottom() {
  const sentinelRef = useRef<HTMLDivElement>(null)
  const [stuck, setStuck] = useState(false)
  useEffect(() => {
    const sentinel = sentinelRef.current
    if (!sentinel || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setStuck(!entry.isIntersecting && entry.boundingClientRect.top > 0)
    })
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [])
  return { sentinelRef, stuck }
}
