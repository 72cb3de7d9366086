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
import { DECORATION_ADMIN_MUTATION_INPUTS, DECORATION_ADMIN_QUERY_INPUTS, type DecorationAdminMutationResponses, type DecorationAdminQueryResponses } from './admin-decoration'
import { CATALOG_ADMIN_MUTATION_INPUTS, CATALOG_ADMIN_QUERY_INPUTS, type CatalogAdminMutationResponses, type CatalogAdminQueryResponses } from './admin-catalog'
import { STAFF_ADMIN_MUTATION_INPUTS, STAFF_ADMIN_QUERY_INPUTS, type StaffAdminMutationResponses, type StaffAdminQueryResponses } from './admin-staff'

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
  ...CATALOG_ADMIN_QUERY_INPUTS,
  ...DECORATION_ADMIN_QUERY_INPUTS,
} satisfies Record<string, z.ZodType>

export const ADMIN_MUTATION_INPUTS = {
  ...SESSION_ADMIN_MUTATION_INPUTS,
  ...WEBHOOK_ADMIN_MUTATION_INPUTS,
  ...WORK_ORDER_ADMIN_MUTATION_INPUTS,
  ...ORDER_ADMIN_MUTATION_INPUTS,
  ...STAFF_ADMIN_MUTATION_INPUTS,
  ...CATALOG_ADMIN_MUTATION_INPUTS,
  ...DECORATION_ADMIN_MUTATION_INPUTS,
} satisfies Record<string, z.ZodType>

export type AdminQueryKey = keyof typeof ADMIN_QUERY_INPUTS
export type AdminMutationKey = keyof typeof ADMIN_MUTATION_INPUTS

export type AdminQueryValues = { [K in AdminQueryKey]: z.input<(typeof ADMIN_QUERY_INPUTS)[K]> }
export type ParsedAdminQueryValues = { [K in AdminQueryKey]: z.output<(typeof ADMIN_QUERY_INPUTS)[K]> }
export type AdminMutationValues = { [K in AdminMutationKey]: z.input<(typeof ADMIN_MUTATION_INPUTS)[K]> }
export type ParsedAdminMutationValues = { [K in AdminMutationKey]: z.output<(typeof ADMIN_MUTATION_INPUTS)[K]> }

export type AdminQueryResponses = SessionAdminQueryResponses & WebhookAdminQueryResponses & WorkOrderAdminQueryResponses & OrdersListAdminQueryResponses & OrderAdminQueryResponses & StaffAdminQueryResponses & OrderScreensAdminQueryResponses & CatalogAdminQueryResponses & DecorationAdminQueryResponses
export type AdminMutationResponses = SessionAdminMutationResponses & WebhookAdminMutationResponses & WorkOrderAdminMutationResponses & OrderAdminMutationResponses & StaffAdminMutationResponses & CatalogAdminMutationResponses & DecorationAdminMutationResponses

export const isAdminQueryKey = (key: string): key is AdminQueryKey => Object.hasOwn(ADMIN_QUERY_INPUTS, key)
export const isAdminMutationKey = (key: string): key is AdminMutationKey => Object.hasOwn(ADMIN_MUTATION_INPUTS, key)
