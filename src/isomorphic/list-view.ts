// The one URL-view codec of the console's lists (issue 26): a list's view — its filters, search,
// sort, page size and page cursor — is held in the URL, so a view can be shared, the back button
// goes back a view and the GET filter form works without JavaScript. A list declares its fields
// (the URL parameter, the kind of value, the default) and gets:
// - parse: the view a URL's search params describe; a value a field does not know (an old link, a
//   hand-edited URL) is dropped and the default kept — never thrown;
// - toSearch: the search string of a view ('' for the default view), defaults left out, in the
//   fields' order; parse(toSearch(view)) is the view again;
// - firstPage: the same view (with a change) on its first page, what a filter, search or sort link starts from.

/** Cursors are base64url text made by the server (src/server/kernel/list-cursor.ts); anything longer or other is not one. */
export const LIST_CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,600}$/
export const LIST_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const INT_MAX = 2_147_483_647

export type ListFieldKind = 'enum' | 'id' | 'search' | 'pageSize' | 'cursor' | 'date'

/** One field of a view: its URL parameter, what it holds, its default, and how a URL's text becomes its value. */
export type ListField<T> = {
  param: string
  kind: ListFieldKind
  default: T
  /** The value of the parameter's text, or undefined when it is not one (the default is kept). */
  read: (raw: string) => T | undefined
}

/** A positive whole number of the database's integer range, or null. */
export function listId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const value = Number(raw)
  return value <= INT_MAX ? value : null
}

/** A real calendar day written YYYY-MM-DD, or null. */
export function listDay(raw: string | null | undefined): string | null {
  if (!raw || !LIST_DAY_PATTERN.test(raw)) return null
  const day = new Date(`${raw}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === raw ? raw : null
}

/** A search as lists use it: trimmed, inner runs of spaces made one, at most `max` characters; null when empty. */
export function listSearch(raw: string | null | undefined, max: number): string | null {
  if (!raw) return null
  const text = raw.replace(/\s+/g, ' ').trim().slice(0, max).trim()
  return text === '' ? null : text
}

const oneOf = <T extends string | number>(values: readonly T[], raw: string): T | undefined => values.find((value) => String(value) === raw)

/** The fields a list declares its view with. */
export const listField = {
  /** One of `values`; null (any) when absent. */
  enum: <T extends string | number>(param: string, values: readonly T[]): ListField<T | null> => ({ param, kind: 'enum', default: null, read: (raw) => oneOf(values, raw) }),
  /** One of `values`, `fallback` when absent (a sort, a direction, a kind). */
  enumOr: <T extends string | number>(param: string, values: readonly T[], fallback: NoInfer<T>): ListField<T> => ({ param, kind: 'enum', default: fallback, read: (raw) => oneOf(values, raw) }),
  /** A row's id (a positive integer); null when absent. */
  id: (param: string): ListField<number | null> => ({ param, kind: 'id', default: null, read: (raw) => listId(raw) ?? undefined }),
  /** A row's id, or one of `words` ('none': rows without one); null when absent. */
  idOr: <W extends string>(param: string, words: readonly W[]): ListField<number | W | null> => ({
    param,
    kind: 'id',
    default: null,
    read: (raw) => oneOf(words, raw) ?? listId(raw) ?? undefined,
  }),
  /** Text searched for, as `listSearch` makes it. */
  search: (param: string, max: number): ListField<string | null> => ({ param, kind: 'search', default: null, read: (raw) => listSearch(raw, max) ?? undefined }),
  pageSize: <T extends number>(param: string, sizes: readonly T[], fallback: NoInfer<T>): ListField<T> => ({ param, kind: 'pageSize', default: fallback, read: (raw) => oneOf(sizes, raw) }),
  cursor: (param = 'cursor'): ListField<string | null> => ({ param, kind: 'cursor', default: null, read: (raw) => (LIST_CURSOR_PATTERN.test(raw) ? raw : undefined) }),
  date: (param: string): ListField<string | null> => ({ param, kind: 'date', default: null, read: (raw) => listDay(raw) ?? undefined }),
}

export type ListFields<V> = { [K in keyof V]: ListField<V[K]> }

/** What a page's `searchParams` hold: a parameter given twice (?a=1&a=2) is not one of a view's. */
export type RawSearchParams = Record<string, string | string[] | undefined>

export type ListViewCodec<V> = {
  fields: ListFields<V>
  defaults: V
  parse(params: URLSearchParams | RawSearchParams): V
  toSearch(view: V): string
  /** The same view, changed, on its first page (no cursor). */
  firstPage(view: V, change?: Partial<V>): V
  /** Whether the view holds any value but its default, leaving out `ignoring` (the store, the sort, the page size…). */
  differs(view: V, ignoring?: readonly (keyof V)[]): boolean
}

export function toSearchParams(params: URLSearchParams | RawSearchParams): URLSearchParams {
  if (params instanceof URLSearchParams) return params
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string') search.set(name, value)
  return search
}

export function defineListView<V extends object>(fields: ListFields<V>): ListViewCodec<V> {
  const keys = Object.keys(fields) as (keyof V)[]
  const defaults = Object.fromEntries(keys.map((key) => [key, fields[key].default])) as V
  const cursorKeys = keys.filter((key) => fields[key].kind === 'cursor')
  return {
    fields,
    defaults,
    parse(params) {
      const search = toSearchParams(params)
      const view = { ...defaults }
      for (const key of keys) {
        const raw = search.get(fields[key].param)
        const value = raw === null ? undefined : fields[key].read(raw)
        if (value !== undefined) view[key] = value
      }
      return view
    },
    toSearch(view) {
      const params = new URLSearchParams()
      for (const key of keys) {
        const value = view[key]
        if (value === null || value === undefined || value === defaults[key]) continue
        params.set(fields[key].param, String(value))
      }
      const search = params.toString()
      return search === '' ? '' : `?${search}`
    },
    firstPage(view, change = {}) {
      const next = { ...view, ...change }
      for (const key of cursorKeys) next[key] = defaults[key]
      return next
    },
    differs: (view, ignoring = []) => keys.some((key) => fields[key].kind !== 'cursor' && !ignoring.includes(key) && view[key] !== defaults[key]),
  }
}
