import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { countries, states, websites, websiteShippingCountries } from '../db/schema'
import { env } from '../env'
import { hostsOfOtherStores, hostTakenMessage, syncStoreHosts } from '../website/store-hosts'
import type { ReferenceIssue } from './store-file-error'
import type { PreparedImages } from './store-images'
import type { StoreFile } from './store-file-schema'
import { changes, sync, type Tally } from './sync-rows'

// The store file's `website`: the website row (by code) and the countries it ships to, with their states.

export async function writeWebsite(tx: Transaction, tally: Tally, file: StoreFile, images: PreparedImages) {
  const { website } = file
  const values = {
    name: website.name,
    description: website.description,
    domain: website.domain ?? null,
    faviconImage: images.site.favicon,
    socialImage: images.site.socialImage,
    logoImage: images.site.logo,
    lockBrowsing: website.lockBrowsing,
    ssologin: website.ssologin,
    ssoConfig: website.ssoConfig,
    currency: website.currency,
    contactEmail: website.contact.email ?? null,
    contactPhone: website.contact.phone ?? null,
    guestCheckout: website.guestCheckout,
    accentColor: website.accentColor ?? null,
    analyticsId: website.analyticsId ?? null,
    leadTime: website.leadTime ?? null,
  }
  const [existing] = await tx.select().from(websites).where(eq(websites.code, website.code))
  if (existing) {
    const changed = changes(existing, values)
    if (Object.keys(changed).length > 0) {
      await tx.update(websites).set({ ...changed, version: sql`${websites.version} + 1`, updatedAt: new Date() }).where(eq(websites.id, existing.id))
      tally.add('websites', 'updated')
    } else {
      tally.add('websites', 'unchanged')
    }
    return { websiteId: existing.id, createdWebsite: false }
  }
  // A new store takes the id the app serves (WEBSITE_ID) when that id is free, so the first import
  // into an empty database is the store the app shows.
  const wantedId = env().WEBSITE_ID
  const [taken] = await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, wantedId))
  let websiteId: number
  if (taken) {
    const [inserted] = await tx.insert(websites).values({ code: website.code, ...values }).returning({ id: websites.id })
    websiteId = inserted!.id
  } else {
    await tx.insert(websites).overridingSystemValue().values({ id: wantedId, code: website.code, ...values })
    await tx.execute(sql`select setval(pg_get_serial_sequence('websites', 'id'), (select max(id) from websites))`)
    websiteId = wantedId
  }
  tally.add('websites', 'created')
  return { websiteId, createdWebsite: true }
}

/** The file's host names that another store has, each at its place in the file. */
export async function takenHostIssues(tx: Transaction, file: StoreFile): Promise<ReferenceIssue[]> {
  const hosts = file.website.hosts
  if (!hosts || hosts.length === 0) return []
  const [store] = await tx.select({ id: websites.id }).from(websites).where(eq(websites.code, file.website.code))
  const taken = new Set(await hostsOfOtherStores(tx, hosts, store?.id ?? null))
  return hosts.flatMap((host, index) => (taken.has(host) ? [{ path: ['website', 'hosts', index], message: hostTakenMessage(host) }] : []))
}

/** The store's host names as the file lists them; a file without `hosts` leaves them as they are. */
export async function writeHosts(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const hosts = file.website.hosts
  if (hosts === undefined) return
  const counted = await syncStoreHosts(tx, websiteId, hosts)
  for (const kind of ['created', 'updated', 'unchanged', 'removed'] as const) if (counted[kind] > 0) tally.add('storeHosts', kind, counted[kind])
}

export async function writeCountries(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const listed = file.website.shippingCountries
  const existing = await tx.select({ id: countries.id, code: countries.code, name: countries.name }).from(countries)
  const { ids: countryIds } = await sync({
    tally,
    entity: 'countries',
    existing: existing.filter((row) => listed.some((country) => country.code === row.code)),
    desired: listed.map((country) => ({ code: country.code, name: country.name })),
    keyOf: (row) => row.code,
    insert: (rows) => tx.insert(countries).values(rows).returning({ id: countries.id, key: countries.code }),
    update: (id, values) => tx.update(countries).set(values).where(eq(countries.id, id)),
  })

  const ids = [...countryIds.values()]
  const existingStates = await tx
    .select({ id: states.id, countryId: states.countryId, code: states.code, name: states.name })
    .from(states)
    .where(inArray(states.countryId, ids))
  await sync({
    tally,
    entity: 'states',
    existing: existingStates,
    desired: listed.flatMap((country) => country.states.map((state) => ({ countryId: countryIds.get(country.code)!, code: state.code, name: state.name }))),
    keyOf: (row) => `${row.countryId}/${row.code}`,
    insert: async (rows) =>
      (await tx.insert(states).values(rows).returning({ id: states.id, countryId: states.countryId, code: states.code })).map((row) => ({
        id: row.id,
        key: `${row.countryId}/${row.code}`,
      })),
    update: (id, values) => tx.update(states).set(values).where(eq(states.id, id)),
  })

  const existingLinks = await tx
    .select({ id: websiteShippingCountries.countryId, countryId: websiteShippingCountries.countryId, sequence: websiteShippingCountries.sequence })
    .from(websiteShippingCountries)
    .where(eq(websiteShippingCountries.websiteId, websiteId))
  const { leftover } = await sync({
    tally,
    entity: 'shippingCountries',
    existing: existingLinks,
    desired: listed.map((country, sequence) => ({ countryId: countryIds.get(country.code)!, sequence })),
    keyOf: (row) => String(row.countryId),
    insert: async (rows) => {
      await tx.insert(websiteShippingCountries).values(rows.map((row) => ({ websiteId, ...row })))
      return rows.map((row) => ({ id: row.countryId, key: String(row.countryId) }))
    },
    update: (countryId, values) =>
      tx
        .update(websiteShippingCountries)
        .set({ sequence: values.sequence })
        .where(and(eq(websiteShippingCountries.websiteId, websiteId), eq(websiteShippingCountries.countryId, countryId))),
  })
  if (leftover.length > 0) {
    await tx.delete(websiteShippingCountries).where(
      and(
        eq(websiteShippingCountries.websiteId, websiteId),
        inArray(
          websiteShippingCountries.countryId,
          leftover.map((row) => row.countryId),
        ),
      ),
    )
    tally.add('shippingCountries', 'removed', leftover.length)
  }
}
