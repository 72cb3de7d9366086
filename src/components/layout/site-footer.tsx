import type { ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { Link } from '@/i18n/navigation'
import type { Website } from '@/isomorphic/catalog-types'
import { serializeShopFilters } from '@/isomorphic/catalog-search'

type SiteFooterProps = { website: Website | null; categories: string[]; year: number }

export function SiteFooter({ website, categories, year }: SiteFooterProps) {
  const t = useTranslations('footer')
  const shell = useTranslations('shell')
  const name = website?.name || shell('fallbackName')
  const pages = website?.contentPages ?? []

  return (
    <footer className="mt-24 border-t border-line bg-soft">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-1">
          <p className="text-lg font-semibold tracking-tight text-ink">{name}</p>
          {website?.description ? <p className="mt-3 max-w-xs text-sm leading-6 text-muted">{website.description}</p> : null}
        </div>

        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="text-sm font-semibold text-ink">
            {t('shopHeading')}
          </h2>
          <ul className="mt-3 space-y-1">
            <li>
              <FooterLink href="/shop">{t('allProducts')}</FooterLink>
            </li>
            {categories.map((category) => (
              <li key={category}>
                <FooterLink href={`/shop?${serializeShopFilters({ categories: [category] })}`}>{category}</FooterLink>
              </li>
            ))}
          </ul>
        </nav>

        {pages.length > 0 ? (
          <nav aria-labelledby="footer-information">
            <h2 id="footer-information" className="text-sm font-semibold text-ink">
              {t('information')}
            </h2>
            <ul className="mt-3 space-y-1">
              {pages.map((page) => (
                <li key={page.slug}>
                  <FooterLink href={`/${encodeURIComponent(page.slug)}`}>{page.title}</FooterLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        {website?.contactEmail || website?.contactPhone ? (
          <div>
            <h2 className="text-sm font-semibold text-ink">{t('contactHeading')}</h2>
            <dl className="mt-3 space-y-2 text-sm">
              {website.contactEmail ? (
                <div>
                  <dt className="sr-only">{t('email')}</dt>
                  <dd>
                    <a href={`mailto:${website.contactEmail}`} className="text-muted underline-offset-4 hover:text-ink hover:underline">
                      {website.contactEmail}
                    </a>
                  </dd>
                </div>
              ) : null}
              {website.contactPhone ? (
                <div>
                  <dt className="sr-only">{t('phone')}</dt>
                  <dd>
                    <a
                      href={`tel:${website.contactPhone.replace(/[^\d+]/g, '')}`}
                      className="text-muted underline-offset-4 hover:text-ink hover:underline"
                    >
                      {website.contactPhone}
                    </a>
                  </dd>
                </div>
              ) : null}
            </dl>
          </div>
        ) : null}
      </div>
      <div className="border-t border-line">
        <p className="container-page py-6 text-xs text-muted">{t('copyright', { year, name })}</p>
      </div>
    </footer>
  )
}

function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} prefetch={false} className="inline-flex min-h-8 items-center text-sm text-muted underline-offset-4 hover:text-ink hover:underline">
      {children}
    </Link>
  )
}
