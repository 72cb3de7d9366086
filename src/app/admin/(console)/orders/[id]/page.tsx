import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { AdminOrderView } from '@/components/admin/admin-order-view'
import { ConsolePage } from '@/components/admin/console-page'
import { OrderMoneyActions } from '@/components/admin/order-money-actions'
import { OrderWorkOrdersPanel } from '@/components/admin/order-work-orders-panel'
import { productionMayStart } from '@/isomorphic/payment-terms'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Order' }

/** /admin/orders/{id}: one order as the store sees it (orderDetail), with its money actions and its work orders and shipments. */
export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const orderId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null
  if (orderId === null || orderId > 2_147_483_647) notFound()
  const [order, fulfilment] = await Promise.all([adminPageQuery('orderDetail', { orderId }), adminPageQuery('orderWorkOrders', { orderId })])
  // Each work order's lines and shipments (an order has one per decoration partner: a few).
  const workOrders = await Promise.all(fulfilment.workOrders.map((workOrder) => adminPageQuery('workOrder', { workOrderId: workOrder.id })))
  return (
    <ConsolePage title={`Order ${order.reference}`} actions={<OrderMoneyActions order={order} />}>
      <p className="-mt-4 mb-4 text-sm">
        <Link href="/admin/orders" className="text-accent underline">
          All orders
        </Link>
      </p>
      <AdminOrderView
        order={order}
        fulfilment={
          <OrderWorkOrdersPanel
            orderId={order.id}
            orderState={order.state}
            fulfilmentState={fulfilment.fulfilmentState}
            paymentState={order.paymentState}
            inHandsDate={order.inHandsDate}
            deliveredAt={fulfilment.deliveredAt}
            workOrders={workOrders}
            waitingForPayment={!productionMayStart({ kind: 'order', state: order.state, paymentState: order.paymentState, provider: order.paymentMethod?.provider ?? null })}
          />
        }
      />
    </ConsolePage>
  )
}
