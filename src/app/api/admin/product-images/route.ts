// POST /api/admin/product-images: a product's images uploaded in the console (multipart), see
// src/web/endpoints/admin-uploads.ts.
export { productImagesUpload as POST } from '@/web/endpoints/admin-uploads'

export const dynamic = 'force-dynamic'
