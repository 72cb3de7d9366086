// POST /api/admin/logo-artwork: a logo's artwork uploaded in the console (multipart), see
// src/web/endpoints/admin-uploads.ts.
export { logoArtworkUpload as POST } from '@/web/endpoints/admin-uploads'

export const dynamic = 'force-dynamic'
