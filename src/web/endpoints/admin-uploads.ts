// The console's uploads (issue 16): POST /api/admin/product-images, a multipart form with websiteId,
// productId, an optional colorValueId and one or more `file` fields; POST /api/admin/logo-artwork,
// a multipart form with websiteId, logoId, version and one `file` (a PNG or SVG); POST
// /api/admin/site-image, a multipart form with websiteId, version, kind (logo, favicon or social)
// and one `file` (a PNG, JPEG or WebP) for the store's settings. Like the admin API it refuses a
// browser's cross-site request (same-origin check), acts with the admin cookie's member only
// (adminContext, an owner's second factor), answers `no-store`, and reads the body within a bound
// before parsing it. The core (catalog/product-images-admin.ts) authorizes, checks every file and
// stores them; a refusal is a 4xx with a sentence, as everywhere in the API.
import { MAX_PRODUCT_IMAGE_BYTES, MAX_PRODUCT_IMAGE_SIZE_LABEL } from '@/isomorphic/contract/admin-catalog'
import { MAX_LOGO_ARTWORK_BYTES, MAX_LOGO_ARTWORK_SIZE_LABEL } from '@/isomorphic/contract/admin-decoration'
import { MAX_SITE_IMAGE_BYTES, MAX_SITE_IMAGE_SIZE_LABEL, SITE_IMAGE_KINDS, type SiteImageKind } from '@/isomorphic/contract/admin-settings'
import { uploadSiteImage } from '@/server/site-images/site-image-upload'
import { uploadProductImages, type UploadedFile } from '@/server/catalog/product-images-admin'
import { uploadLogoArtwork } from '@/server/decoration/decoration-admin'
import { assertSecondFactorReady } from '@/server/staff/enrolment-gate'
import { requireStaff } from '@/server/kernel/permissions'
import { adminContext } from '../admin-context'
import { dataResponse, defineRoute } from '../define-route'
import { HttpError, readBodyBytes } from '../http'

/** One file at its largest, and room for the form's other fields and a few small files more. */
export const MAX_UPLOAD_BODY_BYTES = MAX_PRODUCT_IMAGE_BYTES + 512 * 1024

const ID = /^[1-9]\d{0,9}$/

function formId(form: FormData, field: string, what: string, optional: true): number | null
function formId(form: FormData, field: string, what: string, optional?: false): number
function formId(form: FormData, field: string, what: string, optional = false): number | null {
  const raw = form.get(field)
  if ((raw === null || raw === '') && optional) return null
  if (typeof raw !== 'string' || !ID.test(raw) || Number(raw) > 2_147_483_647) throw new HttpError(400, 'invalid', `Invalid request: ${field} must be a ${what} id (a number).`)
  return Number(raw)
}

/** The request's multipart form, read within `maxBytes`; a 415 for another kind of body, a 400 for an unreadable one. */
async function readUploadForm(request: Request, maxBytes: number, notAForm: string, tooLarge: string): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(contentType)) throw new HttpError(415, 'unsupported_media_type', notAForm)
  const body = await readBodyBytes(request, maxBytes, tooLarge)
  try {
    return await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw new HttpError(400, 'invalid', 'The upload could not be read as a form. Reload the page and try again.')
  }
}

export const productImagesUpload = defineRoute({
  sameOrigin: true,
  context: adminContext,
  // Who may upload at all, before a byte of the body is read; the store is checked in the core.
  auth: (ctx) => requireStaff(ctx, 'store.manage'),
  async handler({ request, ctx }) {
    await assertSecondFactorReady(ctx, 'productImages.upload')
    const form = await readUploadForm(request, MAX_UPLOAD_BODY_BYTES, 'Send the images as a form upload (multipart/form-data) with one or more "file" fields.', `The upload is larger than ${MAX_PRODUCT_IMAGE_SIZE_LABEL}: send images of at most ${MAX_PRODUCT_IMAGE_SIZE_LABEL} each, one at a time.`)
    const websiteId = formId(form, 'websiteId', 'store')
    const productId = formId(form, 'productId', 'product')
    const colorValueId = formId(form, 'colorValueId', 'colour', true)
    const files: UploadedFile[] = []
    for (const entry of form.getAll('file')) {
      if (typeof entry === 'string') throw new HttpError(400, 'invalid', 'Invalid request: each "file" field must be a file.')
      files.push({ name: entry.name, data: Buffer.from(await entry.arrayBuffer()) })
    }
    return dataResponse(await uploadProductImages(ctx, { websiteId, productId, colorValueId, files }), { status: 201 })
  },
})

export const logoArtworkUpload = defineRoute({
  sameOrigin: true,
  context: adminContext,
  auth: (ctx) => requireStaff(ctx, 'store.manage'),
  async handler({ request, ctx }) {
    await assertSecondFactorReady(ctx, 'logos.save')
    const form = await readUploadForm(
      request,
      MAX_LOGO_ARTWORK_BYTES + 64 * 1024,
      'Send the artwork as a form upload (multipart/form-data) with one "file" field.',
      `The artwork is larger than ${MAX_LOGO_ARTWORK_SIZE_LABEL}: make it smaller and upload it again.`,
    )
    const websiteId = formId(form, 'websiteId', 'store')
    const logoId = formId(form, 'logoId', 'logo')
    const version = formId(form, 'version', 'version')
    const entries = form.getAll('file')
    if (entries.length !== 1) throw new HttpError(400, 'invalid', 'Invalid request: send exactly one "file" field with the artwork.')
    const entry = entries[0]!
    if (typeof entry === 'string') throw new HttpError(400, 'invalid', 'Invalid request: the "file" field must be a file.')
    return dataResponse(await uploadLogoArtwork(ctx, { websiteId, logoId, version, file: { name: entry.name, data: Buffer.from(await entry.arrayBuffer()) } }), { status: 201 })
  },
})

export const siteImageUpload = defineRoute({
  sameOrigin: true,
  context: adminContext,
  // Who may change a store's settings at all, before a byte of the body is read; the store is checked in the core.
  auth: (ctx) => requireStaff(ctx, 'store.manage'),
  async handler({ request, ctx }) {
    await assertSecondFactorReady(ctx, 'settings.save')
    const form = await readUploadForm(
      request,
      MAX_SITE_IMAGE_BYTES + 64 * 1024,
      'Send the picture as a form upload (multipart/form-data) with one "file" field.',
      `The picture is larger than ${MAX_SITE_IMAGE_SIZE_LABEL}: make it smaller and upload it again.`,
    )
    const websiteId = formId(form, 'websiteId', 'store')
    const version = formId(form, 'version', 'version')
    const kind = form.get('kind')
    if (typeof kind !== 'string' || !(SITE_IMAGE_KINDS as readonly string[]).includes(kind)) throw new HttpError(400, 'invalid', 'Invalid request: kind must be logo, favicon or social.')
    const entries = form.getAll('file')
    if (entries.length !== 1) throw new HttpError(400, 'invalid', 'Invalid request: send exactly one "file" field with the picture.')
    const entry = entries[0]!
    if (typeof entry === 'string') throw new HttpError(400, 'invalid', 'Invalid request: the "file" field must be a file.')
    const file = { name: entry.name, data: Buffer.from(await entry.arrayBuffer()) }
    return dataResponse(await uploadSiteImage(ctx, { websiteId, version, kind: kind as SiteImageKind, file }), { status: 201 })
  },
})
