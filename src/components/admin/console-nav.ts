import type { ConsoleMe, ConsoleRole } from '@/isomorphic/contract/admin-session'

// The console's sections, in navigation order, and the roles that see them. A hidden link is never
// the check (the core refuses the calls behind it); it only keeps the menu to what works. Areas
// add their entry here.

/** The heading a section sits under in the menu, like Shopify's: what an operator looks for first. */
export type ConsoleNavGroup = 'Orders' | 'Catalog' | 'Customers' | 'Marketing' | 'Online store' | 'Settings'

export type ConsoleNavItem = { href: string; label: string; group: ConsoleNavGroup; roles: readonly ConsoleRole[] }

const ALL: readonly ConsoleRole[] = ['owner', 'store_manager', 'fulfilment', 'decoration_partner']
/** Catalog, customers, selling and settings (permission store.manage). */
const MANAGERS: readonly ConsoleRole[] = ['owner', 'store_manager']

export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { href: '/admin', label: 'Dashboard', group: 'Orders', roles: ['owner', 'store_manager', 'fulfilment'] },
  { href: '/admin/orders', label: 'Orders', group: 'Orders', roles: ['owner', 'store_manager', 'fulfilment'] },
  { href: '/admin/work-orders', label: 'Work orders', group: 'Orders', roles: ALL },
  { href: '/admin/products', label: 'Products', group: 'Catalog', roles: MANAGERS },
  { href: '/admin/catalog', label: 'Catalog', group: 'Catalog', roles: MANAGERS },
  { href: '/admin/decoration', label: 'Decoration', group: 'Catalog', roles: MANAGERS },
  { href: '/admin/customers', label: 'Customers', group: 'Customers', roles: MANAGERS },
  { href: '/admin/allowances', label: 'Allowances', group: 'Customers', roles: MANAGERS },
  { href: '/admin/promotions', label: 'Promotions', group: 'Marketing', roles: MANAGERS },
  { href: '/admin/gift-cards', label: 'Gift cards', group: 'Marketing', roles: MANAGERS },
  { href: '/admin/content', label: 'Content', group: 'Online store', roles: MANAGERS },
  { href: '/admin/redirects', label: 'Redirects', group: 'Online store', roles: MANAGERS },
  { href: '/admin/stores', label: 'Stores', group: 'Settings', roles: MANAGERS },
  { href: '/admin/delivery', label: 'Delivery', group: 'Settings', roles: MANAGERS },
  { href: '/admin/checkout', label: 'Checkout', group: 'Settings', roles: MANAGERS },
  { href: '/admin/settings', label: 'Store settings', group: 'Settings', roles: MANAGERS },
  { href: '/admin/store-file', label: 'Store file', group: 'Settings', roles: MANAGERS },
  { href: '/admin/webhooks', label: 'Webhooks', group: 'Settings', roles: MANAGERS },
  { href: '/admin/staff', label: 'Staff', group: 'Settings', roles: ['owner'] },
  { href: '/admin/audit', label: 'Audit log', group: 'Settings', roles: ['owner'] },
  { href: '/admin/security', label: 'Security', group: 'Settings', roles: ALL },
]

/** The sections a member sees; an owner still to turn on two-factor sees only Security. */
export function navFor(me: Pick<ConsoleMe, 'role' | 'mustEnrolSecondFactor'>): ConsoleNavItem[] {
  if (me.mustEnrolSecondFactor) return CONSOLE_NAV.filter((item) => item.href === '/admin/security')
  return CONSOLE_NAV.filter((item) => item.roles.includes(me.role))
}

/** The items in their groups, in menu order (a group without an item for this member is left out). */
export function navGroups(items: readonly ConsoleNavItem[]): { group: ConsoleNavGroup; items: ConsoleNavItem[] }[] {
  const groups: { group: ConsoleNavGroup; items: ConsoleNavItem[] }[] = []
  for (const item of items) {
    const last = groups.at(-1)
    if (last?.group === item.group) last.items.push(item)
    else groups.push({ group: item.group, items: [item] })
  }
  return groups
}

/** Whether `href` is the section of `pathname` (the dashboard only for itself). */
export function isCurrentSection(href: string, pathname: string): boolean {
  return href === '/admin' ? pathname === '/admin' : pathname === href || pathname.startsWith(`${href}/`)
}

export const ROLE_LABELS: Record<ConsoleRole, string> = {
  owner: 'Owner',
  store_manager: 'Store manager',
  fulfilment: 'Fulfilment',
  decoration_partner: 'Decoration partner',
}
