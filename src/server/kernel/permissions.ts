import { type Actor, type CoreContext, type DecorationPartner, type Staff } from './context'
import { DomainError } from './errors'

// Who may do what in the console (issue 15, ../shared/design/operations.md "Who works here").
// Every admin use case asks here, in the core, before it reads or writes: a hidden button is never
// the check. Owners act on every store; store managers and fulfilment on their stores only;
// decoration partners only through the work-order use cases (requireDecorationPartner).

export type Permission =
  /** Read orders, work orders, shipments, the dashboard, exports. */
  | 'orders.read'
  /** Mark offline payments received. */
  | 'orders.payments'
  /** Ship (on a partner's behalf), mark delivered, resolve problems, add notes. */
  | 'orders.fulfil'
  | 'orders.cancel'
  | 'orders.refund'
  /** Catalog, prices, customers, promotions, settings, webhooks (store managers and owners). */
  | 'store.manage'
  /** Staff accounts, the audit log (owners). */
  | 'staff.manage'
  | 'audit.read'

const GRANTS: Record<Staff['role'], ReadonlySet<Permission>> = {
  owner: new Set<Permission>(['orders.read', 'orders.payments', 'orders.fulfil', 'orders.cancel', 'orders.refund', 'store.manage', 'staff.manage', 'audit.read']),
  store_manager: new Set<Permission>(['orders.read', 'orders.payments', 'orders.fulfil', 'orders.cancel', 'orders.refund', 'store.manage']),
  fulfilment: new Set<Permission>(['orders.read', 'orders.payments', 'orders.fulfil', 'orders.cancel']),
}

export const CONSOLE_SIGN_IN_REQUIRED = 'Please sign in to the console.'
export const NOT_ALLOWED = 'Your role does not allow this.'
/** A decoration partner's member, signed in, asking for what only the store's staff may: not a 401, which would send them to the sign-in form. */
export const PARTNERS_WORK_FROM_WORK_ORDERS = 'This part of the console is for the store’s staff. As a decoration partner, you work from your work orders: /admin/work-orders.'

export function staffMay(staff: Staff, permission: Permission, websiteId?: number): boolean {
  if (!GRANTS[staff.role].has(permission)) return false
  return websiteId === undefined || mayActOnStore(staff, websiteId)
}

export function mayActOnStore(staff: Staff, websiteId: number): boolean {
  return staff.role === 'owner' || staff.storeIds.includes(websiteId)
}

/** The stores a member acts on: null means all of them (an owner). */
export function storeScope(staff: Staff): readonly number[] | null {
  return staff.role === 'owner' ? null : staff.storeIds
}

function unauthorized(actor: Actor): DomainError {
  return new DomainError('unauthorized', `no console session behind the request (actor ${actor.kind})`, CONSOLE_SIGN_IN_REQUIRED)
}

/**
 * The staff member behind the call, allowed `permission` (on `websiteId` when given), or an error:
 * 401 for anyone without a console session (a shopper's token never opens an admin call), 403 for a
 * decoration partner's member (signed in, but only the work-order use cases are theirs) and for a
 * role without the permission. A store outside the member's stores answers 404 through the caller
 * (`notFound`), so record ids of other stores are not confirmed to exist.
 */
export async function requireStaff(ctx: CoreContext, permission: Permission, websiteId?: number): Promise<Staff> {
  const actor = await ctx.actor()
  if (actor.kind === 'decorationPartner') {
    throw new DomainError('forbidden', `decoration partner member ${actor.staffId} lacks ${permission}`, PARTNERS_WORK_FROM_WORK_ORDERS)
  }
  if (actor.kind !== 'staff') throw unauthorized(actor)
  if (!GRANTS[actor.role].has(permission)) throw new DomainError('forbidden', `role ${actor.role} lacks ${permission}`, NOT_ALLOWED)
  if (websiteId !== undefined && !mayActOnStore(actor, websiteId)) throw new DomainError('not_found', `staff ${actor.staffId} may not act on store ${websiteId}`, 'Not found')
  return actor
}

/** The decoration partner's member behind the call, or 401. */
export async function requireDecorationPartner(ctx: CoreContext): Promise<DecorationPartner> {
  const actor = await ctx.actor()
  if (actor.kind !== 'decorationPartner') throw unauthorized(actor)
  return actor
}

/** Staff or a decoration partner's member: whoever may sign in to the console. */
export async function requireConsoleUser(ctx: CoreContext): Promise<Staff | DecorationPartner> {
  const actor = await ctx.actor()
  if (actor.kind !== 'staff' && actor.kind !== 'decorationPartner') throw unauthorized(actor)
  return actor
}
