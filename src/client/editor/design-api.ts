import { ApiError, mutation, query } from '@/client/api-client'
import { ARTWORK_RIGHTS_HEADER, ARTWORK_UPLOAD_PATH, type DesignInput, type SavedDesign, type UploadedArtwork } from '@/isomorphic/decoration-types'

// The editor's calls to the server (issue 7): saveDesign validates the design with the same placement
// rules the editor applies, renders its mockups and answers the saved design; an upload sends the
// shopper's own artwork, with the rights statement accepted, to be checked and cleaned.

/** Saves the design; rejects with an ApiError carrying the server's message when it refuses it. */
export async function saveDesign(input: DesignInput): Promise<SavedDesign> {
  const answer = await mutation('saveDesign', { design: input })
  return answer.saveDesign.design
}

/** A saved design (the shopper's own, or an anonymous one by its id), to start the editor from. */
export async function loadDesign(id: string): Promise<SavedDesign> {
  return (await query('getDesign', { id })).design
}

/** Uploads a PNG or SVG file as it is; the server refuses what it does not accept with a message to show. */
export async function uploadArtwork(file: Blob, fetchFn: typeof fetch = globalThis.fetch): Promise<UploadedArtwork> {
  const response = await fetchFn(ARTWORK_UPLOAD_PATH, {
    method: 'POST',
    headers: { 'content-type': file.type, [ARTWORK_RIGHTS_HEADER]: 'accepted' },
    credentials: 'same-origin',
    body: file,
  })
  const payload = (await response.json().catch(() => null)) as {
    data?: { artwork?: UploadedArtwork }
    error?: { code?: string; message?: string }
  } | null
  const artwork = payload?.data?.artwork
  if (response.ok && artwork) return artwork
  const message = payload?.error?.message ?? null
  throw new ApiError(message ?? `HTTP ${response.status}`, response.status, message, payload?.error?.code ?? null)
}
