'use client'

import { useTranslations } from 'next-intl'
import { useCartCount } from '@/client/stores/cart-store'
import { Link } from '@/i18n/navigation'
import { BagIcon } from '../ui/icons'
import { useHydrated } from '@/client/use-hydrated'
import { counted } from '@/isomorphic/format'

/** The header's cart link with the number of pieces in the visitor's cart (session storage). */
export function CartLink() {
  const t = useTranslations('shell')
  const stored = useCartCount()
  const count = useHydrated() ? stored : 0
  return (
    <Link
      href="/cart"
      prefetch={false}
      aria-label={t('cartWithCount', counted(count))}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-soft"
    >
      <BagIcon />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-[0.6875rem] leading-5 font-semibold text-white"
        >
          {count > 999 ? '999+' : count}
        </span>
      ) : null}
    </Link>
  )
}
