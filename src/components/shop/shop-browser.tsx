'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { type FormEvent, memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { ProductCardData, ProductListItem } from '@/isomorphic/catalog-types'
import {
  facetsOf,
  hasActiveFilters,
  LIST_FACETS,
  type ListFacet,
  parseShopFilters,
  PRODUCT_SORTS,
  type ProductSort,
  prepareShopSearch,
  searchShop,
  serializeShopFilters,
  type ShopFacets,
  type ShopFilters,
} from '@/isomorphic/catalog-search'
import { counted, formatPrice } from '@/isomorphic/format'
import { CloseIcon, FilterIcon, SearchIcon } from '../ui/icons'
import { FilterPanel as FilterPanelView } from './filter-panel'
import { useProductIndex, useShopperIntent } from './product-index'
import { afterPaint, useAfterPaint } from './use-after-paint'
import { whenIdle } from '@/client/when-idle'
import { SHOP_GRID_CLASS, WindowedProductGrid as WindowedProductGridView } from './windowed-product-grid'

// A keystroke or a filter click paints the control first; the results, the count, the chips, the
// panel's counts and the address follow once that frame is painted, in a render React may
// interrupt (P7: keystroke and filter click to paint). The grid and the panel only render again
// when what they show changes: a click re-renders the box clicked, not the panel.
const FilterPanel = memo(FilterPanelView)
const WindowedProductGrid = memo(WindowedProductGridView)

export type ShopBrowserProps = {
  /** The server's first screen of products (website order), as cards. */
  initialProducts: ProductCardData[]
  /** How many products the catalog has. */
  total: number
  /** The whole catalog's filter values; once the index is here they follow the chosen filters. */
  facets: ShopFacets
  /** Lower-cased colour name → CSS colour, for the colour filter's swatches. */
  swatches: Record<string, string>
}

/**
 * The shop with its filters read from the URL (?q=…&size=…). The page is static, so the server
 * renders it unfiltered; the query string arrives after hydration through a watcher that alone
 * suspends. The view itself never suspends: it hydrates the server's HTML and keeps its state (an
 * open filter dialog, a half-typed search) when the URL's filters arrive.
 */
export function ShopBrowser(props: ShopBrowserProps) {
  const [search, setSearch] = useState('')
  return (
    <>
      <Suspense fallback={null}>
        <SearchParamsWatcher onChange={setSearch} />
      </Suspense>
      <ShopBrowserView {...props} search={search} />
    </>
  )
}

function SearchParamsWatcher({ onChange }: { onChange: (search: string) => void }) {
  const search = useSearchParams().toString()
  useEffect(() => onChange(search), [onChange, search])
  return null
}

const SEARCH_DEBOUNCE_MS = 300
const SORT_LABELS: Record<ProductSort, string> = {
  websiteSequence: 'sortWebsiteSequence',
  'price-asc': 'sortPriceAsc',
  'price-desc': 'sortPriceDesc',
  'name-asc': 'sortNameAsc',
}

type UrlWrite = { query: string; mode: 'push' | 'replace' }

/** The filters last chosen: the address's, or ahead of it the last change still waiting to be written. */
function filtersChosen(waiting: readonly UrlWrite[]): ShopFilters {
  return parseShopFilters(new URLSearchParams(waiting.at(-1)?.query ?? window.location.search))
}

// The native history API keeps Next's router (and useSearchParams) in step without asking the
// server for anything: the page is static and filtering happens here.
function writeUrl({ query, mode }: UrlWrite) {
  const url = `${window.location.pathname}${query ? `?${query}` : ''}`
  if (mode === 'push') window.history.pushState(null, '', url)
  else window.history.replaceState(null, '', url)
}

function ShopBrowserView({ initialProducts, total, facets, swatches, search }: ShopBrowserProps & { search: string }) {
  const t = useTranslations('shop')
  // What we last wrote to the URL shows at once; Next's router catches up in a transition a moment
  // later (and a back/forward navigation replaces it).
  const [written, setWritten] = useState<string | null>(null)
  const [seenSearch, setSeenSearch] = useState(search)
  if (search !== seenSearch) {
    setSeenSearch(search)
    setWritten(null)
  }
  const shownSearch = written ?? search
  const urlFilters = useMemo(() => parseShopFilters(new URLSearchParams(shownSearch)), [shownSearch])

  // The search box paints from local state on every keystroke; the URL follows after a pause.
  const [draft, setDraft] = useState(urlFilters.searchText)
  const [seenSearchText, setSeenSearchText] = useState(urlFilters.searchText)
  if (urlFilters.searchText !== seenSearchText) {
    setSeenSearchText(urlFilters.searchText)
    if (draft.trim() !== urlFilters.searchText) setDraft(urlFilters.searchText)
  }

  // The controls show what was just typed or clicked; the results follow (deferred).
  const liveFilters = useMemo(() => ({ ...urlFilters, searchText: draft }), [urlFilters, draft])
  // The catalog comes when it is needed: filters in the address, or the shopper doing anything.
  const engaged = useShopperIntent()
  const index = useProductIndex(engaged || narrowsTheList(liveFilters))
  // What each product is searched by, made once per list while the page is idle, so that a
  // keystroke only looks (P7).
  const [preparedFor, setPreparedFor] = useState<ProductListItem[] | null>(null)
  useEffect(() => {
    const products = index.products
    if (!products) return undefined
    return whenIdle((hasTime) => {
      const done = prepareShopSearch(products, hasTime)
      if (done) setPreparedFor(products)
      return done
    })
  }, [index.products])
  const filters = useAfterPaint(liveFilters)
  const filtering = hasActiveFilters(filters)
  const narrowed = narrowsTheList(filters)
  const answer = useMemo(() => (index.products ? searchShop(index.products, filters) : null), [index.products, filters])
  const results = answer ? answer.products : narrowed ? null : initialProducts
  const didYouMean = answer?.didYouMean ?? null
  const count = results === null ? null : index.products ? results.length : total
  // Counted in the same pass over the index as any filter change needs (no request); for the
  // search offered instead when the one typed finds nothing. Unfiltered, they are the server's:
  // counting them again as the index arrives would index every product at once, a long task
  // while the page loads (P5), instead of in the idle slices above.
  const shownFacets = useMemo(
    () => (index.products && filtering ? facetsOf(index.products, didYouMean === null ? filters : { ...filters, searchText: didYouMean }) : facets),
    [index.products, filtering, filters, didYouMean, facets],
  )

  const searchTimer = useRef<number | undefined>(undefined)
  // The search text still waiting for its pause before it goes into the address.
  const pendingSearch = useRef<string | null>(null)
  // Address changes wait for the paint: pushState costs the click a few milliseconds itself, and
  // wakes Next's router, whose render would come before the frame (P7). Written in order, so each
  // click still makes its own history entry for Back.
  const urlWrites = useRef<UrlWrite[]>([])
  const cancelUrlWrite = useRef<(() => void) | null>(null)
  const writeUrls = useCallback(() => {
    cancelUrlWrite.current?.()
    cancelUrlWrite.current = null
    for (const write of urlWrites.current.splice(0)) writeUrl(write)
  }, [])
  useEffect(
    () => () => {
      window.clearTimeout(searchTimer.current)
      cancelUrlWrite.current?.()
    },
    [],
  )
  const chosenNow = () => filtersChosen(urlWrites.current)
  /** The controls show `filters` at once; the address follows after the paint. */
  const choose = (filters: ShopFilters, mode: UrlWrite['mode']) => {
    const query = serializeShopFilters(filters)
    setWritten(query)
    urlWrites.current.push({ query, mode })
    cancelUrlWrite.current ??= afterPaint(writeUrls)
  }

  // A click always wins over a pending search update (issue 17): a link clicked within the pause
  // (a result, a header link) writes the search into the shop's address first, at once, so the
  // delayed update can no longer replace the address while the click's navigation is under way,
  // and Back returns to the results the shopper saw. Capture phase: before the link's own handler.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (pendingSearch.current === null) return
      if (!(event.target instanceof Element) || !event.target.closest('a[href]')) return
      const text = pendingSearch.current
      pendingSearch.current = null
      window.clearTimeout(searchTimer.current)
      urlWrites.current.push({ query: serializeShopFilters({ ...filtersChosen(urlWrites.current), searchText: text.trim() }), mode: 'replace' })
      writeUrls()
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [writeUrls])

  const push = (change: Partial<ShopFilters>) => {
    window.clearTimeout(searchTimer.current)
    pendingSearch.current = null
    choose({ ...chosenNow(), searchText: draft.trim(), ...change }, 'push')
  }

  const onSearch = (text: string) => {
    setDraft(text)
    window.clearTimeout(searchTimer.current)
    pendingSearch.current = text
    searchTimer.current = window.setTimeout(() => {
      pendingSearch.current = null
      choose({ ...chosenNow(), searchText: text.trim() }, 'replace')
    }, SEARCH_DEBOUNCE_MS)
  }

  const submitSearch = (event: FormEvent) => {
    event.preventDefault()
    window.clearTimeout(searchTimer.current)
    pendingSearch.current = null
    choose({ ...chosenNow(), searchText: draft.trim() }, 'replace')
  }

  const toggle = (facet: ListFacet, value: string) => {
    const current = chosenNow()[facet]
    const folded = value.toLowerCase()
    const next = current.some((entry) => entry.toLowerCase() === folded)
      ? current.filter((entry) => entry.toLowerCase() !== folded)
      : [...current, value]
    push({ [facet]: next })
  }

  const searchFor = (text: string) => {
    setDraft(text)
    push({ searchText: text })
  }

  const clearAll = () => {
    setDraft('')
    push({ searchText: '', sizes: [], colors: [], categories: [], logos: [], brands: [], minPrice: null, maxPrice: null })
  }

  const chips: Chip[] = [
    ...(filters.searchText.trim() ? [{ kind: 'search' as const, key: 'q', label: t('searchChip', { text: filters.searchText.trim() }) }] : []),
    ...LIST_FACETS.flatMap((facet) =>
      filters[facet].map((value) => ({ kind: 'facet' as const, key: `${facet}:${value}`, label: value, facet, value })),
    ),
    ...(filters.minPrice !== null || filters.maxPrice !== null
      ? [{ kind: 'price' as const, key: 'price', label: priceChip(t, filters.minPrice, filters.maxPrice) }]
      : []),
  ]
  const removeChip = (chip: Chip) => {
    if (chip.kind === 'facet') toggle(chip.facet, chip.value)
    else if (chip.kind === 'price') push({ minPrice: null, maxPrice: null })
    else {
      setDraft('')
      push({ searchText: '' })
    }
  }
  const activeCount = chips.length

  // The panel's handlers keep their identity (so the memoized panel skips a keystroke's render)
  // and call the latest toggle and push, which know the search typed so far.
  const latest = useRef({ toggle, push })
  useLayoutEffect(() => {
    latest.current = { toggle, push }
  })
  const onToggle = useCallback((facet: ListFacet, value: string) => latest.current.toggle(facet, value), [])
  const onPrice = useCallback((minPrice: number | null, maxPrice: number | null) => latest.current.push({ minPrice, maxPrice }), [])

  const [dialogOpen, setDialogOpen] = useState(false)
  const panel = (idPrefix: string) => (
    <FilterPanel idPrefix={idPrefix} facets={shownFacets} swatches={swatches} filters={filters} onToggle={onToggle} onPrice={onPrice} />
  )

  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 xl:gap-12">
      <aside
        aria-labelledby="shop-filters-heading"
        className="hidden lg:sticky lg:top-32 lg:block lg:max-h-[calc(100dvh-9rem)] lg:self-start lg:overflow-y-auto lg:pr-2 lg:pb-6"
      >
        <h2 id="shop-filters-heading" className="mb-5 text-base font-semibold text-ink">
          {t('filters')}
        </h2>
        {/* Its own boundary: hydrated in a pass of its own after the page's, so the page comes
            alive in shorter tasks (P5); on a phone the sidebar is not even shown. */}
        <Suspense fallback={null}>{panel('sidebar')}</Suspense>
      </aside>

      <section
        aria-labelledby="shop-results-heading"
        className="min-w-0"
        data-catalog={index.products ? 'complete' : 'first-screen'}
        data-search={index.products && preparedFor === index.products ? 'prepared' : undefined}
      >
        <h2 id="shop-results-heading" className="sr-only">
          {t('productsList')}
        </h2>

        <div className="flex flex-wrap items-center gap-3">
          <form role="search" aria-label={t('searchLabel')} onSubmit={submitSearch} className="relative w-full min-w-0 sm:w-auto sm:flex-1">
            <label htmlFor="shop-search" className="sr-only">
              {t('searchLabel')}
            </label>
            <SearchIcon width={18} height={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted" />
            <input
              id="shop-search"
              type="search"
              value={draft}
              onChange={(event) => onSearch(event.target.value)}
              placeholder={t('searchPlaceholder')}
              autoComplete="off"
              enterKeyHint="search"
              className="field pl-10"
            />
          </form>
          <div className="flex w-full items-center justify-between gap-3 sm:w-auto">
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => setDialogOpen(true)}
              className="btn btn-secondary min-h-11 rounded-lg px-4 lg:hidden"
            >
              <FilterIcon width={18} height={18} />
              {t('showFilters')}
              {activeCount > 0 ? <span className="text-muted">({activeCount})</span> : null}
            </button>
            <div className="ml-auto flex min-w-0 items-center gap-2">
              <label htmlFor="shop-sort" className="sr-only text-sm whitespace-nowrap text-muted sm:not-sr-only">
                {t('sort')}
              </label>
              <select
                id="shop-sort"
                value={liveFilters.sort}
                onChange={(event) => push({ sort: event.target.value as ProductSort })}
                className="field h-11 w-auto max-w-full min-w-0 py-0 pr-8 text-sm"
              >
                {PRODUCT_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(SORT_LABELS[sort])}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>

        <div className="mt-4 flex min-h-8 flex-wrap items-center gap-2">
          <p aria-live="polite" aria-atomic="true" className="mr-2 text-sm font-medium text-ink">
            {count === null ? (index.failed ? t('loadError') : t('loading')) : t('results', counted(count))}
          </p>
          {chips.length > 0 ? (
            <>
              <ul role="list" aria-label={t('activeFilters')} className="contents">
                {chips.map((chip) => (
                  <li key={chip.key}>
                    <button
                      type="button"
                      onClick={() => removeChip(chip)}
                      aria-label={t('removeFilter', { label: chip.label })}
                      className="inline-flex h-8 items-center gap-1 rounded-full bg-accent-soft pr-2 pl-3 text-sm font-medium text-accent-strong hover:bg-[#d5e9e4]"
                    >
                      {chip.label}
                      <CloseIcon width={14} height={14} />
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                onClick={clearAll}
                className="h-8 rounded-full px-2 text-sm font-medium text-ink underline underline-offset-4 hover:text-accent"
              >
                {t('clearAll')}
              </button>
            </>
          ) : null}
        </div>

        {didYouMean !== null ? (
          <p role="status" className="mt-3 text-sm text-ink">
            {t.rich('didYouMean', {
              text: filters.searchText.trim(),
              suggestion: didYouMean,
              link: (chunks) => (
                <button type="button" onClick={() => searchFor(didYouMean)} className="font-semibold text-accent underline underline-offset-4 hover:text-accent-strong">
                  {chunks}
                </button>
              ),
            })}
          </p>
        ) : null}

        <div className="mt-6">
          {results === null ? (
            index.failed ? null : <LoadingGrid />
          ) : results.length === 0 ? (
            <div className="rounded-card border border-dashed border-line px-6 py-16 text-center">
              <p className="text-lg font-semibold text-ink">{t('emptyTitle')}</p>
              <p className="mt-2 text-muted">{t('emptyBody')}</p>
              <button type="button" onClick={clearAll} className="btn btn-secondary mt-6">
                {t('clearAll')}
              </button>
            </div>
          ) : (
            <WindowedProductGrid products={results} label={t('productsList')} colors={filters.colors} search={didYouMean ?? filters.searchText} />
          )}
        </div>
      </section>

      {dialogOpen ? (
        <dialog
          ref={(node) => {
            if (node && !node.open) node.showModal()
          }}
          onClose={() => setDialogOpen(false)}
          aria-labelledby="shop-dialog-heading"
          className="m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-white p-0 backdrop:bg-black/40 lg:hidden"
        >
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between border-b border-line px-5 py-3">
              <h2 id="shop-dialog-heading" className="text-base font-semibold text-ink">
                {t('filters')}
              </h2>
              <form method="dialog">
                <button
                  type="submit"
                  aria-label={t('closeFilters')}
                  className="inline-flex size-11 items-center justify-center rounded-full hover:bg-soft"
                >
                  <CloseIcon />
                </button>
              </form>
            </div>
            <div className="flex-1 overflow-y-auto px-5 py-5">{panel('dialog')}</div>
            <form method="dialog" className="flex gap-3 border-t border-line px-5 py-4">
              {activeCount > 0 ? (
                <button type="button" onClick={clearAll} className="btn btn-secondary flex-1 rounded-lg">
                  {t('clearAll')}
                </button>
              ) : null}
              <button type="submit" className="btn btn-primary flex-[2] rounded-lg">
                {count === null ? t('loading') : t('showResults', counted(count))}
              </button>
            </form>
          </div>
        </dialog>
      ) : null}
    </div>
  )
}

/** Filters or a sort other than the store's own order: the server's first screen no longer answers them. */
function narrowsTheList(filters: ShopFilters): boolean {
  return hasActiveFilters(filters) || filters.sort !== 'websiteSequence'
}

type Chip =
  | { kind: 'search' | 'price'; key: string; label: string }
  | { kind: 'facet'; key: string; label: string; facet: ListFacet; value: string }

type PriceChipKey = 'priceChipRange' | 'priceChipMin' | 'priceChipMax'

function priceChip(t: (key: PriceChipKey, values: Record<string, string>) => string, min: number | null, max: number | null): string {
  if (min !== null && max !== null) return t('priceChipRange', { min: formatPrice(min), max: formatPrice(max) })
  if (min !== null) return t('priceChipMin', { price: formatPrice(min) })
  return t('priceChipMax', { price: formatPrice(max ?? 0) })
}

function LoadingGrid() {
  return (
    <ul role="list" aria-hidden="true" className={SHOP_GRID_CLASS}>
      {Array.from({ length: 8 }, (_, index) => (
        <li key={index}>
          <div className="aspect-square animate-pulse rounded-card bg-soft" />
          <div className="mt-3 h-4 w-3/4 animate-pulse rounded bg-soft" />
          <div className="mt-2 h-3 w-1/3 animate-pulse rounded bg-soft" />
        </li>
      ))}
    </ul>
  )
}
