import { useTranslations } from 'next-intl'
import { Link } from '@/i18n/navigation'
import type { Website } from '@/isomorphic/catalog-types'
import { serializeShopFilters } from '@/isomorphic/catalog-search'
import { StoreMark } from './store-mark'
import { AccountMenu, AccountMenuItems } from '../account/account-menu'
import { CartLink } from '../cart/cart-link'
import { contentLinks } from './content-links'
import { MobileMenu } from './mobile-menu'
import { SiteSearch } from './site-search'

type SiteHeaderProps = { website: Website | null; categories: string[] }

export function SiteHeader({ website, categories }: SiteHeaderProps) {
  const t = useTranslations('shell')
  const name = website?.name || t('fallbackName')
  const links = [
    { href: '/shop', label: t('shop') },
    ...categories.map((category) => ({ href: `/shop?${serializeShopFilters({ categories: [category] })}`, label: category })),
    ...contentLinks(website).map((link) => ({ href: link.href, label: t(link.kind) })),
  ]

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="relative">
        <div className="container-page flex h-16 items-center gap-2 md:gap-6">
          <MobileMenu openLabel={t('openMenu')} closeLabel={t('closeMenu')} title={t('mainNavigation')}>
            <SiteSearch id="mobile-search" className="mb-4" />
            <ul className="divide-y divide-line">
              {links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="flex min-h-12 items-center text-base font-medium text-ink">
                    {link.label}
                  </Link>
                </li>
              ))}
              <AccountMenuItems />
            </ul>
          </MobileMenu>

          <Link
            href="/"
            className="mr-auto flex min-w-0 shrink items-center gap-2.5 rounded-md py-1 md:mr-0 md:max-w-[18rem]"
          >
            <StoreMark website={website} name={name} logoClassName="h-9 w-auto max-w-[45vw] object-contain object-left sm:h-10" />
          </Link>

          <SiteSearch id="header-search" className="mx-auto hidden w-full max-w-md md:block" />

          <div className="flex shrink-0 items-center gap-1">
            <AccountMenu />
            <CartLink />
          </div>
        </div>
        <nav aria-label={t('mainNavigation')} className="hidden border-t border-line lg:block">
          <div className="container-page">
            <ul className="-mx-3 flex h-11 items-center gap-1 overflow-x-auto">
            {links.map((link) => (
              <li key={link.href} className="shrink-0">
                <Link
                  href={link.href}
                  className="inline-flex h-9 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap text-muted transition-colors hover:bg-soft hover:text-ink"
                >
                  {link.label}
                </Link>
              </li>
            ))}
            </ul>
          </div>
        </nav>
      </div>
    </header>
  )
}
