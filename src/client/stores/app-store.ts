import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import type { Website } from '@/isomorphic/catalog-types'
import type {
  DeliveryMethod,
  OrderExtraField,
  PaymentAcquirer,
  PromotionProgram,
  PublicTaxCredential,
} from '@/isomorphic/contract/queries'
import { persistIn } from './persistence'

export type AppData = {
  website: Website | null
  sizes: string[]
  /** Programs rewarding a product on the current order (spec 9's product-promotion list). */
  promotionProduct: PromotionProgram[]
  promotions: PromotionProgram[]
  deliveryMethods: DeliveryMethod[]
  paymentMethods: PaymentAcquirer[]
  taxcredential: PublicTaxCredential | null
  orderExtraFields: OrderExtraField[]
  isValidSession: boolean
  activeAccordian: string
  nextAccordian: string
  isLoading: boolean
  showExpiryPopup: boolean
}

export type AppState = AppData & {
  setWebsite: (website: Website | null) => void
  setSizes: (sizes: string[]) => void
}

type PersistedAppData = Omit<AppData, 'isLoading' | 'showExpiryPopup'>

export const initialAppState: AppData = {
  website: null,
  sizes: [],
  promotionProduct: [],
  promotions: [],
  deliveryMethods: [],
  paymentMethods: [],
  taxcredential: null,
  orderExtraFields: [],
  isValidSession: true,
  activeAccordian: 'contact',
  nextAccordian: 'contact',
  isLoading: false,
  showExpiryPopup: false,
}

// Spec 9: store key 'app', kept in session storage. The loading flag and the expiry popup are
// transient: the session-expiry watcher decides afresh after a reload whether the popup shows.
export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      ...initialAppState,
      setWebsite: (website) => set({ website }),
      setSizes: (sizes) => set({ sizes: [...sizes] }),
    }),
    persistIn<AppState, PersistedAppData>('session', 'app', (state) => ({
      website: state.website,
      sizes: state.sizes,
      promotionProduct: state.promotionProduct,
      promotions: state.promotions,
      deliveryMethods: state.deliveryMethods,
      paymentMethods: state.paymentMethods,
      taxcredential: state.taxcredential,
      orderExtraFields: state.orderExtraFields,
      isValidSession: state.isValidSession,
      activeAccordian: state.activeAccordian,
      nextAccordian: state.nextAccordian,
    })),
  ),
)
