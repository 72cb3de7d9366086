import { createHash } from 'node:crypto'

// A gift card number is a bearer secret: whoever knows it can spend the card. Only its SHA-256 and
// its last four characters are stored; numbers are compared after the same normalisation
// everywhere (the store file, the redeem form): surrounding blanks dropped, letters upper-cased.

/** The longest number accepted anywhere (longer input is not a gift card number). */
export const GIFT_CARD_CODE_MAX_LENGTH = 64

/** Trimmed and upper-cased; '' for blank input. */
export function normalizeGiftCardCode(code: string): string {
  return code.trim().toUpperCase()
}

/** SHA-256 (hex) of the normalised number: what `gift_cards.code_hash` holds. */
export function hashGiftCardCode(code: string): string {
  return createHash('sha256').update(normalizeGiftCardCode(code), 'utf8').digest('hex')
}

/** The last four characters of the normalised number, shown to the owner ('…0050'). */
export function giftCardLast4(code: string): string {
  return normalizeGiftCardCode(code).slice(-4)
}
