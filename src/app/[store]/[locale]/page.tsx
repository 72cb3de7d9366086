import { getTranslations, setRequestLocale } from 'next-intl/server'
import { HomeHero } from '@/components/home/home-hero'
import { HomeSections } from '@/components/home/home-sections'
import { ProductGrid } from '@/components/product/product-grid'
import { ArrowRightIcon } from '@/components/ui/icons'
import { Link } from '@/i18n/navigation'
import { loadHomePage, loadWebsite } from '@/web/catalog-data'
import { storeIdOf } from './route-params'

export default async function HomePage({ params }: { params: Promise<{ store: string; locale: string }> }) {
  const { store, locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'home' })
  const [{ home, featuredProducts }, website] = await Promise.all([loadHomePage(storeIdOf(store)), loadWebsite(storeIdOf(store))])

  return (
    <>
      {home ? (
        <HomeHero home={home} />
      ) : (
        <section className="container-page py-16">
          <h1 className="text-4xl font-bold tracking-tight text-ink">{website?.name ?? t('emptyTitle')}</h1>
          <p className="mt-4 text-lg text-muted">{t('emptyBody')}</p>
        </section>
      )}

      {featuredProducts.length > 0 ? (
        <section aria-labelledby="featured-title" className="container-page mt-16 sm:mt-20">
          <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="featured-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
                {t('featured')}
              </h2>
              <p className="mt-2 text-muted">{t('featuredIntro')}</p>
            </div>
            <Link href="/shop" className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:text-accent-strong">
              {t('viewAll')}
              <ArrowRightIcon width={16} height={16} />
            </Link>
          </div>
          <ProductGrid products={featuredProducts.slice(0, 8)} />
        </section>
      ) : null}

      <HomeSections sections={home?.sections ?? []} />
    </>
  )
}
