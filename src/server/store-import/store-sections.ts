import { asc, eq, inArray } from 'drizzle-orm'
import { readExtraFields } from '../checkout/order-extra-fields'
import type { Executor } from '../db/client'
import { allowancePrograms, customerGroups, deliveryMethods, deliveryPriceRules, orderOptions, paymentMethods, taxCredentials, taxRates } from '../db/schema'
import { deliveryMethodFields } from '../delivery/delivery-method-rows'
import { fromCents } from '../kernel/money'
import { KEPT_SECRET, TAX_SECRET_KEYS } from './kept-secrets'
import type { StoreFileDocument } from './store-file-schema'

// Sections of the live store in the store file's shape (issue 16), each read one way for both the
// export (export-store.ts) and the console's editors of the same section, which save through the
// import's own writers. Secrets come out as KEPT_SECRET, which the import reads as "keep".

type Section<K extends keyof StoreFileDocument> = NonNullable<StoreFileDocument[K]>

export async function readDeliveryMethodsSection(db: Executor, websiteId: number): Promise<Section<'deliveryMethods'>> {
  const methods = await db.select().from(deliveryMethods).where(eq(deliveryMethods.websiteId, websiteId)).orderBy(asc(deliveryMethods.id))
  if (methods.length === 0) return []
  const rules = await db
    .select()
    .from(deliveryPriceRules)
    .where(
      inArray(
        deliveryPriceRules.deliveryMethodId,
        methods.map((method) => method.id),
      ),
    )
  return methods.map((method) => {
    const fields = deliveryMethodFields(
      method,
      rules.filter((rule) => rule.deliveryMethodId === method.id),
    )
    const credentials = Object.fromEntries(Object.entries(fields.credentials).filter(([, value]) => typeof value === 'string' && value !== '').map(([key]) => [key, KEPT_SECRET]))
    return { ...fields, credentials }
  })
}

export async function readPaymentsSection(db: Executor, websiteId: number): Promise<Section<'paymentMethods'>> {
  const payments = await db.select().from(paymentMethods).where(eq(paymentMethods.websiteId, websiteId)).orderBy(asc(paymentMethods.sequence), asc(paymentMethods.id))
  return payments.map((method) => ({
    name: method.name,
    provider: method.provider,
    instructions: method.instructions,
    ...(method.bankDetails ? { bankDetails: method.bankDetails } : {}),
    guests: method.forGuests,
    sequence: method.sequence,
    active: method.isActive,
  }))
}

/** The tax settings, or undefined when the store has none (the built-in table then has no rates either). */
export async function readTaxSection(db: Executor, websiteId: number): Promise<StoreFileDocument['tax']> {
  const [tax] = await db.select().from(taxCredentials).where(eq(taxCredentials.websiteId, websiteId))
  if (!tax) return undefined
  const rates = await db.select().from(taxRates).where(eq(taxRates.websiteId, websiteId)).orderBy(asc(taxRates.countryCode), asc(taxRates.stateCode), asc(taxRates.zipPrefix))
  const secrets = Object.fromEntries(TAX_SECRET_KEYS.filter((key) => tax[key]).map((key) => [key, KEPT_SECRET]))
  return {
    taxname: tax.taxname,
    ...(tax.url ? { url: tax.url } : {}),
    ...secrets,
    documentrecording: tax.documentrecording,
    companycode: tax.companycode,
    ...(tax.customercode ? { customercode: tax.customercode } : {}),
    rates: rates.map((rate) => ({
      country: rate.countryCode,
      state: rate.stateCode,
      zipPrefix: rate.zipPrefix,
      ratePercent: rate.ratePercent,
      shippingTaxable: rate.shippingTaxable,
    })),
  }
}

export async function readOrderFieldsSection(db: Executor, websiteId: number): Promise<{ orderExtraFields: Section<'orderExtraFields'>; orderOptions: Section<'orderOptions'> }> {
  const fields = await readExtraFields(db, websiteId)
  const groups = fields.some((field) => field.groupId !== null) ? await db.select({ id: customerGroups.id, code: customerGroups.code }).from(customerGroups).where(eq(customerGroups.websiteId, websiteId)) : []
  const codeOf = new Map(groups.map((group) => [group.id, group.code]))
  const options = await db.select().from(orderOptions).where(eq(orderOptions.websiteId, websiteId)).orderBy(asc(orderOptions.sequence), asc(orderOptions.id))
  return {
    orderExtraFields: fields.map((field) => ({
      name: field.name,
      label: field.label,
      type: field.fieldType,
      required: field.isRequired,
      options: field.options ?? [],
      ...(field.placeholder ? { placeholder: field.placeholder } : {}),
      sequence: field.sequence,
      // Written only when it says more than the default, so earlier exports read the same.
      ...(field.audience === 'everyone' ? {} : { askedOf: field.audience }),
      ...(field.audience === 'group' && field.groupId !== null && codeOf.has(field.groupId) ? { group: codeOf.get(field.groupId)! } : {}),
    })),
    orderOptions: options.map((option) => ({ name: option.name, label: option.label, price: fromCents(option.priceAmount), sequence: option.sequence })),
  }
}

/** The store's customer groups and their allowance programs (amounts in dollars). */
export async function readAllowancesSection(db: Executor, websiteId: number): Promise<{ customerGroups: Section<'customerGroups'>; allowancePrograms: Section<'allowancePrograms'> }> {
  const groups = await db.select().from(customerGroups).where(eq(customerGroups.websiteId, websiteId)).orderBy(asc(customerGroups.code))
  const codeOf = new Map(groups.map((group) => [group.id, group.code]))
  const programs = await db.select().from(allowancePrograms).where(eq(allowancePrograms.websiteId, websiteId)).orderBy(asc(allowancePrograms.id))
  return {
    customerGroups: groups.map((group) => ({ code: group.code, name: group.name })),
    allowancePrograms: programs
      .filter((program) => codeOf.has(program.groupId))
      .map((program) => ({
        group: codeOf.get(program.groupId)!,
        amount: fromCents(program.amount),
        period: program.period,
        startsOn: program.startsOn,
        prorate: program.prorate,
        rollover: program.rollover,
        ...(program.rollover === 'capped' && program.rolloverCap !== null ? { rolloverCap: fromCents(program.rolloverCap) } : {}),
        active: program.isActive,
      })),
  }
}
