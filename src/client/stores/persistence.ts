import { createJSONStorage, type PersistOptions, type StateStorage } from 'zustand/middleware'

export type StorageArea = 'session' | 'local'

const memoryless: StateStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
}

/**
 * The browser's sessionStorage or localStorage, or a storage that keeps nothing where there is none:
 * on the server (stores are module singletons there, shared by every request, so nothing may be read
 * or written) and in browsers that refuse storage (blocked cookies, a full quota).
 */
export function browserStorage(area: StorageArea): StateStorage {
  const storage = (): Storage | null => {
    if (typeof window === 'undefined') return null
    try {
      return area === 'session' ? window.sessionStorage : window.localStorage
    } catch {
      return null
    }
  }
  if (storage() === null) return memoryless
  return {
    getItem: (name) => {
      try {
        return storage()?.getItem(name) ?? null
      } catch {
        return null
      }
    },
    setItem: (name, value) => {
      try {
        storage()?.setItem(name, value)
      } catch {
        // A full or refused storage only costs persistence; the store keeps working in memory.
      }
    },
    removeItem: (name) => {
      try {
        storage()?.removeItem(name)
      } catch {
        // as above
      }
    },
  }
}

type Kind = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'other'

function kindOf(value: unknown): Kind {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  const type = typeof value
  return type === 'object' || type === 'string' || type === 'number' || type === 'boolean' ? type : 'other'
}

/**
 * Takes from what was stored only the fields the store still has, each only when it is of the same
 * kind as the field's initial value (a field that starts null takes any stored value); objects with
 * known fields are merged the same way, field by field. An older or hand-edited entry can then never
 * put a string where a list belongs or drop a field the code relies on.
 */
export function mergePersisted<T extends object>(persisted: unknown, current: T): T {
  if (kindOf(persisted) !== 'object') return current
  const stored = persisted as Record<string, unknown>
  const merged: Record<string, unknown> = { ...(current as Record<string, unknown>) }
  for (const [key, initial] of Object.entries(current)) {
    if (!(key in stored)) continue
    const value = stored[key]
    const kind = kindOf(initial)
    if (kind === 'other' || kindOf(value) === 'other') continue
    if (kind === 'null') merged[key] = value
    else if (kind === 'object' && Object.keys(initial as object).length > 0) merged[key] = mergePersisted(value, initial as object)
    else if (kindOf(value) === kind) merged[key] = value
  }
  return merged as T
}

/** Persist options shared by the client stores: JSON in the given storage area, versioned, merged defensively. */
export function persistIn<S extends object, P>(
  area: StorageArea,
  name: string,
  partialize: (state: S) => P,
): PersistOptions<S, P> {
  return {
    name,
    version: 1,
    storage: createJSONStorage<P>(() => browserStorage(area)),
    partialize,
    // Only what partialize writes is read back: a transient flag from an older entry stays unread.
    merge: (persisted, current) => {
      const kept = new Set(Object.keys(partialize(current) as object))
      const stored = kindOf(persisted) === 'object' ? (persisted as Record<string, unknown>) : {}
      return mergePersisted(Object.fromEntries(Object.entries(stored).filter(([key]) => kept.has(key))), current)
    },
  }
}
