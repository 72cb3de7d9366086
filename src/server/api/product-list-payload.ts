import { sortProducts } from '@/isomorphic/catalog-search'
import { PRODUCT_LIST_SORTS, type ProductListSort } from '@/isomorphic/contract/queries'
import { listProductsCached } from '../catalog/catalog-service'
import { namedCache } from '../cache/named-cache'
import { encodeJson, type EncodedPayload } from './encoded-payload'

// getProductList's answers (issue 13, item 4). The browser asks for one thing only: the whole list
// in website order (src/components/shop/product-index.ts, GET without a value), and API clients
// mostly the same (spec 7: pageSize 999). Caching an answer per {page, pageSize, sort} let a client
// fill memory with slices of one list (3,748 values took the process from 759 MB to 1.3 GB), so:
// - the list is serialized once per generation, product by product, with its order for each sort;
// - the whole list in one sort (page 1 with a pageSize reaching the end, whatever its number) is one
//   prepared payload per sort, kept with its compressed forms and its ETag: at most four;
// - a page past the end is one shared empty answer;
// - any other page is joined from the serialized products and compressed for that one request
//   (ETag and 304 as always), never stored: its cost is a join and a fast compression, and a
//   client cannot grow memory with it, nor push the whole list out of the cache.

const LIST_SORT: Record<ProductListSort, Parameters<typeof sortProducts>[1]> = {
  'websiteSequence ASC': 'websiteSequence',
  'price ASC': 'price-asc',
  'price DESC': 'price-desc',
  'name ASC': 'name-asc',
}

type SerializedList = {
  /** Each product's JSON, in website order. */
  products: readonly string[]
  /** For each sort, the positions in `products` in that order. */
  orders: Readonly<Record<ProductListSort, readonly number[]>>
  heldBytes: number
}

function serializedList(websiteId: number): Promise<SerializedList> {
  return namedCache().getOrLoad('ProductList', `${websiteId}:serialized`, async () => {
    const all = await listProductsCached({ websiteId })
    const position = new Map(all.map((product, index) => [product, index]))
    const orders = Object.fromEntries(
      PRODUCT_LIST_SORTS.map((sort) => [sort, sortProducts(all, LIST_SORT[sort]).map((product) => position.get(product)!)]),
    ) as Record<ProductListSort, number[]>
    const products = all.map((product) => JSON.stringify(product))
    const heldBytes = products.reduce((sum, json) => sum + json.length, 0) + all.length * PRODUCT_LIST_SORTS.length * 8
    return { products, orders, heldBytes }
  })
}

/** The answer's JSON, byte for byte what JSON.stringify makes of { products: { products, total } }. */
function answerJson(list: SerializedList, sort: ProductListSort, start: number, end: number): string {
  const order = list.orders[sort]
  const parts = new Array<string>(end - start)
  for (let index = start; index < end; index++) parts[index - start] = list.products[order[index]!]!
  return `{"products":{"products":[${parts.join(',')}],"total":${list.products.length}}}`
}

export async function productListPayload({
  websiteId,
  page,
  pageSize,
  sort,
}: {
  websiteId: number
  page: number
  pageSize: number
  sort: ProductListSort
}): Promise<EncodedPayload> {
  const list = await serializedList(websiteId)
  const total = list.products.length
  const start = Math.min((page - 1) * pageSize, total)
  const end = Math.min(start + pageSize, total)
  // The two shared answers are named by what they are, and built inside their loaders from the list
  // as it is then: one that an invalidation overtakes is not kept (named-cache.ts).
  if (start === 0 && end === total) {
    return namedCache().getOrLoad('ProductList', `${websiteId}:answer:${sort}`, async () => {
      const current = await serializedList(websiteId)
      return encodeJson(answerJson(current, sort, 0, current.products.length))
    })
  }
  if (start === end) {
    return namedCache().getOrLoad('ProductList', `${websiteId}:answer:past-the-end`, async () => {
      const current = await serializedList(websiteId)
      return encodeJson(answerJson(current, sort, current.products.length, current.products.length))
    })
  }
  return encodeJson(answerJson(list, sort, start, end), 'one-shot')
}
