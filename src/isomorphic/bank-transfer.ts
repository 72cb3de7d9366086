import { formatCents } from './format'
import type { Cents } from './money'

// Paying by bank transfer (issue 27): the store's bank details, kept per bank-transfer payment
// method (set in the console's Checkout settings and the store file), and the "how to pay" block
// built from them, the order's amount due and its reference. One block, shown alike on the order
// confirmation, the shopper's order page, the confirmation mail and the order PDF, while the
// transfer is awaited; it goes once the store marks the order paid.

/** The provider code of a bank transfer (payment-terms.ts: paid up front). */
export const BANK_TRANSFER_PROVIDER = 'wire_transfer'

/**
 * Where a shopper sends the money: what a US or EU bank asks for a transfer. `accountNumber` is an
 * IBAN or a domestic account number; `routingCode` a BIC (SWIFT) or an ABA routing number, or
 * another bank code (a sort code). Empty strings are details the store did not give.
 */
export type BankDetails = {
  accountHolder: string
  bankName: string
  accountNumber: string
  routingCode: string
}

export const NO_BANK_DETAILS: BankDetails = { accountHolder: '', bankName: '', accountNumber: '', routingCode: '' }

export type HowToPayRowKey = keyof BankDetails | 'amount' | 'reference'
export type HowToPayRow = { key: HowToPayRowKey; label: string; value: string }

export type HowToPay = {
  /** One sentence: pay this amount, quote this reference, the order waits for the money. */
  summary: string
  /** The bank details, then the amount and the reference, labelled. */
  rows: HowToPayRow[]
  /** The method's own text from the console ('' when it has none). */
  instructions: string
  amount: string
  reference: string
}

const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase()

/** "DE89 3704 …": two letters, two check digits and up to 30 letters or digits. */
export function looksLikeIban(value: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact(value))
}

/** The IBAN's check digits hold (ISO 13616, mod 97). */
export function ibanChecksumHolds(value: string): boolean {
  const iban = compact(value)
  if (!looksLikeIban(iban)) return false
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55))
  let remainder = 0
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  return remainder === 1
}

/** A BIC (SWIFT code): bank, country, place and an optional branch, 8 or 11 characters. */
export function looksLikeBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(value))
}

/** A US ABA routing number: nine digits. */
export function looksLikeRoutingNumber(value: string): boolean {
  return /^\d{9}$/.test(value.replace(/[\s-]/g, ''))
}

/** An IBAN in groups of four, as banks print it; anything else as the store wrote it. */
function accountNumberValue(value: string): string {
  if (!looksLikeIban(value)) return value.trim()
  return compact(value).replace(/(.{4})(?=.)/g, '$1 ')
}

function bankDetailRows(details: BankDetails): HowToPayRow[] {
  const rows: HowToPayRow[] = []
  const holder = details.accountHolder.trim()
  const bank = details.bankName.trim()
  const account = details.accountNumber.trim()
  const routing = details.routingCode.trim()
  if (holder) rows.push({ key: 'accountHolder', label: 'Account holder', value: holder })
  if (bank) rows.push({ key: 'bankName', label: 'Bank', value: bank })
  if (account) rows.push({ key: 'accountNumber', label: looksLikeIban(account) ? 'IBAN' : 'Account number', value: accountNumberValue(account) })
  if (routing) {
    const label = looksLikeBic(routing) ? 'BIC / SWIFT' : looksLikeRoutingNumber(routing) ? 'Routing number (ABA)' : 'Bank code'
    rows.push({ key: 'routingCode', label, value: looksLikeBic(routing) ? compact(routing) : routing })
  }
  return rows
}

/**
 * The "how to pay" block of an order paid by bank transfer: the store's bank details, the amount
 * due and the order's reference to quote with the transfer.
 */
export function howToPayByTransfer(order: { reference: string; amountDue: Cents; currency: string }, method: { bankDetails: BankDetails | null; instructions: string }): HowToPay {
  const amount = formatCents(order.amountDue, order.currency)
  const reference = order.reference
  return {
    summary: `Please transfer ${amount} to the account below and quote ${reference} as the payment reference. We start on your order when the money arrives.`,
    rows: [...bankDetailRows(method.bankDetails ?? NO_BANK_DETAILS), { key: 'amount', label: 'Amount', value: amount }, { key: 'reference', label: 'Reference to quote', value: reference }],
    instructions: method.instructions.trim(),
    amount,
    reference,
  }
}

export type TransferFacts = {
  kind: 'order' | 'quotation'
  state: 'draft' | 'sale' | 'cancel'
  approvalState: string
  paymentState: string
  /** The chosen method's provider; null when none. */
  provider: string | null
  amountDue: Cents
}

/**
 * Whether the order waits for the shopper's bank transfer: an order (not a quotation) chosen to be
 * paid by transfer, not cancelled nor waiting for an approver, with money still due and its
 * payment pending. Once the store marks it paid (or it is cancelled) it no longer does.
 */
export function awaitsBankTransfer(order: TransferFacts): boolean {
  return (
    order.kind === 'order' &&
    order.provider === BANK_TRANSFER_PROVIDER &&
    order.state !== 'cancel' &&
    order.approvalState !== 'awaiting_approval' &&
    order.approvalState !== 'rejected' &&
    order.paymentState === 'pending' &&
    order.amountDue > 0
  )
}

/** The block while the order awaits its transfer, else null: what every place that shows it calls. */
export function pendingTransferInstructions(
  order: TransferFacts & { reference: string; currency: string },
  method: { bankDetails: BankDetails | null; instructions: string } | null,
): HowToPay | null {
  if (!method || !awaitsBankTransfer(order)) return null
  return howToPayByTransfer(order, method)
}
