import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { AdminOrderView } from '@/components/admin/admin-order-view'
import { ConsolePage } from '@/components/admin/console-page'
import { OrderMoneyActions } from '@/components/admin/order-money-actions'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Order' }

/** /admin/orders/{id}: one order as the store sees it (orderDetail), with its money actions. */
export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const orderId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null
  if (orderId === null || orderId > 2_147_483_647) notFound()
  const order = await adminPageQuery('orderDetail', { orderId })
  return (
    <ConsolePage title={`Order ${order.reference}`} actions={<OrderMoneyActions order={order} />}>
      <AdminOrderView order={order} />
    </ConsolePage>
  )
}
