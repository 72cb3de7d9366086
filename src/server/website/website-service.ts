import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Website, WebsiteCountry } from '@/isomorphic/catalog-types'
import { type Executor, getDb } from '../db/client'
import { contentPages, countries, states, websites, websiteShippingCountries } from '../db/schema'
import { notFound } from '../kernel/errors'
import { namedCache } from '../cache/named-cache'

/** The store's public settings, shipping countries with their states and footer pages. Throws `not_found`. */
export async function getWebsite({ websiteId }: { websiteId: number }): Promise<Website> {
  const db = await getDb()
  const [[website], shipping, footerPages] = await Promise.all([
    db
      .select({
        id: websites.id,
        name: websites.name,
        description: websites.description,
        domain: websites.domain,
        faviconImage: websites.faviconImage,
        socialImage: websites.socialImage,
        logoImage: websites.logoImage,
        lockBrowsing: websites.lockBrowsing,
        ssologin: websites.ssologin,
        currency: websites.currency,
        contactEmail: websites.contactEmail,
        contactPhone: websites.contactPhone,
        guestCheckout: websites.guestCheckout,
        accentColor: websites.accentColor,
        analyticsId: websites.analyticsId,
        recaptchaSiteKey: websites.recaptchaSiteKey,
      })
      .from(websites)
      .where(eq(websites.id, websiteId)),
    db
      .select({ id: countries.id, code: countries.code, name: countries.name })
      .from(websiteShippingCountries)
      .innerJoin(countries, eq(countries.id, websiteShippingCountries.countryId))
      .where(eq(websiteShippingCountries.websiteId, websiteId))
      .orderBy(asc(websiteShippingCountries.sequence), asc(countries.name)),
    db
      .select({ slug: contentPages.slug, title: contentPages.title })
      .from(contentPages)
      .where(and(eq(contentPages.websiteId, websiteId), eq(contentPages.showInFooter, true), eq(contentPages.published, true)))
      .orderBy(asc(contentPages.sequence), asc(contentPages.title)),
  ])
  if (!website) throw notFound('Website', websiteId)

  const stateRows =
    shipping.length === 0
      ? []
      : await db
          .select({ id: states.id, code: states.code, name: states.name, countryId: states.countryId })
          .from(states)
          .where(
            inArray(
              states.countryId,
              shipping.map((country) => country.id),
            ),
          )
          .orderBy(asc(states.name), asc(states.id))
  const shippingCountry: WebsiteCountry[] = shipping.map((country) => ({
    ...country,
    states: stateRows.filter((state) => state.countryId === country.id).map(({ countryId: _countryId, ...state }) => state),
  }))

  return { ...website, recaptchaSiteKey: website.recaptchaSiteKey ?? installRecaptchaSiteKey(), shippingCountry, contentPages: footerPages }
}

/** The install's reCAPTCHA site key (the environment's), for stores that set none of their own. */
export function installRecaptchaSiteKey(): string | null {
  return process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY?.trim() || null
}

/** The store's own reCAPTCHA secret key, or null: the install's (RECAPTCHA_SECRET_KEY) is used. Never logged. */
export async function storeRecaptchaSecret(db: Executor, websiteId: number): Promise<string | null> {
  const [row] = await db.select({ secret: websites.recaptchaSecretKey }).from(websites).where(eq(websites.id, websiteId))
  return row?.secret ?? null
}

// Served from the named caches, so a page render costs no query once warm; writes invalidate the
// names (CATALOG_CACHES, 'Website' …).

/** Throws `not_found` like getWebsite (failures are not cached). */
export function getWebsiteCached({ websiteId }: { websiteId: number }): Promise<Website> {
  return namedCache().getOrLoad('Website', websiteKey(websiteId), () => getWebsite({ websiteId }))
}

/** The store's website while the named cache holds it, else undefined (then getWebsiteCached reads it). */
export function websiteHeld(websiteId: number): Website | undefined {
  return namedCache().peek<Website>('Website', websiteKey(websiteId))
}

function websiteKey(websiteId: number): string {
  return `${websiteId}:website`
}
