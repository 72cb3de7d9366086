import { eq, inArray } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { decorationPartners, logos } from '../db/schema'
import type { PreparedImages } from './store-images'
import type { StoreFile } from './store-file-schema'
import { sync, type Tally } from './sync-rows'

// The store file's `decorationPartners` and `logos`.

export async function writeLogos(tx: Transaction, tally: Tally, file: StoreFile, images: PreparedImages) {
  const partnerCodes = file.decorationPartners.map((partner) => partner.code)
  const existingPartners =
    partnerCodes.length === 0
      ? []
      : await tx
          .select({
            id: decorationPartners.id,
            code: decorationPartners.code,
            name: decorationPartners.name,
            street: decorationPartners.street,
            street2: decorationPartners.street2,
            city: decorationPartners.city,
            stateCode: decorationPartners.stateCode,
            countryCode: decorationPartners.countryCode,
            zip: decorationPartners.zip,
            phone: decorationPartners.phone,
            email: decorationPartners.email,
          })
          .from(decorationPartners)
          .where(inArray(decorationPartners.code, partnerCodes))
  const { ids: partnerIds } = await sync({
    tally,
    entity: 'decorationPartners',
    existing: existingPartners,
    desired: file.decorationPartners.map((partner) => ({
      code: partner.code,
      name: partner.name,
      street: partner.address.street,
      street2: partner.address.street2 ?? null,
      city: partner.address.city,
      stateCode: partner.address.state,
      countryCode: partner.address.country,
      zip: partner.address.zip,
      phone: partner.phone ?? null,
      email: partner.email ?? null,
    })),
    keyOf: (row) => row.code,
    insert: (rows) => tx.insert(decorationPartners).values(rows).returning({ id: decorationPartners.id, key: decorationPartners.code }),
    update: (id, values) => tx.update(decorationPartners).set(values).where(eq(decorationPartners.id, id)),
  })

  const logoCodes = file.logos.map((logo) => logo.code)
  const existing =
    logoCodes.length === 0
      ? []
      : await tx
          .select({
            id: logos.id,
            code: logos.code,
            name: logos.name,
            decorationPartnerId: logos.decorationPartnerId,
            image: logos.image,
            decorationMethod: logos.decorationMethod,
            colorCount: logos.colorCount,
          })
          .from(logos)
          .where(inArray(logos.code, logoCodes))
  const { ids } = await sync({
    tally,
    entity: 'logos',
    existing,
    desired: file.logos.map((logo) => ({
      code: logo.code,
      name: logo.name,
      decorationPartnerId: partnerIds.get(logo.decorationPartner)!,
      image: images.logos.get(logo.code) ?? null,
      decorationMethod: logo.decorationMethod,
      colorCount: logo.colorCount ?? images.logoColors.get(logo.code) ?? 1,
    })),
    keyOf: (row) => row.code,
    insert: (rows) => tx.insert(logos).values(rows).returning({ id: logos.id, key: logos.code }),
    update: (id, values) => tx.update(logos).set(values).where(eq(logos.id, id)),
  })
  return ids
}
