import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import type { PartnerAddress } from './address-store'
import { persistIn } from './persistence'

/** The signed-in customer (spec 3, Partner). */
export type Partner = {
  id: number
  /** The partner's public id: `partnerUid` in address calls. */
  uid: string
  name: string
  email: string
  phone?: string | null
  /** A company-store allowance in dollars, when the store gives one. */
  budgetAmount?: number | null
  budgetRenewsAt?: string | null
  /** May approve the store's orders that wait for approval (the account menu shows Approvals). */
  canApproveOrders?: boolean
  /** Their customer group: the checkout asks the group's order fields (issue 27). */
  groupId?: number | null
  /** A valid resale certificate on file (the checkout offers 'for resale' only then). */
  resaleCertificate?: { last4: string; expiresAt: string | null } | null
  billingAddress: PartnerAddress[]
  shippingAddress: PartnerAddress[]
}

/** An order as the account pages list it; spec 3 leaves the rest of its shape open. */
export type CustomerOrder = {
  id: number
  name: string
  state?: string
  dateOrder?: string
  amountTotal?: number
  accessToken?: string
  orderUrl?: string
  downloadSaleorderUrl?: string
}

export type UserData = {
  user: Partner | null
  isAuthenticated: boolean
  /**
   * When the access token stops being accepted (its `exp`, seconds since the epoch). The token
   * itself stays in an HttpOnly cookie; the browser keeps only this, for the expiry watcher.
   */
  tokenExpiresAt: number | null
  orders: CustomerOrder[]
  order: CustomerOrder | null
  isLoading: boolean
}

export type UserState = UserData & {
  reset: () => void
}

export const initialUserState: UserData = {
  user: null,
  isAuthenticated: false,
  tokenExpiresAt: null,
  orders: [],
  order: null,
  isLoading: false,
}

// Spec 3 and 9: session storage, store key 'user'. isLoading is transient: a reload mid-request must
// not leave the account screens stuck on 'Loading...'.
export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      ...initialUserState,
      reset: () => set(initialUserState),
    }),
    persistIn<UserState, Omit<UserData, 'isLoading'>>('session', 'user', (state) => ({
      user: state.user,
      isAuthenticated: state.isAuthenticated,
      tokenExpiresAt: state.tokenExpiresAt,
      orders: state.orders,
      order: state.order,
    })),
  ),
)
