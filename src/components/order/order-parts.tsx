import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import type { OrderLineDesign } from '@/isomorphic/decoration-types'
import { formatPrice } from '@/isomorphic/format'
import { orderTotalRows } from '@/isomorphic/order-totals'
import type { OrderAddressData, OrderAmounts, OrderLineData, OrderState } from '@/isomorphic/order-types'

// One order view (issue 26): the lines, the designs' mockups and placements, the addresses and the
// totals of an order, drawn alike on the shopper's order page, the approver's review and the
// console's order page; each page puts its own role's actions around them. No client state: they
// render on the server (the console) or inside the storefront's client pages, with the `orders`
// messages either way.

/**
 * The order's lines: product (with SKU, colour and logo), size, pieces, unit price and total. A
 * table from 640 px; on a phone each line stacks its product above its four figures, so nothing
 * scrolls sideways (issue 17).
 */
export function OrderLinesTable({ lines, currency, refunded }: { lines: OrderLineData[]; currency?: string; refunded?: ReadonlyMap<number, number> }) {
  const t = useTranslations('orders')
  const money = (amount: number) => formatPrice(amount, currency)
  const refundedOf = (line: OrderLineData) => refunded?.get(line.id) || '—' 
  // The table comes first in the page, so a test or tool reading the first match finds it on a desktop.
  return (
    <>
      <table className="mt-3 hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">{t('lines')}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">{t('product')}</th>
            <th scope="col" className="py-2 pr-3 font-medium">{t('size')}</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">{t('quantity')}</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">{t('unitPrice')}</th>
            {refunded ? <th scope="col" className="py-2 pr-3 text-right font-medium">{t('refunded')}</th> : null}
            <th scope="col" className="py-2 text-right font-medium">{t('lineTotal')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {lines.map((line) => (
            <tr key={line.id}>
              <td className="py-2 pr-3 break-words text-ink">
                <span className="font-medium">{line.name}</span>
                {line.lineType === 'reward' ? <span className="ml-2 text-xs font-semibold text-accent-strong">{t('reward')}</span> : null}
                <span className="block text-muted">{lineFacts(line)}</span>
              </td>
              <td className="py-2 pr-3 text-ink">{line.size ?? '—'}</td>
              <td className="py-2 pr-3 text-right text-ink tabular-nums">{line.quantity}</td>
              <td className="py-2 pr-3 text-right text-ink tabular-nums">{money(line.unitPrice)}</td>
              {refunded ? <td className="py-2 pr-3 text-right text-ink tabular-nums">{refundedOf(line)}</td> : null}
              <td className="py-2 text-right text-ink tabular-nums">{money(line.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul role="list" aria-label={t('lines')} className="mt-3 divide-y divide-line border-y border-line text-sm sm:hidden">
        {lines.map((line) => (
          <li key={line.id} className="py-3">
            <p className="font-medium text-ink">
              {line.name}
              {line.lineType === 'reward' ? <span className="ml-2 text-xs font-semibold text-accent-strong">{t('reward')}</span> : null}
            </p>
            <p className="break-words text-muted">{lineFacts(line)}</p>
            <dl className={`mt-2 grid gap-2 ${refunded ? 'grid-cols-2 min-[360px]:grid-cols-3' : 'grid-cols-4'}`}>
              <LineFigure term={t('size')}>{line.size ?? '—'}</LineFigure>
              <LineFigure term={t('quantity')} numeric>
                {line.quantity}
              </LineFigure>
              <LineFigure term={t('unitPrice')} numeric>
                {money(line.unitPrice)}
              </LineFigure>
              {refunded ? (
                <LineFigure term={t('refunded')} numeric>
                  {refundedOf(line)}
                </LineFigure>
              ) : null}
              <LineFigure term={t('lineTotal')} numeric strong>
                {money(line.subtotal)}
              </LineFigure>
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}

const lineFacts = (line: OrderLineData) => [line.templateSkuCode, line.color, line.logo?.name].filter(Boolean).join(' · ')

/** One figure of a line on a phone: its column's name above its value. */
function LineFigure({ term, numeric = false, strong = false, children }: { term: string; numeric?: boolean; strong?: boolean; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${numeric ? 'text-right' : ''}`}>
      <dt className="text-xs text-muted">{term}</dt>
      <dd className={`break-words text-ink tabular-nums ${strong ? 'font-semibold' : ''}`}>{children}</dd>
    </div>
  )
}

/** A design's mockups, front then back (the sides it decorates), as the server drew them. */
export function DesignMockups({ mockupUrls, name }: { mockupUrls: Partial<Record<'front' | 'back', string>>; name: string }) {
  const t = useTranslations('orders')
  return (
    <div className="flex shrink-0 gap-2">
      {(['front', 'back'] as const)
        .filter((view) => mockupUrls[view])
        .map((view) => (
          // eslint-disable-next-line @next/next/no-img-element -- the design's mockup, rendered by the server at its own size
          <img
            key={view}
            src={mockupUrls[view]}
            alt={t('designMockup', { name, view })}
            width={160}
            height={160}
            loading="lazy"
            className="size-32 rounded-lg border border-line bg-soft object-contain sm:size-40"
          />
        ))}
    </div>
  )
}

/** The designs the order was made with (issue 7): their mockups and every decoration's placement, once per design. */
export function OrderDesigns({ lines }: { lines: OrderLineData[] }) {
  const t = useTranslations('orders')
  const designs = new Map<string, { name: string; design: OrderLineDesign }>()
  for (const line of lines) {
    // The garment's line names the design; its set-up line ("Decoration set-up: …") carries the same one.
    if (!line.design || line.lineType === 'setup') continue
    const key = line.design.id ?? `line-${line.id}`
    if (!designs.has(key)) designs.set(key, { name: line.name, design: line.design })
  }
  if (designs.size === 0) return null
  return (
    <section aria-labelledby="order-designs">
      <h3 id="order-designs" className="text-base font-semibold text-ink">
        {t('designs')}
      </h3>
      <ul role="list" className="mt-3 space-y-5">
        {[...designs].map(([key, { name, design }]) => (
          <li key={key} className="flex flex-col gap-4 sm:flex-row">
            <DesignMockups mockupUrls={design.mockupUrls} name={name} />
            <div className="text-sm">
              <p className="font-medium text-ink">{name}</p>
              <ul role="list" className="mt-1 space-y-1 text-muted">
                {design.decorations.map((decoration, index) => (
                  <li key={index}>
                    {t('designPlacement', {
                      what: decoration.kind === 'text' ? t('designText', { text: decoration.text ?? '' }) : (decoration.logo?.name ?? t('designArtwork')),
                      area: decoration.printArea.name,
                      method: decoration.method.name,
                      width: decoration.width.toFixed(1),
                      height: decoration.height.toFixed(1),
                      x: decoration.x.toFixed(1),
                      y: decoration.y.toFixed(1),
                    })}
                    {decoration.kind === 'text' && decoration.font && decoration.color ? ` · ${t('designFont', { font: decoration.font.name, color: decoration.color.name })}` : null}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** An order's address as written on it (name, street, city, country, phone, and the email when given). */
export function OrderAddress({ address, email, className = 'text-muted' }: { address: OrderAddressData; email?: string; className?: string }) {
  const locality = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return (
    <address className={`text-sm leading-6 break-words not-italic ${className}`}>
      {[address.name, address.street, address.street2, locality, address.country, address.phone, email]
        .filter(Boolean)
        .map((part, index) => (
          <span key={index} className="block">
            {part}
          </span>
        ))}
    </address>
  )
}

export function AddressBlock({ title, address, email }: { title: string; address: OrderAddressData; email?: string }) {
  return (
    <section>
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      <div className="mt-1">
        <OrderAddress address={address} email={email} />
      </div>
    </section>
  )
}

export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{term}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  )
}

export function Amount({ label, value, strong = false, currency }: { label: string; value: number; strong?: boolean; currency?: string }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'border-t border-line pt-2 text-base font-semibold' : ''}`}>
      <dt className={strong ? 'text-ink' : 'text-muted'}>{label}</dt>
      <dd className="text-ink tabular-nums">{value < 0 ? `−${formatPrice(-value, currency)}` : formatPrice(value, currency)}</dd>
    </div>
  )
}

/**
 * The order's money, row by row (orderTotalRows): subtotal to total, then gift cards, budget and
 * what is left to pay — nothing for a cancelled order. `due: false` leaves the amount due out (the
 * approval review shows what goes over the budget instead); `children` are the page's own rows.
 */
export function OrderTotalRows({ amounts, state, due = true, currency, children }: { amounts: OrderAmounts; state?: OrderState; due?: boolean; currency?: string; children?: ReactNode }) {
  const t = useTranslations('orders')
  return (
    <dl className="space-y-2 text-sm">
      {orderTotalRows(amounts, { due, state }).map((row) => (
        <Amount key={row.key} label={t(row.key)} value={row.amount} strong={row.strong} currency={currency} />
      ))}
      {children}
    </dl>
  )
}
