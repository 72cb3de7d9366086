import { CATALOG_TAXONOMY_ADMIN_MUTATIONS, CATALOG_TAXONOMY_ADMIN_QUERIES } from './catalog-taxonomy-admin'
import { PRODUCT_IMAGE_ADMIN_MUTATIONS, PRODUCT_IMAGE_ADMIN_QUERIES } from './product-images-admin'

// The console's keys of src/isomorphic/contract/admin-catalog.ts (issue 16): product images and the
// catalog's vocabulary. Uploads are not a key: POST /api/admin/product-images (multipart).

export const CATALOG_ADMIN_QUERIES = { ...PRODUCT_IMAGE_ADMIN_QUERIES, ...CATALOG_TAXONOMY_ADMIN_QUERIES }
export const CATALOG_ADMIN_MUTATIONS = { ...PRODUCT_IMAGE_ADMIN_MUTATIONS, ...CATALOG_TAXONOMY_ADMIN_MUTATIONS }
