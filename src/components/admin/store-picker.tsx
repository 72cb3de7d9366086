'use client'

import { SECONDARY_BUTTON_CLASS } from './form-fields'

// The store a console page shows (?store=), for a member with several stores: a GET form, so it
// works without JavaScript (its button) and goes at once with it (on change).
// A page about one store (its settings, its catalog) passes allLabel={null}: no "All stores" choice.
export function StorePicker({ action, stores, current, allLabel = 'All stores' }: { action: string; stores: { id: number; name: string }[]; current: number | null; allLabel?: string | null }) {
  if (stores.length < 2) return null
  return (
    <form method="get" action={action} className="flex items-center gap-2">
      <label htmlFor="store-picker" className="text-sm font-medium text-muted">
        Store
      </label>
      <select
        id="store-picker"
        name="store"
        defaultValue={current === null ? '' : String(current)}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded-md border border-line bg-white px-3 py-2 text-sm"
      >
        {allLabel === null ? null : <option value="">{allLabel}</option>}
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={SECONDARY_BUTTON_CLASS}>
          Show
        </button>
      </noscript>
    </form>
  )
}
