import { create } from 'zustand'
import type { ProductAttributeValue, ProductDetails, ProductImage, ProductListItem } from '@/isomorphic/catalog-types'

export type ProductFilters = {
  sizes: string[]
  colors: string[]
  categories: string[]
  logos: string[]
  brands: string[]
  /** Spec 5: a price range overlaps min..max; the defaults are 0 and unbounded. */
  price: { min: number; max: number | null }
}

/** What the shop's filter panel offers, derived from the product list. */
export type ProductMetaData = {
  sizes: string[]
  colors: { name: string; htmlColor: string | null }[]
  categories: string[]
  logos: string[]
  brands: string[]
  priceRange: { min: number; max: number }
}

export type ProductData = {
  isLoading: boolean
  isMetaDataLoading: boolean
  products: ProductListItem[]
  total: number
  productDetails: ProductDetails | null
  activeColorsList: ProductAttributeValue[]
  metaData: ProductMetaData | null
  gallery: ProductImage[]
  selectedFilters: ProductFilters
  searchText: string
  filteredProducts: ProductListItem[]
  totalProducts: number
}

export type ProductState = ProductData & {
  reset: () => void
}

export const noProductFilters: ProductFilters = {
  sizes: [],
  colors: [],
  categories: [],
  logos: [],
  brands: [],
  price: { min: 0, max: null },
}

export const initialProductState: ProductData = {
  isLoading: false,
  isMetaDataLoading: false,
  products: [],
  total: 0,
  productDetails: null,
  activeColorsList: [],
  metaData: null,
  gallery: [],
  selectedFilters: noProductFilters,
  searchText: '',
  filteredProducts: [],
  totalProducts: 0,
}

// Spec 3 gives product state no storage: the catalog is always fetched fresh.
export const useProductStore = create<ProductState>()((set) => ({
  ...initialProductState,
  reset: () => set(initialProductState),
}))
