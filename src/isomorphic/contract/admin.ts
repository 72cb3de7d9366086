import type { z } from './zod'
import {
  WORK_ORDER_ADMIN_MUTATION_INPUTS,
  WORK_ORDER_ADMIN_QUERY_INPUTS,
  type WorkOrderAdminMutationResponses,
  type WorkOrderAdminQueryResponses,
} from './admin-work-orders'
import { ORDERS_LIST_ADMIN_QUERY_INPUTS, type OrdersListAdminQueryResponses } from './admin-orders-list'
import { ORDER_ADMIN_MUTATION_INPUTS, ORDER_ADMIN_QUERY_INPUTS, type OrderAdminMutationResponses, type OrderAdminQueryResponses } from './admin-orders'
import { ORDER_SCREENS_ADMIN_QUERY_INPUTS, type OrderScreensAdminQueryResponses } from './admin-order-screens'
import { SESSION_ADMIN_MUTATION_INPUTS, SESSION_ADMIN_QUERY_INPUTS, type SessionAdminMutationResponses, type SessionAdminQueryResponses } from './admin-session'
import { WEBHOOK_ADMIN_MUTATION_INPUTS, WEBHOOK_ADMIN_QUERY_INPUTS, type WebhookAdminMutationResponses, type WebhookAdminQueryResponses } from './admin-webhooks'
import { PRODUCTS_ADMIN_MUTATION_INPUTS, PRODUCTS_ADMIN_QUERY_INPUTS, type ProductsAdminMutationResponses, type ProductsAdminQueryResponses } from './admin-products'
import { SELLING_ADMIN_MUTATION_INPUTS, SELLING_ADMIN_QUERY_INPUTS, type SellingAdminMutationResponses, type SellingAdminQueryResponses } from './admin-selling'
import {
  ALLOWANCES_ADMIN_MUTATION_INPUTS,
  ALLOWANCES_ADMIN_QUERY_INPUTS,
  type AllowancesAdminMutationResponses,
  type AllowancesAdminQueryResponses,
} from './admin-allowances'
import { CUSTOMERS_ADMIN_MUTATION_INPUTS, CUSTOMERS_ADMIN_QUERY_INPUTS, type CustomersAdminMutationResponses, type CustomersAdminQueryResponses } from './admin-customers'
import { DELIVERY_ADMIN_MUTATION_INPUTS, DELIVERY_ADMIN_QUERY_INPUTS, type DeliveryAdminMutationResponses, type DeliveryAdminQueryResponses } from './admin-delivery'
import { CHECKOUT_ADMIN_MUTATION_INPUTS, CHECKOUT_ADMIN_QUERY_INPUTS, type CheckoutAdminMutationResponses, type CheckoutAdminQueryResponses } from './admin-checkout'
import { SETTINGS_ADMIN_MUTATION_INPUTS, SETTINGS_ADMIN_QUERY_INPUTS, type SettingsAdminMutationResponses, type SettingsAdminQueryResponses } from './admin-settings'
import { STORE_FILE_ADMIN_QUERY_INPUTS, type StoreFileAdminQueryResponses } from './admin-store-file'
import { DECORATION_ADMIN_MUTATION_INPUTS, DECORATION_ADMIN_QUERY_INPUTS, type DecorationAdminMutationResponses, type DecorationAdminQueryResponses } from './admin-decoration'
import { CATALOG_ADMIN_MUTATION_INPUTS, CATALOG_ADMIN_QUERY_INPUTS, type CatalogAdminMutationResponses, type CatalogAdminQueryResponses } from './admin-catalog'
import { CONTENT_ADMIN_MUTATION_INPUTS, CONTENT_ADMIN_QUERY_INPUTS, type ContentAdminMutationResponses, type ContentAdminQueryResponses } from './admin-content'
import { STAFF_ADMIN_MUTATION_INPUTS, STAFF_ADMIN_QUERY_INPUTS, type StaffAdminMutationResponses, type StaffAdminQueryResponses } from './admin-staff'
import { STORES_ADMIN_MUTATION_INPUTS, STORES_ADMIN_QUERY_INPUTS, type StoresAdminMutationResponses, type StoresAdminQueryResponses } from './admin-stores'

// The console's API (issue 15, decision 021): POST /api/admin/query and /api/admin/mutation with
// {key, value}. Per key, the schema of `value` (the server validates with it) and the answer; each
// console area keeps its keys in its own contract file (admin-<area>.ts) and is gathered here. The
// console's pages call the same registry in-process to render, and the browser calls it over HTTP,
// so there is one way for the console to reach the core.

export const ADMIN_QUERY_INPUTS = {
  ...SESSION_ADMIN_QUERY_INPUTS,
  ...WEBHOOK_ADMIN_QUERY_INPUTS,
  ...WORK_ORDER_ADMIN_QUERY_INPUTS,
  ...ORDERS_LIST_ADMIN_QUERY_INPUTS,
  ...ORDER_ADMIN_QUERY_INPUTS,
  ...STAFF_ADMIN_QUERY_INPUTS,
  ...ORDER_SCREENS_ADMIN_QUERY_INPUTS,
  ...PRODUCTS_ADMIN_QUERY_INPUTS,
  ...SELLING_ADMIN_QUERY_INPUTS,
  ...ALLOWANCES_ADMIN_QUERY_INPUTS,
  ...CUSTOMERS_ADMIN_QUERY_INPUTS,
  ...SETTINGS_ADMIN_QUERY_INPUTS,
  ...DELIVERY_ADMIN_QUERY_INPUTS,
  ...CHECKOUT_ADMIN_QUERY_INPUTS,
  ...STORE_FILE_ADMIN_QUERY_INPUTS,
  ...CATALOG_ADMIN_QUERY_INPUTS,
  ...CONTENT_ADMIN_QUERY_INPUTS,
  ...DECORATION_ADMIN_QUERY_INPUTS,
  ...STORES_ADMIN_QUERY_INPUTS,
} satisfies Record<string, z.ZodType>

export const ADMIN_MUTATION_INPUTS = {
  ...SESSION_ADMIN_MUTATION_INPUTS,
  ...WEBHOOK_ADMIN_MUTATION_INPUTS,
  ...WORK_ORDER_ADMIN_MUTATION_INPUTS,
  ...ORDER_ADMIN_MUTATION_INPUTS,
  ...STAFF_ADMIN_MUTATION_INPUTS,
  ...PRODUCTS_ADMIN_MUTATION_INPUTS,
  ...SELLING_ADMIN_MUTATION_INPUTS,
  ...ALLOWANCES_ADMIN_MUTATION_INPUTS,
  ...CUSTOMERS_ADMIN_MUTATION_INPUTS,
  ...SETTINGS_ADMIN_MUTATION_INPUTS,
  ...DELIVERY_ADMIN_MUTATION_INPUTS,
  ...CHECKOUT_ADMIN_MUTATION_INPUTS,
  ...CATALOG_ADMIN_MUTATION_INPUTS,
  ...CONTENT_ADMIN_MUTATION_INPUTS,
  ...DECORATION_ADMIN_MUTATION_INPUTS,
  ...STORES_ADMIN_MUTATION_INPUTS,
} satisfies Record<string, z.ZodType>

export type AdminQueryKey = keyof typeof ADMIN_QUERY_INPUTS
export type AdminMutationKey = keyof typeof ADMIN_MUTATION_INPUTS

export type AdminQueryValues = { [K in AdminQueryKey]: z.input<(typeof ADMIN_QUERY_INPUTS)[K]> }
export type ParsedAdminQueryValues = { [K in AdminQueryKey]: z.output<(typeof ADMIN_QUERY_INPUTS)[K]> }
export type AdminMutationValues = { [K in AdminMutationKey]: z.input<(typeof ADMIN_MUTATION_INPUTS)[K]> }
export type ParsedAdminMutationValues = { [K in AdminMutationKey]: z.output<(typeof ADMIN_MUTATION_INPUTS)[K]> }

export type AdminQueryResponses = SessionAdminQueryResponses & WebhookAdminQueryResponses & WorkOrderAdminQueryResponses & OrdersListAdminQueryResponses & OrderAdminQueryResponses & StaffAdminQueryResponses & OrderScreensAdminQueryResponses & ProductsAdminQueryResponses & SellingAdminQueryResponses & AllowancesAdminQueryResponses & CustomersAdminQueryResponses & SettingsAdminQueryResponses & DeliveryAdminQueryResponses & CheckoutAdminQueryResponses & StoreFileAdminQueryResponses & CatalogAdminQueryResponses & ContentAdminQueryResponses & DecorationAdminQueryResponses & StoresAdminQueryResponses
export type AdminMutationResponses = SessionAdminMutationResponses & WebhookAdminMutationResponses & WorkOrderAdminMutationResponses & OrderAdminMutationResponses & StaffAdminMutationResponses & ProductsAdminMutationResponses & SellingAdminMutationResponses & AllowancesAdminMutationResponses & CustomersAdminMutationResponses & SettingsAdminMutationResponses & DeliveryAdminMutationResponses & CheckoutAdminMutationResponses & CatalogAdminMutationResponses & ContentAdminMutationResponses & DecorationAdminMutationResponses & StoresAdminMutationResponses

export const isAdminQueryKey = (key: string): key is AdminQueryKey => Object.hasOwn(ADMIN_QUERY_INPUTS, key)
export const isAdminMutationKey = (key: string): key is AdminMutationKey => Object.hasOwn(ADMIN_MUTATION_INPUTS, key)
