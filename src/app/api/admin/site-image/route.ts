// POST /api/admin/site-image: the store's logo, favicon or social image uploaded in the console
// (multipart), see src/web/endpoints/admin-uploads.ts.
export { siteImageUpload as POST } from '@/web/endpoints/admin-uploads'

export const dynamic = 'force-dynamic'
