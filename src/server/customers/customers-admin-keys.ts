import { CUSTOMER_ADMIN_MUTATIONS, CUSTOMER_ADMIN_QUERIES } from './customer-admin'
import { CUSTOMER_GROUP_ADMIN_MUTATIONS, CUSTOMER_GROUP_ADMIN_QUERIES } from './customer-groups-admin'
import { ROSTER_ADMIN_MUTATIONS } from './roster-import'

// The customers area's console keys (issue 16, contract/admin-customers.ts), gathered for the admin registry.

export const CUSTOMERS_ADMIN_QUERIES = { ...CUSTOMER_ADMIN_QUERIES, ...CUSTOMER_GROUP_ADMIN_QUERIES }
export const CUSTOMERS_ADMIN_MUTATIONS = { ...CUSTOMER_ADMIN_MUTATIONS, ...CUSTOMER_GROUP_ADMIN_MUTATIONS, ...ROSTER_ADMIN_MUTATIONS }
