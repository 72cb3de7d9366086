import type { SiteImageKind, StoreSettings } from '@/isomorphic/contract/admin-settings'
import type { ApiErrorBody } from '@/isomorphic/contract/queries'
import { AdminApiError } from './admin-api'

// The browser's side of POST /api/admin/site-image (issue 16): the store's logo, favicon or social
// image, sent with the settings' version (a stale one is a 409 like any save). Answers the settings.

export async function uploadSiteImage(input: { websiteId: number; version: number; kind: SiteImageKind; file: File }): Promise<StoreSettings> {
  const form = new FormData()
  form.append('websiteId', String(input.websiteId))
  form.append('version', String(input.version))
  form.append('kind', input.kind)
  form.append('file', input.file, input.file.name)
  let response: Response
  try {
    response = await fetch('/api/admin/site-image', { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } })
  } catch {
    throw new AdminApiError('The server could not be reached. Check your connection and try again.', 0, null)
  }
  const payload = (await response.json().catch(() => null)) as ({ data?: StoreSettings } & Partial<ApiErrorBody>) | null
  if (!response.ok) {
    const message = payload?.error?.message || payload?.statusMessage || (response.status === 413 ? 'The file is too large.' : 'Something went wrong. Please try again!')
    throw new AdminApiError(message, response.status, payload?.error?.code ?? null, payload?.error?.issues ?? [], payload?.data ?? null)
  }
  return payload!.data!
}
