import type { ConsoleMe, ConsoleRole } from '@/isomorphic/contract/admin-session'

// The console's sections, in navigation order, and the roles that see them. A hidden link is never
// the check (the core refuses the calls behind it); it only keeps the menu to what works. Areas
// add their entry here.

export type ConsoleNavItem = { href: string; label: string; roles: readonly ConsoleRole[] }

const ALL: readonly ConsoleRole[] = ['owner', 'store_manager', 'fulfilment', 'decoration_partner']
/** Catalog, customers, selling and settings (permission store.manage). */
const MANAGERS: readonly ConsoleRole[] = ['owner', 'store_manager']

export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { href: '/admin', label: 'Dashboard', roles: ['owner', 'store_manager', 'fulfilment'] },
  { href: '/admin/orders', label: 'Orders', roles: ['owner', 'store_manager', 'fulfilment'] },
  { href: '/admin/work-orders', label: 'Work orders', roles: ALL },
  { href: '/admin/products', label: 'Products', roles: MANAGERS },
  { href: '/admin/catalog', label: 'Catalog', roles: MANAGERS },
  { href: '/admin/decoration', label: 'Decoration', roles: MANAGERS },
  { href: '/admin/customers', label: 'Customers', roles: MANAGERS },
  { href: '/admin/allowances', label: 'Allowances', roles: MANAGERS },
  { href: '/admin/promotions', label: 'Promotions', roles: MANAGERS },
  { href: '/admin/gift-cards', label: 'Gift cards', roles: MANAGERS },
  { href: '/admin/content', label: 'Content', roles: MANAGERS },
  { href: '/admin/redirects', label: 'Redirects', roles: MANAGERS },
  { href: '/admin/delivery', label: 'Delivery', roles: MANAGERS },
  { href: '/admin/checkout', label: 'Checkout', roles: MANAGERS },
  { href: '/admin/settings', label: 'Settings', roles: MANAGERS },
  { href: '/admin/store-file', label: 'Store file', roles: MANAGERS },
  { href: '/admin/webhooks', label: 'Webhooks', roles: MANAGERS },
  { href: '/admin/staff', label: 'Staff', roles: ['owner'] },
  { href: '/admin/audit', label: 'Audit log', roles: ['owner'] },
  { href: '/admin/security', label: 'Security', roles: ALL },
]

/** The sections a member sees; an owner still to turn on two-factor sees only Security. */
export function navFor(me: Pick<ConsoleMe, 'role' | 'mustEnrolSecondFactor'>): ConsoleNavItem[] {
  if (me.mustEnrolSecondFactor) return CONSOLE_NAV.filter((item) => item.href === '/admin/security')
  return CONSOLE_NAV.filter((item) => item.roles.includes(me.role))
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
