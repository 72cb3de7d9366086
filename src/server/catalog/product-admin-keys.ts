import type { CacheName } from '@/isomorphic/contract/queries'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import { archiveProduct, bulkProducts, createProduct, duplicateProduct, reorderProduct, setProductPublished, updateProduct } from './product-admin'
import { getAdminProduct, listAdminProducts, productOptions } from './product-list-admin'

// The console's product keys (issue 16, contract: src/isomorphic/contract/admin-products.ts).

/**
 * What a product write changes for the shop: the list, the product pages, the featured products and
 * the home page that shows them. Not Promotions: that cache holds the programs, not the products
 * (the promotion engine reads a reward product's publication itself, uncached).
 */
export const PRODUCT_CACHES: readonly CacheName[] = ['ProductList', 'Products', 'FeaturedProducts', 'HomePage']

export const PRODUCTS_ADMIN_QUERIES = {
  'products.list': defineAdminQuery('products.list', (view, ctx) => listAdminProducts(ctx, view)),
  'products.get': defineAdminQuery('products.get', (value, ctx) => getAdminProduct(ctx, value)),
  'products.options': defineAdminQuery('products.options', (value, ctx) => productOptions(ctx, value)),
}

export const PRODUCTS_ADMIN_MUTATIONS = {
  'products.create': defineAdminMutation('products.create', { invalidates: PRODUCT_CACHES, handler: (value, ctx) => createProduct(ctx, value) }),
  'products.update': defineAdminMutation('products.update', { invalidates: PRODUCT_CACHES, handler: (value, ctx) => updateProduct(ctx, value) }),
  'products.duplicate': defineAdminMutation('products.duplicate', { invalidates: PRODUCT_CACHES, handler: (value, ctx) => duplicateProduct(ctx, value) }),
  'products.archive': defineAdminMutation('products.archive', { invalidates: PRODUCT_CACHES, handler: (value, ctx) => archiveProduct(ctx, value) }),
  'products.setPublished': defineAdminMutation('products.setPublished', { invalidates: PRODUCT_CACHES, handler: (value, ctx) => setProductPublished(ctx, value) }),
  'products.bulk': defineAdminMutation('products.bulk', { invalidates: PRODUCT_CACHES, handler: (value, ctx) => bulkProducts(ctx, value) }),
  'products.reorder': defineAdminMutation('products.reorder', { invalidates: PRODUCT_CACHES, handler: (value, ctx) => reorderProduct(ctx, value) }),
}
