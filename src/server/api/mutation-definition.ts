import type { z } from 'zod'
import type { CacheName } from '../cache/named-cache'
import type { ApiContext } from './api-inputs'

/**
 * One mutation key: the schema of the body's other fields, the handler, and the caches its success
 * makes stale (dropped after the handler's transaction has committed).
 */
export type MutationDefinition = {
  input: z.ZodType
  invalidates?: readonly CacheName[]
  handler: (input: unknown, ctx: ApiContext) => Promise<Record<string, unknown>>
}

export function defineMutation<S extends z.ZodType>(definition: {
  input: S
  invalidates?: readonly CacheName[]
  handler: (input: z.output<S>, ctx: ApiContext) => Promise<Record<string, unknown>>
}): MutationDefinition {
  return definition as MutationDefinition
}
