// The console's store file (issue 16): GET /api/admin/store-file/export?websiteId= downloads the
// store as a .zip (streamed, no-store); POST /api/admin/store-file/import?websiteId=&dryRun=1&name=
// takes the file as the raw request body (.zip or store.json) and answers the import's report.
// Thin: the core (src/server/store-import/store-file-console.ts) checks who may, and does it.
import { STORE_FILE_MAX_UPLOAD_BYTES } from '@/isomorphic/contract/admin-store-file'
import { DomainError } from '@/server/kernel/errors'
import { requireStaff } from '@/server/kernel/permissions'
import { exportStoreFileZip, importStoreFileUpload } from '@/server/store-import/store-file-console'
import { assertSecondFactorReady } from '@/server/staff/enrolment-gate'
import { adminContext } from '../admin-context'
import { dataResponse, defineRoute } from '../define-route'
import { errorResponse, readBodyBytes } from '../http'

const PRIVATE = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' }

function privateError(error: unknown): Response {
  const response = errorResponse(error)
  for (const [name, value] of Object.entries(PRIVATE)) response.headers.set(name, value)
  return response
}

function websiteIdOf(request: Request): number {
  const raw = new URL(request.url).searchParams.get('websiteId') ?? ''
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw new DomainError('invalid', 'websiteId missing or malformed', 'Say which store: ?websiteId= a store id.')
  return Number(raw)
}

export const storeFileExport = defineRoute({
  sameOrigin: false,
  context: adminContext,
  errors: privateError,
  // Who may export at all (401/403) before the query is read; the store is checked in the core.
  auth: (ctx) => requireStaff(ctx, 'store.manage'),
  async handler({ request, ctx }) {
    await assertSecondFactorReady(ctx, 'storeFileExport')
    const { fileName, chunks } = await exportStoreFileZip(ctx, websiteIdOf(request))
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(next.value)
      },
      async cancel() {
        await chunks.return(undefined)
      },
    })
    return new Response(body, { headers: { ...PRIVATE, 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${fileName}"` } })
  },
})

export const storeFileImport = defineRoute({
  sameOrigin: true,
  context: adminContext,
  errors: privateError,
  // Who may import at all, before a byte of the (up to 100 MB) body is read; the store is checked in the core.
  auth: (ctx) => requireStaff(ctx, 'store.manage'),
  async handler({ request, ctx }) {
    await assertSecondFactorReady(ctx, 'storeFileImport')
    const params = new URL(request.url).searchParams
    const websiteId = websiteIdOf(request)
    const bytes = await readBodyBytes(
      request,
      STORE_FILE_MAX_UPLOAD_BYTES,
      `The file is larger than ${STORE_FILE_MAX_UPLOAD_BYTES / 1_000_000} MB. Import a store this big with npm run store:import on the server.`,
    )
    if (bytes.length === 0) throw new DomainError('invalid', 'empty upload', 'Choose a store file (.zip or .json) to upload.')
    const report = await importStoreFileUpload(ctx, { websiteId, fileName: params.get('name') ?? 'store.json', bytes, dryRun: params.get('dryRun') === '1' })
    const response = dataResponse(report)
    for (const [name, value] of Object.entries(PRIVATE)) response.headers.set(name, value)
    return response
  },
})
