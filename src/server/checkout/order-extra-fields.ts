import { asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { prepared } from '../db/prepared'
import { orderExtraFields, orderOptions } from '../db/schema'
import { DomainError } from '../kernel/errors'
import type { Cents } from '../kernel/money'
import { fieldsAskedOf, type OrderFieldAsker } from '@/isomorphic/order-field-audience'

// The store's extra fields (getOrderExtraFields) and order options, checked on the server as the
// checkout form checks them: required fields filled, values of the field's type, select values
// from the field's options, no field the store does not ask for. The order keeps the values
// under the fields' names, and the options with their labels and prices at the time of ordering.

export type ExtraFieldValue = string | boolean | null

type FieldRow = { name: string; label: string; fieldType: string; isRequired: boolean; options: string[] }

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function isRealDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const bad = (message: string) => new DomainError('invalid', message)

function checkValue(field: FieldRow, given: ExtraFieldValue | undefined): ExtraFieldValue {
  const { label } = field
  switch (field.fieldType) {
    case 'checkbox': {
      if (given !== undefined && given !== null && typeof given !== 'boolean') throw bad(`${label} must be ticked or not (true or false).`)
      const ticked = given === true
      if (field.isRequired && !ticked) throw bad(`Please tick ${label}.`)
      return ticked
    }
    case 'select': {
      if (given !== undefined && given !== null && typeof given !== 'string') throw bad(`Please choose one of the options for ${label}.`)
      const value = (given ?? '').trim()
      if (value === '') {
        if (field.isRequired) throw bad(`Please choose ${label}.`)
        return null
      }
      if (!field.options.includes(value)) throw bad(`Please choose one of the options for ${label}.`)
      return value
    }
    case 'date': {
      if (given !== undefined && given !== null && typeof given !== 'string') throw bad(`${label} must be a date like 2026-12-31.`)
      const value = (given ?? '').trim()
      if (value === '') {
        if (field.isRequired) throw bad(`Please enter ${label}.`)
        return null
      }
      if (!isRealDate(value)) throw bad(`${label} must be a date like 2026-12-31.`)
      return value
    }
    default: {
      // text and textarea
      if (given !== undefined && given !== null && typeof given !== 'string') throw bad(`${label} must be text.`)
      const value = (given ?? '').trim()
      if (value === '') {
        if (field.isRequired) throw bad(`Please enter ${label}.`)
        return null
      }
      return value
    }
  }
}

/** The website's extra fields in display order, as the checkout, createOrder and the store import read them. */
export function readExtraFields(db: Executor, websiteId: number) {
  return prepared(db, 'order_extra_fields', () =>
    db
    .select({
      id: orderExtraFields.id,
      name: orderExtraFields.name,
      label: orderExtraFields.label,
      fieldType: orderExtraFields.fieldType,
      isRequired: orderExtraFields.isRequired,
      options: orderExtraFields.options,
      placeholder: orderExtraFields.placeholder,
      sequence: orderExtraFields.sequence,
      audience: orderExtraFields.audience,
      groupId: orderExtraFields.customerGroupId,
    })
    .from(orderExtraFields)
    .where(eq(orderExtraFields.websiteId, sql.placeholder('websiteId')))
    .orderBy(asc(orderExtraFields.sequence), asc(orderExtraFields.id)),
  ).execute({ websiteId })
}

/**
 * The values to keep on the order, by field name; throws `invalid` with the first thing to fix. Only
 * the fields asked of this shopper count (issue 27): a guest's order neither needs nor keeps a field
 * for customers.
 */
export async function checkExtraFields(db: Executor, websiteId: number, given: Record<string, ExtraFieldValue>, asker: OrderFieldAsker): Promise<Record<string, ExtraFieldValue>> {
  const fields = fieldsAskedOf(await readExtraFields(db, websiteId), asker)
  const known = new Map(fields.map((field) => [field.name, field]))
  for (const name of Object.keys(given)) {
    if (!known.has(name)) throw bad(`This store does not ask for '${name.slice(0, 100)}'. Reload the checkout and try again.`)
  }
  const values: Record<string, ExtraFieldValue> = {}
  for (const field of fields) {
    values[field.name] = checkValue(field, Object.hasOwn(given, field.name) ? given[field.name] : undefined)
  }
  return values
}

export type ChosenOption = { name: string; label: string; price: Cents }

/** The chosen order options with their prices; an option the store does not offer is a 400. */
export async function checkOrderOptions(db: Executor, websiteId: number, names: readonly string[]): Promise<ChosenOption[]> {
  if (names.length === 0) return []
  const offered = await db
    .select({ name: orderOptions.name, label: orderOptions.label, price: orderOptions.priceAmount })
    .from(orderOptions)
    .where(eq(orderOptions.websiteId, websiteId))
    .orderBy(asc(orderOptions.sequence), asc(orderOptions.id))
  const byName = new Map(offered.map((option) => [option.name, option]))
  for (const name of names) {
    if (!byName.has(name)) throw bad(`The order option '${name.slice(0, 100)}' is not offered. Reload the checkout and try again.`)
  }
  return offered.filter((option) => names.includes(option.name))
}
