import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'
import { EditorView } from '@/components/editor/editor-view'
import { Breadcrumbs } from '@/components/product/breadcrumbs'
import { colorOptions, initialColorId } from '@/components/product/product-options'
import { loadProduct, productViewData } from '@/web/catalog-data'
import { loadDecorationOptions } from '@/web/decoration-data'
import { storeMetadata } from '../store-metadata'
import { storeIdOf } from '../route-params'

type EditorPageProps = {
  params: Promise<{ store: string; locale: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)
const DESIGN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export async function generateMetadata({ params }: EditorPageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'editor' })
  return { ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('title') })), robots: { index: false, follow: false } }
}

// /editor?product=<slug>&color=<colour value id>[&design=<saved design id>]. The query makes every visit a fresh render (no
// route cache), which the editor's per-product, per-colour options need.
export const dynamic = 'force-dynamic'

export default async function EditorPage({ params, searchParams }: EditorPageProps) {
  const { store, locale } = await params
  setRequestLocale(locale)
  const query = await searchParams
  const slug = single(query.product)?.trim()
  if (!slug) notFound()
  const [product, t, editor] = await Promise.all([
    loadProduct(storeIdOf(store), slug),
    getTranslations({ locale, namespace: 'product' }),
    getTranslations({ locale, namespace: 'editor' }),
  ])
  if (!product) notFound()

  const colors = colorOptions(product)
  const asked = Number(single(query.color))
  const colorId = colors.find((color) => color.id === asked)?.id ?? initialColorId(colors, product.images)
  const options = await loadDecorationOptions(storeIdOf(store), product.id, colorId)
  if (!options) notFound()

  return (
    <div className="container-page pt-6 pb-16 sm:pt-8">
      <Breadcrumbs
        label={t('breadcrumb')}
        crumbs={[
          { label: t('home'), href: '/' },
          { label: t('shop'), href: '/shop' },
          { label: product.name, href: `/product/${encodeURIComponent(product.slug)}` },
          { label: editor('title') },
        ]}
      />
      <div className="mt-6">
        <EditorView
          product={productViewData(product)}
          colorId={colorId}
          options={options}
          designId={DESIGN_ID.test(single(query.design) ?? '') ? single(query.design) : null}
        />
      </div>
    </div>
  )
}
