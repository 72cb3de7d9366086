import type { z } from 'zod'
import type { CacheName } from '@/isomorphic/query-types'
import type { CoreContext } from './context'

/**
 * One mutation key: the schema of the body's other fields, the handler, and the caches its success
 * makes stale (dropped after the handler's transaction has committed). Each domain declares its own
 * keys with defineMutation; src/server/api/mutation-registry.ts gathers them.
 */
export type MutationDefinition = {
  input: z.ZodType
  invalidates?: readonly CacheName[]
  handler: (input: unknown, ctx: CoreContext) => Promise<Record<string, unknown>>
}

export function defineMutation<S extends z.ZodType>(definition: {
  input: S
  invalidates?: readonly CacheName[]
  handler: (input: z.output<S>, ctx: CoreContext) => Promise<Record<string, unknown>>
}): MutationDefinition {
  return definition as MutationDefinition
}
