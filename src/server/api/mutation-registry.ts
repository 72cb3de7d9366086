import type { z } from 'zod'
import { type CacheName, invalidateCaches } from '../cache/named-cache'
import { DomainError } from '../shared/errors'
import { type ApiContext, parseInput, printableKey } from './api-inputs'

// The mutation API (POST /api/mutation {key, ...fields}): one entry per key with the schema of the
// body's other fields, the handler, and the caches its success makes stale (dropped after the
// handler's transaction has committed). Keys arrive with later features (logout, addAddress …).

type MutationDefinition = {
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

export const MUTATIONS: Record<string, MutationDefinition> = {}

/** Runs a mutation. Throws `invalid` for an unknown key or a bad body, and whatever the handler throws. */
export async function executeMutation(key: string, body: unknown, ctx: ApiContext): Promise<Record<string, unknown>> {
  const definition = Object.hasOwn(MUTATIONS, key) ? MUTATIONS[key] : undefined
  if (!definition) throw new DomainError('invalid', `Unknown mutation key '${printableKey(key)}'.`)
  const input = parseInput(definition.input, body, { key, root: 'body' })
  const result = await definition.handler(input, ctx)
  if (definition.invalidates) await invalidateCaches(definition.invalidates)
  return result
}
