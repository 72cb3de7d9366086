// The account area's sections (/me/{slug}), shared by the page (which answers 404 for any other
// slug) and the area's sub-navigation. Approvals are listed only for partners who may approve
// orders (the page exists for everyone; the server refuses anyone else's reads and decisions).

export const ACCOUNT_SECTIONS = [
  { id: 'profile', path: '/me', slug: '', approversOnly: false },
  { id: 'addresses', path: '/me/addresses', slug: 'addresses', approversOnly: false },
  { id: 'orders', path: '/me/orders', slug: 'orders', approversOnly: false },
  { id: 'approvals', path: '/me/approvals', slug: 'approvals', approversOnly: true },
  { id: 'designs', path: '/me/designs', slug: 'designs', approversOnly: false },
  { id: 'giftCards', path: '/me/gift-cards', slug: 'gift-cards', approversOnly: false },
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

/** The sections a partner's navigation lists. */
export function visibleSections(canApproveOrders: boolean) {
  return ACCOUNT_SECTIONS.filter((section) => !section.approversOnly || canApproveOrders)
}
