import { useTranslations } from 'next-intl'
import { Link } from '@/i18n/navigation'
import type { Website } from '@/isomorphic/catalog-types'
import { StoreMark } from '../layout/store-mark'

/** The checkout's own header: the store's logo or name, that the checkout is secure, and the way back to the cart. */
export function CheckoutHeader({ website }: { website: Website | null }) {
  const t = useTranslations('checkout')
  const shell = useTranslations('shell')
  const name = website?.name || shell('fallbackName')
  return (
    <header className="border-b border-line bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <span className="flex min-w-0 items-center gap-2.5">
          <StoreMark website={website} name={name} logoClassName="h-9 w-auto max-w-[40vw] object-contain object-left sm:h-10" />
        </span>
        <span className="flex shrink-0 items-center gap-2 sm:gap-5">
          <span className="hidden items-center gap-1.5 text-sm text-muted sm:flex">
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
              <path fillRule="evenodd" d="M10 1a4.5 4.5 0 0 0-4.5 4.5V8H5a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm2.5 7V5.5a2.5 2.5 0 0 0-5 0V8h5Z" clipRule="evenodd" />
            </svg>
            {t('secureCheckout')}
          </span>
          <Link href="/cart" className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-accent-strong underline-offset-4 hover:underline">
            {t('checkoutHeaderBack')}
          </Link>
        </span>
      </div>
    </header>
  )
}
