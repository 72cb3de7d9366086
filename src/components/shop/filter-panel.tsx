'use client'

import { useTranslations } from 'next-intl'
import { type ChangeEvent, type FormEvent, useState } from 'react'
import type { FacetValue, ListFacet, ShopFacets, ShopFilters } from '@/isomorphic/catalog-search'
import { swatchColor } from '../product/color-dots'

type FilterPanelProps = {
  idPrefix: string
  facets: ShopFacets
  /** Lower-cased colour name → CSS colour. */
  swatches: Record<string, string>
  /** The filters the results and the counts answer (a box clicked shows its own state until they catch up). */
  filters: ShopFilters
  onToggle: (facet: ListFacet, value: string) => void
  onPrice: (min: number | null, max: number | null) => void
}

const COLLAPSED_COUNT = 8

export function FilterPanel({ idPrefix, facets, swatches, filters, onToggle, onPrice }: FilterPanelProps) {
  const t = useTranslations('shop')
  const selected = (facet: ListFacet) => new Set(filters[facet].map((value) => value.toLowerCase()))

  return (
    <div className="space-y-7">
      <CheckboxFacet
        idPrefix={`${idPrefix}-category`}
        legend={t('categories')}
        values={facets.categories}
        selected={selected('categories')}
        onToggle={(value) => onToggle('categories', value)}
        filters={filters}
      />
      {facets.sizes.length > 0 ? (
        <fieldset>
          <legend className="mb-3 text-sm font-semibold text-ink">{t('sizes')}</legend>
          <div className="flex flex-wrap gap-2">
            {facets.sizes.map((size, index) => (
              <SizeBox
                key={size.value}
                id={`${idPrefix}-size-${index}`}
                size={size}
                checked={selected('sizes').has(size.value.toLowerCase())}
                filters={filters}
                onToggle={onToggle}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      <CheckboxFacet
        idPrefix={`${idPrefix}-color`}
        legend={t('colors')}
        values={facets.colors}
        selected={selected('colors')}
        onToggle={(value) => onToggle('colors', value)}
        swatches={swatches}
        filters={filters}
      />
      <CheckboxFacet
        idPrefix={`${idPrefix}-logo`}
        legend={t('logos')}
        values={facets.logos}
        selected={selected('logos')}
        onToggle={(value) => onToggle('logos', value)}
        filters={filters}
      />
      <CheckboxFacet
        idPrefix={`${idPrefix}-brand`}
        legend={t('brands')}
        values={facets.brands}
        selected={selected('brands')}
        onToggle={(value) => onToggle('brands', value)}
        filters={filters}
      />

      {facets.priceRange ? (
        <PriceFacet
          key={`${filters.minPrice ?? ''}-${filters.maxPrice ?? ''}`}
          idPrefix={idPrefix}
          min={filters.minPrice}
          max={filters.maxPrice}
          range={facets.priceRange}
          onPrice={onPrice}
        />
      ) : null}
    </div>
  )
}

/**
 * A box's ticked state and its change handler (spread on the input): what the results answer (`checked`, from `filters`), or from a click until
 * those results arrive a frame later, what the click made it. So a click re-renders the box
 * clicked and not the panel, which renders again with the new counts after the paint (P7); any
 * new answer (this click's, Back, "Clear all") replaces what the click showed.
 */
function useTickedBox(checked: boolean, filters: ShopFilters, toggle: () => void): { checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void } {
  // The click remembers the answer it was made on: no state to reset (and no second render of
  // every box) when the next answer arrives.
  const [click, setClick] = useState<{ ticked: boolean; on: ShopFilters } | null>(null)
  return {
    checked: click !== null && click.on === filters ? click.ticked : checked,
    onChange: (event) => {
      setClick({ ticked: event.target.checked, on: filters })
      toggle()
    },
  }
}

type SizeBoxProps = {
  id: string
  size: FacetValue
  checked: boolean
  filters: ShopFilters
  onToggle: (facet: ListFacet, value: string) => void
}

function SizeBox({ id, size, checked, filters, onToggle }: SizeBoxProps) {
  const box = useTickedBox(checked, filters, () => onToggle('sizes', size.value))
  return (
    <span>
      <input id={id} type="checkbox" {...box} className="peer sr-only" />
      <label
        htmlFor={id}
        className="inline-flex h-9 min-w-11 cursor-pointer items-center justify-center rounded-lg border border-line px-2.5 text-sm font-medium text-ink transition-colors select-none peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent hover:border-ink"
      >
        {size.value}
        <span className={`ml-1.5 text-xs font-normal tabular-nums ${box.checked ? 'text-white' : 'text-muted'}`}>{size.count}</span>
      </label>
    </span>
  )
}

type CheckboxFacetProps = {
  idPrefix: string
  legend: string
  values: FacetValue[]
  selected: Set<string>
  onToggle: (value: string) => void
  swatches?: Record<string, string>
  filters: ShopFilters
}

function CheckboxFacet({ idPrefix, legend, values, selected, onToggle, swatches, filters }: CheckboxFacetProps) {
  const t = useTranslations('shop')
  const [expanded, setExpanded] = useState(false)
  if (values.length === 0) return null
  const anySelectedHidden = values.slice(COLLAPSED_COUNT).some((value) => selected.has(value.value.toLowerCase()))
  const shown = expanded || anySelectedHidden ? values : values.slice(0, COLLAPSED_COUNT)

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
      <ul role="list" className="space-y-0.5">
        {shown.map((value, index) => (
          <FacetBox
            key={value.value}
            id={`${idPrefix}-${index}`}
            value={value}
            checked={selected.has(value.value.toLowerCase())}
            filters={filters}
            onToggle={onToggle}
            swatch={swatches ? swatchColor({ htmlColor: swatches[value.value.toLowerCase()] ?? null, name: value.value }) : null}
          />
        ))}
      </ul>
      {values.length > COLLAPSED_COUNT && !anySelectedHidden ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="mt-1.5 text-sm font-medium text-accent hover:text-accent-strong"
        >
          {expanded ? t('showFewer') : t('showAll', { count: values.length })}
          <span className="sr-only">: {legend}</span>
        </button>
      ) : null}
    </fieldset>
  )
}

type FacetBoxProps = {
  id: string
  value: FacetValue
  checked: boolean
  filters: ShopFilters
  onToggle: (value: string) => void
  /** The colour's CSS colour, for the colour filter. */
  swatch: string | null
}

function FacetBox({ id, value, checked, filters, onToggle, swatch }: FacetBoxProps) {
  const box = useTickedBox(checked, filters, () => onToggle(value.value))
  return (
    <li>
      <label htmlFor={id} className="group flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md text-sm text-ink">
        <input id={id} type="checkbox" {...box} className="size-4 shrink-0 rounded border-line accent-accent" />
        {swatch !== null ? (
          <span aria-hidden="true" className="size-4 shrink-0 rounded-full ring-1 ring-black/15 ring-inset" style={{ backgroundColor: swatch }} />
        ) : null}
        <span className="min-w-0 flex-1 truncate group-hover:underline group-hover:underline-offset-4">{value.value}</span>
        <span className="text-xs text-muted tabular-nums">{value.count}</span>
      </label>
    </li>
  )
}

type PriceFacetProps = {
  idPrefix: string
  min: number | null
  max: number | null
  range: { min: number; max: number }
  onPrice: (min: number | null, max: number | null) => void
}

function PriceFacet({ idPrefix, min, max, range, onPrice }: PriceFacetProps) {
  const t = useTranslations('shop')
  const [minText, setMinText] = useState(min === null ? '' : String(min))
  const [maxText, setMaxText] = useState(max === null ? '' : String(max))

  const apply = (event: FormEvent) => {
    event.preventDefault()
    onPrice(parsePrice(minText), parsePrice(maxText))
  }

  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold text-ink">{t('price')}</legend>
      <form onSubmit={apply} className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${idPrefix}-price-min`} className="mb-1 block text-xs text-muted">
            {t('minPrice')}
          </label>
          <input
            id={`${idPrefix}-price-min`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder={String(Math.floor(range.min))}
            value={minText}
            onChange={(event) => setMinText(event.target.value)}
            className="field h-10 min-h-0 px-2.5 text-sm"
          />
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${idPrefix}-price-max`} className="mb-1 block text-xs text-muted">
            {t('maxPrice')}
          </label>
          <input
            id={`${idPrefix}-price-max`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder={String(Math.ceil(range.max))}
            value={maxText}
            onChange={(event) => setMaxText(event.target.value)}
            className="field h-10 min-h-0 px-2.5 text-sm"
          />
        </div>
        <button type="submit" className="btn btn-secondary h-10 min-h-0 rounded-lg px-3 text-sm">
          {t('applyPrice')}
        </button>
      </form>
    </fieldset>
  )
}

/** A typed price in dollars, or null when blank or not a price. */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null
  return Number(trimmed)
}
