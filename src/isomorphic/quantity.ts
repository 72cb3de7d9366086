// How many pieces of one size a cart line may hold: the server's rule (the cart's schema refuses
// more), and what the quantity fields and the cart merge cap a typed or added number at.

export const MAX_PIECES_PER_SIZE = 10_000

/** A typed quantity as whole pieces: blanks, negatives and nonsense are 0; capped at MAX_PIECES_PER_SIZE. */
export function parseQuantity(text: string): number {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return 0
  return Math.min(Number(trimmed), MAX_PIECES_PER_SIZE)
}
