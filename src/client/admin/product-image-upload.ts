import type { ProductImagesUploadResponse } from '@/isomorphic/contract/admin-catalog'
import type { ApiErrorBody } from '@/isomorphic/contract/queries'
import { AdminApiError } from './admin-api'

// The browser's side of POST /api/admin/product-images (issue 16): one file per request, so each
// file gets its own answer (and its own refusal sentence) and one large file never holds up the rest.

export async function uploadProductImage(input: { websiteId: number; productId: number; colorValueId: number | null; file: File }): Promise<ProductImagesUploadResponse> {
  const form = new FormData()
  form.append('websiteId', String(input.websiteId))
  form.append('productId', String(input.productId))
  if (input.colorValueId !== null) form.append('colorValueId', String(input.colorValueId))
  form.append('file', input.file, input.file.name)
  let response: Response
  try {
    response = await fetch('/api/admin/product-images', { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } })
  } catch {
    throw new AdminApiError('The server could not be reached. Check your connection and try again.', 0, null)
  }
  const payload = (await response.json().catch(() => null)) as ({ data?: ProductImagesUploadResponse } & Partial<ApiErrorBody>) | null
  if (!response.ok) {
    const message = payload?.error?.message || payload?.statusMessage || (response.status === 413 ? 'The file is too large.' : 'Something went wrong. Please try again!')
    throw new AdminApiError(message, response.status, payload?.error?.code ?? null)
  }
  return payload!.data!
}
