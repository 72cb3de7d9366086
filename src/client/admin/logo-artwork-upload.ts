import type { LogoArtworkUploadResponse } from '@/isomorphic/contract/admin-decoration'
import type { ApiErrorBody } from '@/isomorphic/contract/queries'
import { AdminApiError } from './admin-api'

// The browser's side of POST /api/admin/logo-artwork (issue 16): one PNG or SVG file for one logo,
// sent with the logo's version (a stale one is a 409 like any save).

export async function uploadLogoArtwork(input: { websiteId: number; logoId: number; version: number; file: File }): Promise<LogoArtworkUploadResponse> {
  const form = new FormData()
  form.append('websiteId', String(input.websiteId))
  form.append('logoId', String(input.logoId))
  form.append('version', String(input.version))
  form.append('file', input.file, input.file.name)
  let response: Response
  try {
    response = await fetch('/api/admin/logo-artwork', { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } })
  } catch {
    throw new AdminApiError('The server could not be reached. Check your connection and try again.', 0, null)
  }
  const payload = (await response.json().catch(() => null)) as ({ data?: LogoArtworkUploadResponse } & Partial<ApiErrorBody>) | null
  if (!response.ok) {
    const message = payload?.error?.message || payload?.statusMessage || (response.status === 413 ? 'The file is too large.' : 'Something went wrong. Please try again!')
    throw new AdminApiError(message, response.status, payload?.error?.code ?? null, payload?.error?.issues ?? [], payload?.data ?? null)
  }
  return payload!.data!
}
