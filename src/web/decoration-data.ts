// What the editor page (/editor) reads on the server: the decoration options of a product in a
// colour for the page's store, or null when the product cannot be designed.

import { cache } from 'react'
import { getDecorationOptionsCached } from '@/server/decoration/decoration-options-service'
import { DomainError } from '@/server/kernel/errors'
import type { DecorationOptions } from '@/isomorphic/decoration-types'

export const loadDecorationOptions = cache(async (websiteId: number, productId: number, colorValueId: number | null): Promise<DecorationOptions | null> => {
  try {
    return await getDecorationOptionsCached({ websiteId, productId, colorValueId })
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'not_found' || error.code === 'invalid')) return null
    throw error
  }
})
