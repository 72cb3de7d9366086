// POST /api/mutation {key, ...fields}: the spec's mutation API (section 7); the other fields are the key's input.
// Served by src/app/api/mutation/route.ts and, in production, straight by scripts/server.mjs (api-dispatch.ts).
import { z } from 'zod'
import { executeMutation } from '@/server/api/mutation-registry'
import { defineRoute } from '@/web/define-route'

const MutationKeySchema = z.object({
  key: z.string({ error: "is required: the mutation's name, e.g. 'addAddress'" }).min(1, 'must not be empty').max(100, 'is too long'),
})

export const POST = defineRoute({
  sameOrigin: true,
  input: 'json',
  async handler({ ctx, input: { key, ...input } }) {
    const result = await executeMutation(MutationKeySchema.parse({ key }).key, input, ctx)
    return Response.json(result, { headers: { 'Cache-Control': 'no-store' } })
  },
})
