import { useTranslations } from 'next-intl'
import { Link } from '@/i18n/navigation'
import type { HomeSection } from '@/isomorphic/catalog-types'
import { splitImagePath } from '@/isomorphic/image-address'
import { resolveNavigation } from '@/isomorphic/url-safety'
import { RichText } from '../content/rich-text'
import { ArrowRightIcon } from '../ui/icons'
import { Picture } from '../ui/picture'

/** The home page's further blocks: short texts with an optional picture and link. */
export function HomeSections({ sections }: { sections: HomeSection[] }) {
  const t = useTranslations('home')
  if (sections.length === 0) return null
  return (
    <section className="container-page mt-20">
      <div className={`grid gap-6 ${sections.length >= 3 ? 'md:grid-cols-3' : sections.length === 2 ? 'md:grid-cols-2' : ''}`}>
        {sections.map((section, index) => {
          const target = section.href ? resolveNavigation(section.href) : null
          const href = target?.kind === 'internal' ? target.path : null
          return (
            <article key={index} className="flex flex-col overflow-hidden rounded-card border border-line bg-white">
              {section.image ? (
                <Picture
                  image={splitImagePath(section.image)}
                  alt=""
                  aspect={16 / 10}
                  sizes="(min-width: 768px) 30vw, 92vw"
                  widths={[384, 512, 768]}
                  className="aspect-[16/10] w-full object-cover"
                />
              ) : null}
              <div className="flex flex-1 flex-col p-6">
                <h2 className="text-lg font-semibold tracking-tight text-ink">{section.title}</h2>
                <RichText source={section.body} className="prose-content mt-2 text-[0.9375rem] text-muted" />
                {href ? (
                  <Link href={href} className="mt-auto inline-flex items-center gap-1.5 pt-4 text-sm font-semibold text-accent hover:text-accent-strong">
                    {t('learnMore')}
                    <span className="sr-only">: {section.title}</span>
                    <ArrowRightIcon width={16} height={16} />
                  </Link>
                ) : null}
              </div>
            </article>
          )
        })}
      </div>
    </section>
  )
}
