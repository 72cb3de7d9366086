import { namedCache } from '../cache/named-cache'
import { getHomePage } from '../content/content-service'
import type { Store } from '../kernel/context'
import { encodePayload, type EncodedPayload } from './encoded-payload'

/** GET /api/homePage's answer, { data: { home, featuredProducts } }, prepared once per generation. */
export function homePagePayload({ websiteId }: Store): Promise<EncodedPayload> {
  return namedCache().getOrLoad('HomePage', `${websiteId}:home`, async () =>
    encodePayload({ data: await getHomePage({ websiteId }) }),
  )
}
