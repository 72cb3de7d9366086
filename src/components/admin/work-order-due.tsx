import type { WorkOrderView } from '@/isomorphic/contract/admin-work-orders'
import { formatWeekday } from '@/isomorphic/business-days'

// The day a decoration partner owes a work order's shipment (issue 26), and why: the customer's
// in-hands date less the delivery's transit, or the store's production time (workOrderShipBy).

/** "Fri, Dec 4 (to be in hands on time)". */
export const shipByText = (shipBy: NonNullable<WorkOrderView['shipBy']>) =>
  `${formatWeekday(shipBy.day)} (${shipBy.basis === 'in_hands' ? 'to be in hands on time' : 'the store’s production time'})`
