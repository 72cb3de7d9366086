import { MAX_PRODUCT_IMAGE_BYTES, MAX_PRODUCT_IMAGE_SIZE_LABEL, PRODUCT_IMAGE_ACCEPT } from '@/isomorphic/contract/admin-catalog'
import { failureOf, SOMETHING_WENT_WRONG } from './form-failure'

// Pictures sent to a product one file at a time (issue 16), from the Images page and, since issue
// 26, from the create form right after the product exists: each file has its own line, and a file
// refused (too large, not an image, the server's sentence) says so on its line while the rest go on.

export type PictureUpload = { key: string; name: string; status: 'waiting' | 'uploading' | 'done' | 'failed'; message?: string }

const ACCEPTED = new Set(PRODUCT_IMAGE_ACCEPT.split(','))

/** What is wrong with a file before it is sent, or null (the server checks again). */
export function pictureProblem(file: { name: string; size: number; type: string }): string | null {
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) return `Larger than ${MAX_PRODUCT_IMAGE_SIZE_LABEL}: make it smaller and upload it again.`
  if (file.type !== '' && !ACCEPTED.has(file.type)) return 'Not a PNG, JPEG or WebP image: save it as one of those and upload it again.'
  return null
}

/** A file's line: "waiting", "uploading…", "added", or why it was refused. */
export function pictureLine(upload: PictureUpload): string {
  if (upload.status === 'waiting') return 'waiting'
  if (upload.status === 'uploading') return 'uploading…'
  if (upload.status === 'done') return 'added'
  return upload.message ?? SOMETHING_WENT_WRONG
}

/** "2 of 3 pictures added; 1 could not be added (see below)." — or null while nothing failed. */
export function picturesSummary(uploads: readonly PictureUpload[]): string | null {
  const failed = uploads.filter((upload) => upload.status === 'failed').length
  if (failed === 0) return null
  const added = uploads.filter((upload) => upload.status === 'done').length
  const noun = uploads.length === 1 ? 'picture' : 'pictures'
  return `${added} of ${uploads.length} ${noun} added; ${failed} could not be added (see below).`
}

/**
 * Sends the files in turn with `upload`, reporting each file's line as it changes; a refused file
 * does not stop the rest. Answers the lines as they ended.
 */
export async function sendPictures(files: readonly File[], upload: (file: File) => Promise<unknown>, report: (uploads: PictureUpload[]) => void, stamp = Date.now()): Promise<PictureUpload[]> {
  let uploads: PictureUpload[] = files.map((file, index) => ({ key: `${stamp}-${index}`, name: file.name, status: 'waiting' }))
  const set = (index: number, change: Partial<PictureUpload>) => {
    uploads = uploads.map((entry, at) => (at === index ? { ...entry, ...change } : entry))
    report(uploads)
  }
  report(uploads)
  for (const [index, file] of files.entries()) {
    const problem = pictureProblem(file)
    if (problem) {
      set(index, { status: 'failed', message: problem })
      continue
    }
    set(index, { status: 'uploading' })
    try {
      await upload(file)
      set(index, { status: 'done' })
    } catch (error) {
      set(index, { status: 'failed', message: failureOf(error).message ?? SOMETHING_WENT_WRONG })
    }
  }
  return uploads
}
