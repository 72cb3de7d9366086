import { and, type AnyColumn, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { workOrders } from '../db/schema'
import type { CoreContext, DecorationPartner, Staff } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { type Permission, requireConsoleUser, requireStaff, storeScope } from '../kernel/permissions'

// Who sees which work orders (issue 15): a decoration partner's member only its partner's, the
// store's staff those of their stores (an owner all). Any other id — another partner's, another
// store's, one that does not exist — answers the same 404, so ids say nothing about what exists.

export const WORK_ORDER_NOT_FOUND = 'Work order not found'

export const workOrderNotFound = (workOrderId: number | string) => new DomainError('not_found', `work order ${workOrderId} not found for the caller`, WORK_ORDER_NOT_FOUND)

export type WorkOrderCaller = { actor: Staff | DecorationPartner; visible: SQL }

/** The stores' condition for a staff member: every store for an owner, none for a member without stores. */
export function storeCondition(staff: Staff, column: AnyColumn): SQL {
  const scope = storeScope(staff)
  if (scope === null) return sql`true`
  return scope.length === 0 ? sql`false` : inArray(column, [...scope])
}

/**
 * The caller and the condition on work_orders that keeps to what they may see: a partner's member
 * always; staff with `staffPermission` (401 for anyone else, 403 for a role without it).
 */
export async function workOrderCaller(ctx: CoreContext, staffPermission: Permission): Promise<WorkOrderCaller> {
  const actor = await requireConsoleUser(ctx)
  if (actor.kind === 'decorationPartner') return { actor, visible: eq(workOrders.decorationPartnerId, actor.decorationPartnerId) }
  const staff = await requireStaff(ctx, staffPermission)
  return { actor: staff, visible: storeCondition(staff, workOrders.websiteId) }
}

export function visibleWorkOrder(caller: WorkOrderCaller, workOrderId: number): SQL {
  return and(eq(workOrders.id, workOrderId), caller.visible)!
}
