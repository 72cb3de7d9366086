'use client'

import { useTranslations } from 'next-intl'
import { useId } from 'react'
import { useStore } from 'zustand'
import { areasFor, moveToArea, withText } from '@/client/editor/decoration-edits'
import type { EditorStore } from '@/client/editor/editor-store'
import { allowedMethods, clampMove, formatInches, isOnCenterLine, MAX_TEXT_LENGTH } from '@/isomorphic/decoration-placement'
import type { Decoration, DecorationOptions, PlacementProblem } from '@/isomorphic/decoration-types'
import { formatCents } from '@/isomorphic/format'

type DecorationPanelProps = {
  store: EditorStore
  options: DecorationOptions
  index: number
  /** Name of the decoration ('Crest', 'Text “SMITH”'). */
  name: string
  problems: PlacementProblem[]
  announce: (message: string) => void
}

/** Everything about the selected decoration: its area, method, text, font and colour, centring and removal. */
export function DecorationPanel({ store, options, index, name, problems, announce }: DecorationPanelProps) {
  const t = useTranslations('editor')
  const id = useId()
  const decoration = useStore(store, (state) => state.decorations[index])
  if (!decoration) return null

  const area = options.printAreas.find((candidate) => candidate.id === decoration.printAreaId)
  const logo = decoration.kind === 'logo' ? (options.logos.find((candidate) => candidate.id === decoration.logoId) ?? null) : null
  const areas = areasFor(options, logo)
  const methods = area ? options.methods.filter((method) => allowedMethods(area, logo).includes(method.code)) : []
  const change = (next: Decoration, gesture?: string) => store.getState().change(index, next, gesture)

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-card border border-line p-4 sm:p-5">
      <h2 id={`${id}-heading`} className="text-base font-semibold text-ink">
        {t('selectedHeading', { name })}
      </h2>
      <p className="mt-1 text-sm text-muted tabular-nums">
        {t('sizeReadout', { width: formatInches(decoration.width), height: formatInches(decoration.height) })}
      </p>

      {problems.length > 0 ? (
        <ul className="mt-3 space-y-1 rounded-lg border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">
          {problems.map((problem) => (
            <li key={`${problem.code}:${problem.message}`}>{problem.message}</li>
          ))}
        </ul>
      ) : null}

      <div className="mt-4 space-y-4">
        <div>
          <label htmlFor={`${id}-area`} className="block text-sm font-semibold text-ink">
            {t('printArea')}
          </label>
          <select
            id={`${id}-area`}
            value={decoration.printAreaId}
            onChange={(event) => {
              const next = options.printAreas.find((candidate) => candidate.id === Number(event.target.value))
              if (!next) return
              change(moveToArea(decoration, next, options))
              store.getState().setView(next.view)
              announce(t('movedToArea', { area: next.name }))
            }}
            className="field mt-1.5"
          >
            {areas.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {t('areaOption', { name: candidate.name, view: t(`view.${candidate.view}`), width: formatInches(candidate.width), height: formatInches(candidate.height) })}
              </option>
            ))}
          </select>
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-ink">{t('method')}</legend>
          {methods.length === 0 ? <p className="mt-1.5 text-sm text-danger">{t('noMethod')}</p> : null}
          <div className="mt-1.5 space-y-2">
            {methods.map((method) => (
              <label key={method.code} className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 has-checked:border-ink">
                <input
                  type="radio"
                  name={`${id}-method`}
                  value={method.code}
                  checked={decoration.method === method.code}
                  onChange={() => change({ ...decoration, method: method.code })}
                  className="mt-1 size-4 accent-accent"
                />
                <span className="min-w-0 text-sm">
                  <span className="block font-medium text-ink">{method.name}</span>
                  <span className="block text-muted">
                    {t('methodPrice', { price: formatCents(method.pricePerLocation), setup: formatCents(method.setupFee) })}
                    {' · '}
                    {t('methodMinimum', { width: formatInches(method.minWidth), height: formatInches(method.minHeight) })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {decoration.kind === 'text' ? (
          <>
            <div>
              <label htmlFor={`${id}-text`} className="block text-sm font-semibold text-ink">
                {t('text')}
              </label>
              <input
                id={`${id}-text`}
                type="text"
                value={decoration.text}
                maxLength={MAX_TEXT_LENGTH}
                autoComplete="off"
                aria-describedby={`${id}-text-hint`}
                onChange={(event) => change(withText(decoration, event.target.value, area), `text-${index}`)}
                onBlur={() => store.getState().settle()}
                className="field mt-1.5"
              />
              <p id={`${id}-text-hint`} className="mt-1 text-xs text-muted">
                {t('textHint', { max: MAX_TEXT_LENGTH })}
              </p>
            </div>
            <div>
              <label htmlFor={`${id}-font`} className="block text-sm font-semibold text-ink">
                {t('font')}
              </label>
              <select
                id={`${id}-font`}
                value={decoration.fontId}
                onChange={(event) => change({ ...decoration, fontId: event.target.value })}
                className="field mt-1.5"
              >
                {options.fonts.map((font) => (
                  <option key={font.id} value={font.id}>
                    {font.name}
                  </option>
                ))}
              </select>
            </div>
            <fieldset>
              <legend className="text-sm font-semibold text-ink">{t('textColor')}</legend>
              <div className="mt-1.5 flex flex-wrap gap-2">
                {options.palette.map((swatch) => (
                  <label key={swatch.hex} className="relative cursor-pointer" title={swatch.name}>
                    <input
                      type="radio"
                      name={`${id}-color`}
                      value={swatch.hex}
                      checked={decoration.color.toLowerCase() === swatch.hex.toLowerCase()}
                      onChange={() => change({ ...decoration, color: swatch.hex })}
                      className="peer sr-only"
                    />
                    <span className="sr-only">{swatch.name}</span>
                    <span
                      aria-hidden="true"
                      className="block size-9 rounded-full ring-1 ring-black/20 ring-inset outline-offset-2 peer-checked:outline-2 peer-checked:outline-ink peer-focus-visible:outline-3 peer-focus-visible:outline-accent pointer-coarse:size-11"
                      style={{ backgroundColor: swatch.hex }}
                    />
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        ) : null}

        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={!area || isOnCenterLine(decoration, area)}
            onClick={() => {
              if (!area) return
              change({ ...decoration, ...clampMove({ ...decoration, x: (area.width - decoration.width) / 2 }, area) })
              announce(t('centeredNow', { name }))
            }}
            className="btn btn-secondary"
          >
            {t('center')}
          </button>
          <button
            type="button"
            onClick={() => {
              store.getState().remove(index)
              announce(t('removed', { name }))
            }}
            className="btn btn-secondary text-danger"
          >
            {t('remove')}
          </button>
        </div>
      </div>
    </section>
  )
}
