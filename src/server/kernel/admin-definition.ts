import type { z } from 'zod'
import {
  ADMIN_MUTATION_INPUTS,
  ADMIN_QUERY_INPUTS,
  type AdminMutationKey,
  type AdminMutationResponses,
  type AdminQueryKey,
  type AdminQueryResponses,
  type ParsedAdminMutationValues,
  type ParsedAdminQueryValues,
} from '@/isomorphic/contract/admin'
import type { CacheName } from '@/isomorphic/contract/queries'
import type { CoreContext } from './context'

// One console key (issue 15, decision 021): its `value` schema comes from the contract
// (src/isomorphic/contract/admin*.ts); the handler authorizes first (requireStaff /
// requireDecorationPartner in permissions.ts), and a write records its audit row in its own
// transaction (audit/audit-log.ts).

export type AdminDefinition = {
  input: z.ZodType
  invalidates?: readonly CacheName[]
  handler: (value: unknown, ctx: CoreContext) => Promise<unknown>
}

export function defineAdminQuery<K extends AdminQueryKey>(key: K, handler: (value: ParsedAdminQueryValues[K], ctx: CoreContext) => Promise<AdminQueryResponses[K]>): AdminDefinition {
  return { input: ADMIN_QUERY_INPUTS[key], handler } as AdminDefinition
}

export function defineAdminMutation<K extends AdminMutationKey>(
  key: K,
  definition: { invalidates?: readonly CacheName[]; handler: (value: ParsedAdminMutationValues[K], ctx: CoreContext) => Promise<AdminMutationResponses[K]> },
): AdminDefinition {
  return { input: ADMIN_MUTATION_INPUTS[key], ...definition } as AdminDefinition
}
