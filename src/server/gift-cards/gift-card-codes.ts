import { createHash, randomBytes } from 'node:crypto'

// A gift card number is a bearer secret: whoever knows it can spend the card. Only its SHA-256 and
// its last four characters are stored; numbers are compared after the same normalisation
// everywhere (the store file, the redeem form): surrounding blanks dropped, letters upper-cased. A
// generated number is also found when typed without its dashes (giftCardCodeHashes).

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

const SEPARATORS = /[\s-]+/g
const UNGROUPED_GENERATED = /^[A-Z0-9]{16}$/

/**
 * The hashes a typed number may be stored under, the number as typed first: also, when it is a
 * generated number typed without its dashes or with blanks ('k7qm 2xwd 9htr pb4c'), the hash of its
 * four dashed groups. A number from a store file is matched as it was written there.
 */
export function giftCardCodeHashes(typed: string): string[] {
  const asTyped = hashGiftCardCode(typed)
  const compact = normalizeGiftCardCode(typed).replace(SEPARATORS, '')
  if (!UNGROUPED_GENERATED.test(compact)) return [asTyped]
  const grouped = hashGiftCardCode([0, 4, 8, 12].map((start) => compact.slice(start, start + 4)).join('-'))
  return grouped === asTyped ? [asTyped] : [asTyped, grouped]
}

/** The last four characters of the normalised number, shown to the owner ('…0050'). */
export function giftCardLast4(code: string): string {
  return normalizeGiftCardCode(code).slice(-4)
}

/** 32 letters and digits without the easily misread 0, O, 1 and I: a byte's low 5 bits pick one evenly. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/**
 * A new gift card number: 16 random characters of CODE_ALPHABET (80 bits, from the operating
 * system's CSPRNG) in four groups, e.g. "K7QM-2XWD-9HTR-PB4C". It fits the store file's rule for a
 * number, so a store file may list it too.
 */
export function generateGiftCardCode(): string {
  const bytes = randomBytes(16)
  const characters = [...bytes].map((byte) => CODE_ALPHABET[byte & 31]!)
  return [0, 4, 8, 12].map((start) => characters.slice(start, start + 4).join('')).join('-')
}
