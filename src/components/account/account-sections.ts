// The account area's sections (/me/{slug}), shared by the page (which answers 404 for any other
// slug) and the area's sub-navigation.

export const ACCOUNT_SECTIONS = [
  { id: 'profile', path: '/me', slug: '' },
  { id: 'addresses', path: '/me/addresses', slug: 'addresses' },
  { id: 'orders', path: '/me/orders', slug: 'orders' },
  { id: 'giftCards', path: '/me/gift-cards', slug: 'gift-cards' },
] as const

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number]['id']

/** The section a /me path's segments name, or null (a 404) for any other path. */
export function sectionForSlug(slug: readonly string[] | undefined): AccountSection | null {
  if (slug?.some((segment) => segment === '')) return null
  const joined = (slug ?? []).join('/')
  return ACCOUNT_SECTIONS.find((section) => section.slug === joined)?.id ?? null
}

export function sectionPath(section: AccountSection): string {
  return ACCOUNT_SECTIONS.find((candidate) => candidate.id === section)?.path ?? '/me'
}
