import type { z } from 'zod'
import { MUTATION_INPUTS, type MutationKey, type MutationResponses, type ParsedMutationInputs } from '@/isomorphic/contract/mutations'
import type { CacheName } from '@/isomorphic/contract/queries'
import type { CoreContext } from './context'

/**
 * One mutation key: the schema of the body's other fields (the contract's MUTATION_INPUTS), the
 * handler, and the caches its success makes stale (dropped after the handler's transaction has committed).
 */
export type MutationDefinition = {
  input: z.ZodType
  invalidates?: readonly CacheName[]
  handler: (input: unknown, ctx: CoreContext) => Promise<Record<string, unknown>>
}

/** The key's entry: its input is parsed with the contract's schema, its answer typed by MutationResponses[key]. */
export function defineMutation<K extends MutationKey>(
  key: K,
  definition: {
    invalidates?: readonly CacheName[]
    handler: (input: ParsedMutationInputs[K], ctx: CoreContext) => Promise<MutationResponses[K]>
  },
): MutationDefinition {
  return { input: MUTATION_INPUTS[key], ...definition } as MutationDefinition
}
