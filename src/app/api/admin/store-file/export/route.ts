// The console's store file download: src/web/endpoints/admin-store-file.ts.
export { storeFileExport as GET } from '@/web/endpoints/admin-store-file'

export const dynamic = 'force-dynamic'
