import { amount, httpsUrl, optionalText, sequence, text } from './field-rules'
import { z } from './zod'
import { ORDER_FIELD_AUDIENCES } from '../order-field-audience'
import { BANK_TRANSFER_PROVIDER, ibanChecksumHolds, looksLikeIban } from '../bank-transfer'

// The store file's checkout sections (docs/store-file.md): payment methods, the tax service and its
// rates, order extra fields and options. Shared with the console (issue 16), whose checkout
// settings are validated by these same schemas, so what the console saves always imports again.

/** Providers that bill the company: for signed-in partners only unless the file says otherwise. */
export const COMPANY_BILLED_PROVIDERS: readonly string[] = ['purchase_order', 'invoice']

const bankField = z.string().trim().max(100, 'must be at most 100 characters').default('')

/**
 * A bank transfer's account (issue 27): the holder and the account number at least; an IBAN's
 * check digits must hold, so a mistyped one is caught before shoppers pay into it.
 */
export const BankDetailsSchema = z
  .strictObject({
    accountHolder: z.string().trim().min(1, 'must name the account holder (the name the bank account is in)').max(100, 'must be at most 100 characters'),
    bankName: bankField,
    accountNumber: z.string().trim().min(1, 'must give the IBAN or account number to pay into').max(40, 'must be at most 40 characters'),
    routingCode: bankField,
  })
  .superRefine((details, ctx) => {
    if (looksLikeIban(details.accountNumber) && !ibanChecksumHolds(details.accountNumber)) {
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'is not a valid IBAN: its check digits do not match. Please copy it again from your bank statement' })
    }
  })

export const PaymentMethodSchema = z
  .strictObject({
    name: text,
    provider: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a provider code like "purchase_order"'),
    instructions: z.string().default(''),
    /** Where a bank transfer is paid into: only for a `wire_transfer` method. */
    bankDetails: BankDetailsSchema.optional(),
    /** May guests (not signed in) pay with it? Omitted: no for purchase_order and invoice, yes otherwise. */
    guests: z.boolean().optional(),
    sequence,
    active: z.boolean().default(true),
  })
  .superRefine((method, ctx) => {
    if (method.bankDetails && method.provider !== BANK_TRANSFER_PROVIDER) {
      ctx.addIssue({ code: 'custom', path: ['bankDetails'], message: `are only for a bank transfer (provider "${BANK_TRANSFER_PROVIDER}"): remove them, or change the provider` })
    }
  })
  .transform(({ guests, ...method }) => ({ ...method, guests: guests ?? !COMPANY_BILLED_PROVIDERS.includes(method.provider) }))

export const TaxRateSchema = z.strictObject({
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code like "US"'),
  state: z.string().regex(/^[A-Z0-9]{1,3}$/, 'must be a state code like "CO"'),
  zipPrefix: z.string().regex(/^[0-9A-Z]{0,5}$/, 'must be up to 5 leading ZIP characters').default(''),
  ratePercent: z.number().min(0, 'must be 0 or more').max(100, 'must be at most 100'),
  shippingTaxable: z.boolean().default(false),
})

export const TaxSchema = z
  .strictObject({
    taxname: z.enum(['builtin', 'custom', 'avatax']),
    url: httpsUrl.optional(),
    key: optionalText,
    token: optionalText,
    documentrecording: z.boolean().default(false),
    companycode: text.default('DEFAULT'),
    customercode: optionalText,
    rates: z.array(TaxRateSchema).default([]),
  })
  .superRefine((tax, ctx) => {
    if (tax.taxname === 'avatax' && !tax.token && !tax.key) {
      ctx.addIssue({ code: 'custom', path: ['token'], message: 'avatax needs a token (or an account key)' })
    }
    if (tax.taxname === 'builtin' && tax.rates.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['rates'], message: 'the built-in tax needs a rate table' })
    }
  })

export const OrderExtraFieldSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a field name like "cost_center"'),
    label: text,
    type: z.enum(['text', 'textarea', 'select', 'checkbox', 'date']),
    required: z.boolean().default(false),
    options: z.array(text).default([]),
    placeholder: optionalText,
    sequence,
    /** Who is asked (issue 27): everyone, signed-in customers, or the customers of `group` (its code). */
    askedOf: z.enum(ORDER_FIELD_AUDIENCES).default('everyone'),
    group: z.string().trim().min(1, 'must name a customer group by its code').max(100).optional(),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'select' && field.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'a select field needs at least one option' })
    }
    if (field.askedOf === 'group' && field.group === undefined) ctx.addIssue({ code: 'custom', path: ['group'], message: 'names no customer group: a field asked of a group needs the group’s code' })
    if (field.askedOf !== 'group' && field.group !== undefined) ctx.addIssue({ code: 'custom', path: ['group'], message: 'is only for a field asked of a group (askedOf "group")' })
  })

export const OrderOptionSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be an option name like "rush_decoration"'),
  label: text,
  price: amount.default(0),
  sequence,
})


export type PaymentMethodInput = z.input<typeof PaymentMethodSchema>
export type TaxInput = z.input<typeof TaxSchema>
export type OrderExtraFieldInput = z.input<typeof OrderExtraFieldSchema>
export type OrderOptionInput = z.input<typeof OrderOptionSchema>
