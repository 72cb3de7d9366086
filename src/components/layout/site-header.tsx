import { useTranslations } from 'next-intl'
import { Link } from '@/i18n/navigation'
import type { Website } from '@/shared/catalog-types'
import { serializeShopFilters } from '@/shared/catalog-search'
import { imageUrl } from '@/shared/image-address'
import { CartLink } from '../cart/cart-link'
import { UserIcon } from '../ui/icons'
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
        <div className="container-page flex h-16 items-center gap-2 lg:gap-6">
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
              <li>
                <Link href="/login" className="flex min-h-12 items-center text-base font-medium text-ink">
                  {t('signIn')}
                </Link>
              </li>
            </ul>
          </MobileMenu>

          <Link
            href="/"
            aria-label={t('homeLink', { name })}
            className="mr-auto flex min-w-0 items-center gap-2.5 rounded-md py-1 lg:mr-0"
          >
            {website?.logoImage ? (
              // eslint-disable-next-line @next/next/no-img-element -- served by our image route
              <img
                src={imageUrl(website.logoImage, 64, 64)}
                alt=""
                width={32}
                height={32}
                className="size-8 shrink-0 rounded-md object-contain"
              />
            ) : (
              <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-sm font-bold text-white">
                {name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="truncate text-base font-semibold tracking-tight text-ink sm:text-lg">{name}</span>
          </Link>

          <nav aria-label={t('mainNavigation')} className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {links.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className="inline-flex h-10 items-center rounded-full px-3 text-sm font-medium text-muted transition-colors hover:bg-soft hover:text-ink"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <SiteSearch id="header-search" className="ml-auto hidden w-64 md:block xl:w-80" />

          <div className="flex items-center gap-1">
            <Link
              href="/login"
              prefetch={false}
              className="hidden h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink hover:bg-soft sm:inline-flex"
            >
              <UserIcon width={20} height={20} />
              {t('signIn')}
            </Link>
            <CartLink />
          </div>
        </div>
      </div>
    </header>
  )
}
