import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { StoreFileImportReport } from '@/isomorphic/contract/admin-store-file'
import { startStaffSession } from '@/server/staff/staff-sessions'
import { importStoreFile } from '@/server/store-import/store-import-service'
import { buildStoreFile, writeStoreFile } from '../../../../tests/factories/store-file'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { staffContext } from '../../../../tests/support/staff'
import { GET as exportRoute } from './store-file/export/route'
import { POST as importRoute } from './store-file/import/route'

// The store file's routes (issue 16): a download that is an attachment no cache keeps, an upload
// whose body is the file, each opened by the admin cookie only, with the core's answers as they are.

const BASE = 'http://store.test'

describe.each(testDatabaseKinds())('the store file routes on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let managerCookie: Record<string, string>

  beforeAll(async () => {
    vi.stubEnv('IMAGES_DIR', await mkdtemp(path.join(os.tmpdir(), 'store-file-route-images-')))
    const { filePath } = await writeStoreFile(buildStoreFile())
    websiteId = (await importStoreFile({ filePath })).websiteId
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    const { token } = await startStaffSession(db(), { staffId: manager.staff.staffId, secondFactorDone: true, ip: '203.0.113.9', userAgent: 'vitest' })
    managerCookie = { cookie: `admin_session=${token}` }
  })
  afterAll(() => {
    vi.unstubAllEnvs()
  })

  const upload = (body: BodyInit, query: string, headers: Record<string, string> = {}) =>
    importRoute(new Request(`${BASE}/api/admin/store-file/import?websiteId=${websiteId}&${query}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } }))

  test('the export downloads as a zip attachment that no cache keeps; without the console cookie it is a 401', async () => {
    const response = await exportRoute(new Request(`${BASE}/api/admin/store-file/export?websiteId=${websiteId}`, { headers: managerCookie }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="test-store-store-\d{4}-\d{2}-\d{2}\.zip"$/)
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()))
    expect(JSON.parse(new TextDecoder().decode(entries['store.json']!))).toMatchObject({ format: 'webstore-store/1', website: { code: 'test-store' } })

    const anonymous = await exportRoute(new Request(`${BASE}/api/admin/store-file/export?websiteId=${websiteId}`))
    expect(anonymous.status).toBe(401)
    const noStore = await exportRoute(new Request(`${BASE}/api/admin/store-file/export`, { headers: managerCookie }))
    expect(noStore.status).toBe(400)
  })

  test('the upload takes the file as its body: a dry run answers the report; a bad file its problems; too big a 413 that says what to do', async () => {
    const exported = await exportRoute(new Request(`${BASE}/api/admin/store-file/export?websiteId=${websiteId}`, { headers: managerCookie }))
    const zip = new Uint8Array(await exported.arrayBuffer())
    const dryRun = await upload(zip, 'dryRun=1&name=test-store.zip', { ...managerCookie, 'content-type': 'application/zip' })
    expect(dryRun.status).toBe(200)
    const report = ((await dryRun.json()) as { data: StoreFileImportReport }).data
    expect(report).toMatchObject({ dryRun: true, fileName: 'test-store.zip', websiteId })
    expect(report.entities.every((row) => row.created + row.updated + row.removed === 0)).toBe(true)

    const bad = await upload('{"format": "webstore-store/1", "website": {"code": "test-store"}}', 'dryRun=1&name=mine.json', managerCookie)
    expect(bad.status).toBe(400)
    const refusal = (await bad.json()) as { error: { message: string }; data: { fileLabel: string; issues: { path: string; line: number }[] } }
    expect(refusal.error.message).toMatch(/^The store file has \d+ problems; nothing was changed\.$/)
    expect(refusal.data.fileLabel).toBe('mine.json')
    expect(refusal.data.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'website.name', line: 1 })]))

    const tooBig = await upload('{}', 'dryRun=1', { ...managerCookie, 'content-length': String(200_000_000) })
    expect(tooBig.status).toBe(413)
    expect(((await tooBig.json()) as { error: { message: string } }).error.message).toMatch(/larger than 100 MB\. Import a store this big with npm run store:import/)

    const deep = await upload(`{"format": "webstore-store/1", "website": {"code": "test-store", "name": ${'['.repeat(200_000)}${']'.repeat(200_000)}}}`, 'dryRun=1&name=deep.json', managerCookie)
    expect(deep.status).toBe(400)
    const deepRefusal = (await deep.json()) as { error: { message: string }; data: { issues: { message: string }[] } }
    expect(deepRefusal.error.message).toBe('The store file has a problem; nothing was changed.')
    expect(deepRefusal.data.issues).toEqual([expect.objectContaining({ message: expect.stringMatching(/^lists and objects are nested more than \d+ levels deep/) })])

    expect((await upload('{}', 'dryRun=1')).status).toBe(401)
    expect((await upload('{}', 'dryRun=1', { ...managerCookie, origin: 'https://evil.example' })).status).toBe(403)
  })
})
