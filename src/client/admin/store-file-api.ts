import type { StoreFileImportReport } from '@/isomorphic/contract/admin-store-file'
import type { ApiErrorBody } from '@/isomorphic/contract/queries'
import { AdminApiError } from './admin-api'

// The console's store file upload (issue 16): the file itself is the request body, so a large zip
// is never base64'd into JSON. A refusal is an AdminApiError whose `data` holds the importer's
// problems (StoreFileRefusalData) when the file itself is at fault.

export async function uploadStoreFile(websiteId: number, file: File, dryRun: boolean): Promise<StoreFileImportReport> {
  const query = new URLSearchParams({ websiteId: String(websiteId), name: file.name, ...(dryRun ? { dryRun: '1' } : {}) })
  let response: Response
  try {
    response = await fetch(`/api/admin/store-file/import?${query}`, {
      method: 'POST',
      headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
      body: file,
      credentials: 'same-origin',
    })
  } catch {
    throw new AdminApiError('The server could not be reached. Check your connection and try again.', 0, null)
  }
  const payload = (await response.json().catch(() => null)) as ({ data?: StoreFileImportReport } & Partial<ApiErrorBody>) | null
  if (!response.ok) {
    const message = payload?.error?.message || payload?.statusMessage || 'Something went wrong. Please try again!'
    throw new AdminApiError(message, response.status, payload?.error?.code ?? null, payload?.error?.issues ?? [], (payload?.data as Record<string, unknown> | undefined) ?? null)
  }
  return payload!.data!
}
