import type { CartLine } from '@/client/stores/cart-store'

/**
 * Where a decorated cart line's "Edit design" goes: the editor with the line's product, colour and
 * saved design, the same address the account's saved designs open (/editor?product&color&design).
 */
export function editDesignHref(line: Pick<CartLine, 'slug' | 'color'>, designId: string): string {
  const query = new URLSearchParams({ product: line.slug, ...(line.color ? { color: String(line.color.id) } : {}), design: designId })
  return `/editor?${query}`
}
