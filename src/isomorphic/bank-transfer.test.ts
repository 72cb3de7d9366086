import { describe, expect, test } from 'vitest'
import { awaitsBankTransfer, type BankDetails, howToPayByTransfer, ibanChecksumHolds, pendingTransferInstructions, type TransferFacts } from './bank-transfer'

const usBank: BankDetails = { accountHolder: 'Granite Ridge Engineering LLC', bankName: 'Front Range Community Bank', accountNumber: '4402118799', routingCode: '107005047' }
const euBank: BankDetails = { accountHolder: 'Granite Ridge GmbH', bankName: 'Beispielbank Köln', accountNumber: 'de89370400440532013000', routingCode: 'cobadeffxxx' }
const order = { reference: 'S00042', amountDue: 12_345, currency: 'USD' }

describe('the how-to-pay block of a bank transfer', () => {
  test('gives the store’s bank details, then the amount due and the order’s reference to quote', () => {
    const block = howToPayByTransfer(order, { bankDetails: usBank, instructions: '  Transfers usually take one business day.  ' })
    expect(block.rows).toEqual([
      { key: 'accountHolder', label: 'Account holder', value: 'Granite Ridge Engineering LLC' },
      { key: 'bankName', label: 'Bank', value: 'Front Range Community Bank' },
      { key: 'accountNumber', label: 'Account number', value: '4402118799' },
      { key: 'routingCode', label: 'Routing number (ABA)', value: '107005047' },
      { key: 'amount', label: 'Amount', value: '$123.45' },
      { key: 'reference', label: 'Reference to quote', value: 'S00042' },
    ])
    expect(block.summary).toBe('Please transfer $123.45 to the account below and quote S00042 as the payment reference. We start on your order when the money arrives.')
    expect(block.instructions).toBe('Transfers usually take one business day.')
  })

  test('names an IBAN and a BIC as such, the IBAN in groups of four as banks print it', () => {
    const block = howToPayByTransfer({ ...order, currency: 'EUR' }, { bankDetails: euBank, instructions: '' })
    expect(block.rows.find((row) => row.key === 'accountNumber')).toEqual({ key: 'accountNumber', label: 'IBAN', value: 'DE89 3704 0044 0532 0130 00' })
    expect(block.rows.find((row) => row.key === 'routingCode')).toEqual({ key: 'routingCode', label: 'BIC / SWIFT', value: 'COBADEFFXXX' })
    expect(block.amount).toBe('€123.45')
  })

  test('leaves out the details the store did not give, and still says the amount and the reference', () => {
    const block = howToPayByTransfer(order, { bankDetails: { accountHolder: 'Riverside FC', bankName: '', accountNumber: '12-34-56 78901234', routingCode: '20-00-00' }, instructions: '' })
    expect(block.rows.map((row) => `${row.label}: ${row.value}`)).toEqual(['Account holder: Riverside FC', 'Account number: 12-34-56 78901234', 'Bank code: 20-00-00', 'Amount: $123.45', 'Reference to quote: S00042'])
    expect(howToPayByTransfer(order, { bankDetails: null, instructions: 'Ask us for our details.' }).rows.map((row) => row.key)).toEqual(['amount', 'reference'])
  })
})

describe('when an order awaits its bank transfer', () => {
  const waiting: TransferFacts = { kind: 'order', state: 'sale', approvalState: 'not_required', paymentState: 'pending', provider: 'wire_transfer', amountDue: 12_345 }

  test('a placed or confirmed bank-transfer order with money due waits for it', () => {
    expect(awaitsBankTransfer(waiting)).toBe(true)
    expect(awaitsBankTransfer({ ...waiting, state: 'draft' })).toBe(true)
  })

  test('once it is paid, cancelled, or when it is paid another way, nothing is awaited', () => {
    expect(awaitsBankTransfer({ ...waiting, paymentState: 'paid' })).toBe(false)
    expect(awaitsBankTransfer({ ...waiting, state: 'cancel' })).toBe(false)
    expect(awaitsBankTransfer({ ...waiting, provider: 'stripe' })).toBe(false)
    expect(awaitsBankTransfer({ ...waiting, provider: 'purchase_order' })).toBe(false)
    expect(awaitsBankTransfer({ ...waiting, provider: null })).toBe(false)
  })

  test('a quotation, an order with nothing left to pay, and one still before its approver wait for no transfer', () => {
    expect(awaitsBankTransfer({ ...waiting, kind: 'quotation' })).toBe(false)
    expect(awaitsBankTransfer({ ...waiting, amountDue: 0 })).toBe(false)
    expect(awaitsBankTransfer({ ...waiting, approvalState: 'awaiting_approval' })).toBe(false)
  })

  test('the block is there while the transfer is awaited and gone once the order is paid', () => {
    const method = { bankDetails: usBank, instructions: '' }
    expect(pendingTransferInstructions({ ...waiting, reference: 'S00042', currency: 'USD' }, method)?.reference).toBe('S00042')
    expect(pendingTransferInstructions({ ...waiting, paymentState: 'paid', reference: 'S00042', currency: 'USD' }, method)).toBeNull()
    expect(pendingTransferInstructions({ ...waiting, reference: 'S00042', currency: 'USD' }, null)).toBeNull()
  })
})

test('an IBAN’s check digits are checked (ISO 13616)', () => {
  expect(ibanChecksumHolds('DE89 3704 0044 0532 0130 00')).toBe(true)
  expect(ibanChecksumHolds('GB82WEST12345698765432')).toBe(true)
  expect(ibanChecksumHolds('DE88 3704 0044 0532 0130 00')).toBe(false)
  expect(ibanChecksumHolds('4402118799')).toBe(false)
})
