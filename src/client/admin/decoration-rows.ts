import type { AdminMutationValues } from '@/isomorphic/contract/admin'
import type { DecorationMethodAdminEntry } from '@/isomorphic/contract/admin-decoration'
import type { DecorationMethodCode } from '@/isomorphic/decoration-types'
import { formatPrice } from '@/isomorphic/format'

// The decoration page's methods table and its edit panel (issue 26), as pure functions: what a
// method's row shows (its prices as money in the store's currency), the fields its panel starts
// with, and the contract's value from what was typed.

export const METHOD_LABELS: Record<DecorationMethodCode, string> = { embroidery: 'Embroidery', screen_print: 'Screen print', dtg: 'Direct to garment', heat_transfer: 'Heat transfer', engraving: 'Engraving' }

export type MethodFacts = { setupFee: string; pricePerLocation: string; colours: string; smallest: string; files: string }

/** A method's row: "$12.50", "$3.00", "Unlimited" or "4", "1 × 1 in", "PNG, SVG". */
export function methodFacts(method: DecorationMethodAdminEntry, currency: string): MethodFacts {
  return {
    setupFee: formatPrice(method.setupFee, currency),
    pricePerLocation: formatPrice(method.pricePerLocation, currency),
    colours: method.maxColors === null ? 'Unlimited' : String(method.maxColors),
    smallest: `${method.minWidth} × ${method.minHeight} in`,
    files: method.fileTypes.length === 0 ? 'None' : method.fileTypes.map((type) => type.toUpperCase()).join(', '),
  }
}

export type MethodFields = { name: string; setupFee: string; pricePerLocation: string; maxColors: string; minWidth: string; minHeight: string; png: boolean; svg: boolean }

/** What a method's panel starts with: the method as read, or the defaults of one not offered yet. */
export function methodFieldsOf(code: DecorationMethodCode, method?: DecorationMethodAdminEntry): MethodFields {
  const files = method?.fileTypes ?? ['png', 'svg']
  return {
    name: method?.name ?? METHOD_LABELS[code],
    setupFee: String(method?.setupFee ?? 0),
    pricePerLocation: String(method?.pricePerLocation ?? 0),
    maxColors: method?.maxColors === null || method?.maxColors === undefined ? '' : String(method.maxColors),
    minWidth: String(method?.minWidth ?? 1),
    minHeight: String(method?.minHeight ?? 1),
    png: files.includes('png'),
    svg: files.includes('svg'),
  }
}

/** A typed amount ("12,50" reads as 12.5); an empty box is NaN, which the contract names. */
const amountOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')))

/** The contract's value from the panel's fields (the opened version when the method is offered already). */
export function methodValueOf(fields: MethodFields, websiteId: number, code: DecorationMethodCode, version?: number): AdminMutationValues['decorationMethods.save'] {
  return {
    websiteId,
    ...(version === undefined ? {} : { version }),
    code,
    name: fields.name.trim(),
    minWidth: amountOf(fields.minWidth),
    minHeight: amountOf(fields.minHeight),
    maxColors: fields.maxColors.trim() === '' ? null : Number(fields.maxColors),
    fileTypes: [...(fields.png ? (['png'] as const) : []), ...(fields.svg ? (['svg'] as const) : [])],
    setupFee: amountOf(fields.setupFee),
    pricePerLocation: amountOf(fields.pricePerLocation),
  }
}
