// The console's store file upload (dry run or import): src/web/endpoints/admin-store-file.ts.
export { storeFileImport as POST } from '@/web/endpoints/admin-store-file'

export const dynamic = 'force-dynamic'
