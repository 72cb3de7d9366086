import type { DecorationOptions, ListedDesign, SavedDesign } from '@/isomorphic/decoration-types'
import { catalogAccess } from '../accounts/site-lock'
import type { CoreContext } from '../kernel/context'
import type { MutationKey } from '@/isomorphic/contract/mutations'
import { defineMutation, type MutationDefinition } from '../kernel/mutation-definition'
import { getDecorationOptions } from './decoration-options-service'
import { deleteDesign, getDesign, listDesigns, saveDesign } from './design-service'

// The decoration editor's keys of the API (issue 7). Queries: getDecorationOptions {productId,
// colorValueId} (public, cached in Products), getDesign {id} and getDesigns (the caller's own, never
// cached). Mutations: saveDesign {design, id?} and deleteDesign {id}. Registered in
// src/server/api/query-registry.ts and mutation-registry.ts.

export type DecorationOptionsResponse = { decorationOptions: DecorationOptions }
export type DesignResponse = { design: SavedDesign }
export type DesignsResponse = { designs: ListedDesign[] }

export const GET_DECORATION_OPTIONS_QUERY = {
  cache: 'Products' as const,
  /** While browsing is locked (spec 6) the catalog, and so the editor, is for signed-in partners only. */
  access: catalogAccess,
  async handler(value: { productId: number; colorValueId: number | null }, ctx: CoreContext): Promise<DecorationOptionsResponse> {
    return { decorationOptions: await getDecorationOptions({ websiteId: ctx.store.websiteId, ...value }) }
  },
}

export const GET_DESIGN_QUERY = {
  cache: null,
  handler: async (value: { id: string }, ctx: CoreContext): Promise<DesignResponse> => ({ design: await getDesign(ctx, value) }),
}

export const GET_DESIGNS_QUERY = {
  cache: null,
  handler: async (_value: undefined, ctx: CoreContext): Promise<DesignsResponse> => ({ designs: await listDesigns(ctx) }),
}

export const DESIGN_MUTATIONS = {
  /** Checks and saves a design, drawing its mockups: { saveDesign: { design } }. A locked store's editor is for signed-in partners. */
  saveDesign: defineMutation('saveDesign', {
    handler: async (input, ctx) => {
      await catalogAccess(ctx)
      return { saveDesign: { design: await saveDesign(ctx, input) } }
    },
  }),
  /** Deletes one of the signed-in partner's designs: { deleteDesign: { id } }. */
  deleteDesign: defineMutation('deleteDesign', {
    handler: async (input, ctx) => ({ deleteDesign: await deleteDesign(ctx, input) }),
  }),
} satisfies Partial<Record<MutationKey, MutationDefinition>>
