import { isDay } from '../business-days'
import { z } from './zod'

// Timing and sizing fields a store file and the console share (issue 17): a production lead time
// (store default, product override), a delivery method's transit days, a product's size chart and
// the shopper's in-hands date. One rule each, so a value saved in the console imports again.

export const MAX_BUSINESS_DAYS = 120

const businessDays = z
  .number({ error: 'must be a number of business days' })
  .int('must be a whole number of business days')
  .min(0, 'must be 0 or more business days')
  .max(MAX_BUSINESS_DAYS, `must be at most ${MAX_BUSINESS_DAYS} business days`)

/** A span of business days, e.g. {"minDays": 7, "maxDays": 10}. */
export const DaySpanSchema = z
  .strictObject({ minDays: businessDays, maxDays: businessDays })
  .refine((span) => span.maxDays >= span.minDays, { path: ['maxDays'], message: 'must be at least the minimum business days' })

/** Production time before an order ships ("7–10 business days"). */
export const LeadTimeSchema = DaySpanSchema
/** How long a delivery method takes once shipped, when its carrier does not say. */
export const TransitDaysSchema = DaySpanSchema

export const SIZE_CHART_UNITS = ['in', 'cm'] as const
export const MAX_SIZE_CHART_MEASUREMENTS = 8
export const MAX_SIZE_CHART_ROWS = 30

/**
 * A product's size chart: measurement names (e.g. "Chest", "Body length") and, per size, one value
 * per measurement, in inches or centimetres.
 */
export const SizeChartSchema = z
  .strictObject({
    unit: z.enum(SIZE_CHART_UNITS, { error: 'must be "in" or "cm"' }).default('in'),
    measurements: z
      .array(z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'))
      .min(1, 'must name at least one measurement, e.g. "Chest"')
      .max(MAX_SIZE_CHART_MEASUREMENTS, `must name at most ${MAX_SIZE_CHART_MEASUREMENTS} measurements`),
    rows: z
      .array(
        z.strictObject({
          size: z.string().trim().min(1, 'must name a size'),
          values: z.array(z.number({ error: 'must be a measurement (a number)' }).positive('must be more than 0').max(1000, 'must be at most 1000')),
        }),
      )
      .min(1, 'must have at least one size')
      .max(MAX_SIZE_CHART_ROWS, `must have at most ${MAX_SIZE_CHART_ROWS} sizes`),
  })
  .superRefine((chart, ctx) => {
    const seen = new Set<string>()
    chart.rows.forEach((row, index) => {
      if (seen.has(row.size)) ctx.addIssue({ code: 'custom', path: ['rows', index, 'size'], message: `lists size ${row.size} twice` })
      seen.add(row.size)
      if (row.values.length !== chart.measurements.length) {
        ctx.addIssue({ code: 'custom', path: ['rows', index, 'values'], message: `must give ${chart.measurements.length} values, one per measurement (${chart.measurements.join(', ')})` })
      }
    })
    const names = new Set<string>()
    chart.measurements.forEach((name, index) => {
      if (names.has(name)) ctx.addIssue({ code: 'custom', path: ['measurements', index], message: `names "${name}" twice` })
      names.add(name)
    })
  })

export type DaySpanFields = z.output<typeof DaySpanSchema>
export type SizeChart = z.output<typeof SizeChartSchema>

/** The sizes a chart lists that the product does not have (each a store file / console error). */
export function sizeChartStrangers(chart: SizeChart, sizes: readonly string[]): string[] {
  return chart.rows.map((row) => row.size).filter((size) => !sizes.includes(size))
}

export const IN_HANDS_DATE_MESSAGE = 'must be a date like "2026-12-18"'

/** The day the shopper needs the order in hands ("YYYY-MM-DD"); empty or absent: none. */
export const InHandsDateSchema = z.preprocess(
  (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'string' ? value.trim() : value),
  z.string({ error: IN_HANDS_DATE_MESSAGE }).refine(isDay, IN_HANDS_DATE_MESSAGE).nullable(),
)
