import { FetchError, ofetch } from 'ofetch'
import type { ClientLogLevel } from '@/isomorphic/contract/logs'
import type { MutationInputs, MutationKey, MutationResponses } from '@/isomorphic/contract/mutations'
import type { ApiErrorBody, CacheName, HomePageResponse, QueryKey, QueryResponses, QueryValues } from '@/isomorphic/contract/queries'

// The browser's client for the store's API (spec 7). Retry rule, made explicit rather than left to
// ofetch's defaults (which match today): a non-mutating request is retried once on 408, 409, 425,
// 429, 500, 502, 503 or 504 (or when no answer arrives); POST, PUT, PATCH and DELETE never are.

export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504] as const
export const MUTATING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | (typeof MUTATING_METHODS)[number]

export function retriesFor(method: HttpMethod): number {
  return (MUTATING_METHODS as readonly string[]).includes(method) ? 0 : 1
}

/** A failed API call. `statusMessage` is the server's message when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    message: string,
    readonly statusCode: number | null,
    readonly statusMessage: string | null,
    readonly code: string | null,
  ) {
    super(message)
  }
}

function isErrorBody(data: unknown): data is Partial<ApiErrorBody> {
  return typeof data === 'object' && data !== null
}

function toApiError(error: unknown): ApiError {
  if (error instanceof FetchError) {
    const body = isErrorBody(error.data) ? error.data : undefined
    const serverMessage = body?.statusMessage || body?.error?.message || error.statusMessage || null
    return new ApiError(serverMessage ?? error.message, error.status ?? null, serverMessage, body?.error?.code ?? null)
  }
  return new ApiError(error instanceof Error ? error.message : String(error), null, null, null)
}

/** A key whose input has no fields may be called without one. */
type MutationArgs<K extends MutationKey> = Record<string, never> extends MutationInputs[K] ? [input?: MutationInputs[K]] : [input: MutationInputs[K]]

export type RequestOptions = {
  method?: HttpMethod
  body?: Record<string, unknown>
  headers?: Record<string, string>
  keepalive?: boolean
}

export type ApiClientOptions = {
  /** '' in the browser (same origin); a full origin elsewhere. */
  baseURL?: string
  timeoutMs?: number
}

export function createApiClient({ baseURL = '', timeoutMs = 20_000 }: ApiClientOptions = {}) {
  const $fetch = ofetch.create({ baseURL, timeout: timeoutMs })

  async function request<T>(path: string, { method = 'GET', body, headers, keepalive }: RequestOptions = {}): Promise<T> {
    try {
      return await $fetch<T>(path, {
        method,
        body,
        headers,
        keepalive,
        retry: retriesFor(method),
        retryStatusCodes: [...RETRY_STATUS_CODES],
        retryDelay: 0,
      })
    } catch (error) {
      throw toApiError(error)
    }
  }

  return {
    request,

    /** POST /api/query: `value` and `cache` are sent only when given. */
    query<K extends QueryKey>(key: K, value?: QueryValues[K], cache?: CacheName): Promise<QueryResponses[K]> {
      const body: Record<string, unknown> = { key }
      if (value !== undefined) body.value = value
      if (cache !== undefined) body.cache = cache
      return request<QueryResponses[K]>('/api/query', { method: 'POST', body })
    },

    /** POST /api/mutation {key, ...input}: the input and the answer are the contract's for the key. */
    mutation<K extends MutationKey>(key: K, ...[input]: MutationArgs<K>): Promise<MutationResponses[K]> {
      return request<MutationResponses[K]>('/api/mutation', { method: 'POST', body: { ...input, key } })
    },

    getHomePage(): Promise<HomePageResponse> {
      return request<HomePageResponse>('/api/homePage')
    },

    /** Reports to the server log. Never rejects: a failed report must not cause another. */
    async postLog(message: string, level: ClientLogLevel = 'error'): Promise<void> {
      try {
        await request<void>('/api/logs', { method: 'POST', body: { message: message.slice(0, 2000), level }, keepalive: true })
      } catch {
        // The log endpoint is down or throttling us; there is nowhere better to report that.
      }
    },

    invalidateCache(cache: CacheName): Promise<{ data: { cache: CacheName; invalidated: boolean } }> {
      return request('/api/cache/invalidate', { method: 'POST', body: { cache } })
    },
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

/** The browser's client (same origin). */
export const apiClient: ApiClient = createApiClient()

export const { query, mutation, getHomePage, postLog, invalidateCache } = apiClient
