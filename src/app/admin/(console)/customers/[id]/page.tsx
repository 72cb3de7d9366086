import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { CustomerStatusBadges } from '@/components/admin/customer-badges'
import { CustomerEditor } from '@/components/admin/customer-editor'
import type { ReactNode } from 'react'
import { formatDate, formatPrice } from '@/isomorphic/format'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Customer' }

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-line bg-white p-4">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted">{children}</p>

// /admin/customers/[id]: one customer — profile and settings, orders, addresses, the budget ledger
// with its running balance, saved designs.
export default async function CustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound()
  const customer = await adminPageQuery('customers.get', { customerId: Number(id) })
  const money = (amount: number) => formatPrice(amount, customer.currency)

  return (
    <ConsolePage
      title={
        <span className="block min-w-0 break-words">
          {customer.name}
          <span className="block text-sm font-normal text-muted">{customer.email}</span>
        </span>
      }
      actions={
        <Link href={`/admin/customers?store=${customer.websiteId}`} className="text-sm font-semibold text-accent underline">
          ← Customers
        </Link>
      }
    >
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-4">
          <Section title="Profile">
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-muted">Status</dt>
              <dd>
                <CustomerStatusBadges customer={customer} />
              </dd>
              <dt className="text-muted">Store</dt>
              <dd>{customer.storeName}</dd>
              <dt className="text-muted">Phone</dt>
              <dd>{customer.phone ?? '—'}</dd>
              <dt className="text-muted">Group</dt>
              <dd>{customer.groups.find((group) => group.id === customer.groupId)?.name ?? '—'}</dd>
              <dt className="text-muted">Allowance balance</dt>
              <dd className="tabular-nums">{customer.budgetAmount === null ? 'No allowance' : money(customer.budgetAmount)}</dd>
              <dt className="text-muted">Single sign-on</dt>
              <dd>{customer.singleSignOn ? 'Linked' : 'Not linked'}</dd>
              <dt className="text-muted">Customer since</dt>
              <dd>{formatDate(customer.createdAt)}</dd>
            </dl>
          </Section>

          <Section title="Orders">
            {customer.orders.length === 0 ? (
              <Empty>No orders yet.</Empty>
            ) : (
              <ul className="divide-y divide-line text-sm">
                {customer.orders.map((order) => (
                  <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                    <Link href={`/admin/orders/${order.id}`} className="font-semibold text-accent underline-offset-2 hover:underline">
                      {order.reference}
                    </Link>
                    <span className="text-muted">{formatDate(order.placedAt)}</span>
                    <span className="text-muted">{order.state === 'cancel' ? 'Cancelled' : order.paymentState.replace(/_/g, ' ')}</span>
                    <span className="font-medium tabular-nums">{money(order.total)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section title="Budget ledger">
            {customer.ledger.length === 0 ? (
              <Empty>No allowance movements.</Empty>
            ) : (
              <table className="w-full text-left text-sm">
                <thead className="text-muted">
                  <tr>
                    <th scope="col" className="py-1 font-medium">
                      Date
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Order
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Amount
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Balance
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {customer.ledger.map((row) => (
                    <tr key={row.id}>
                      <td className="py-1.5 whitespace-nowrap">{formatDate(row.at)}</td>
                      <td className="py-1.5">
                        {row.orderId ? (
                          <Link href={`/admin/orders/${row.orderId}`} className="text-accent underline">
                            {row.orderReference ?? `#${row.orderId}`}
                          </Link>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className={`py-1.5 text-right tabular-nums ${row.amount < 0 ? 'text-danger' : ''}`}>{money(row.amount)}</td>
                      <td className="py-1.5 text-right tabular-nums">{money(row.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Section>

          <Section title="Addresses">
            {customer.addresses.length === 0 ? (
              <Empty>No saved addresses.</Empty>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {customer.addresses.map((address) => (
                  <li key={address.id} className="rounded-md border border-line p-3 text-sm break-words">
                    <span className="block text-xs font-semibold text-muted uppercase">
                      {address.type}
                      {address.isDefault ? ' · default' : ''}
                    </span>
                    <span className="block font-medium">{address.name}</span>
                    {address.lines.map((line, index) => (
                      <span key={index} className="block">
                        {line}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section title="Saved designs">
            {customer.designs.length === 0 ? (
              <Empty>No saved designs.</Empty>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {customer.designs.map((design) => (
                  <li key={design.id} className="text-sm">
                    {design.thumbnailUrl ? (
                      // eslint-disable-next-line @next/next/no-img-element -- the image route draws the size asked for
                      <img src={design.thumbnailUrl} alt={`Design on ${design.productName}`} width={256} height={256} loading="lazy" className="aspect-square w-full rounded-md border border-line bg-soft object-contain" />
                    ) : (
                      <span className="block aspect-square w-full rounded-md border border-line bg-soft" />
                    )}
                    <span className="mt-1 block truncate">{design.productName}</span>
                    <span className="block text-xs text-muted">{formatDate(design.savedAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
        <div className="min-w-0">
          <CustomerEditor customer={customer} />
        </div>
      </div>
    </ConsolePage>
  )
}
