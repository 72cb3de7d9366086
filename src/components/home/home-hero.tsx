import { Link } from '@/i18n/navigation'
import type { HomeContent } from '@/isomorphic/catalog-types'
import { splitImagePath } from '@/isomorphic/image-address'
import { safeInternalPath } from '@/isomorphic/url-safety'
import { ArrowRightIcon } from '../ui/icons'
import { Picture } from '../ui/picture'

/**
 * The home page's opening: on wide screens the picture fills the band behind the text (a scrim
 * keeps the text readable on any picture); on phones the picture sits above the text.
 */
export function HomeHero({ home }: { home: HomeContent }) {
  const withImage = home.heroImage !== null
  return (
    <section aria-labelledby="hero-title" className={`relative isolate overflow-hidden bg-accent-soft ${withImage ? 'lg:bg-ink' : ''}`}>
      {home.heroImage ? (
        <div className="lg:absolute lg:inset-0 lg:-z-10">
          <Picture
            image={splitImagePath(home.heroImage)}
            alt=""
            aspect={2}
            sizes="100vw"
            widths={[640, 960, 1280, 1600]}
            priority
            className="aspect-[2/1] w-full object-cover lg:aspect-auto lg:h-full lg:object-right"
          />
          <div aria-hidden="true" className="hidden lg:absolute lg:inset-0 lg:block lg:bg-gradient-to-r lg:from-black/80 lg:via-black/45 lg:to-transparent" />
        </div>
      ) : null}
      <div className="container-page py-10 sm:py-14 lg:py-32">
        <div className={`max-w-xl ${withImage ? 'lg:text-white' : ''}`}>
          <h1
            id="hero-title"
            className={`text-4xl leading-[1.1] font-bold tracking-tight text-balance text-ink sm:text-5xl ${withImage ? 'lg:text-white' : ''}`}
          >
            {home.heroTitle}
          </h1>
          {home.heroSubtitle ? (
            <p className={`mt-5 text-lg leading-8 text-pretty text-muted ${withImage ? 'lg:text-white/90' : ''}`}>{home.heroSubtitle}</p>
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              href={safeInternalPath(home.heroCtaHref, '/shop')}
              className={`btn btn-primary px-6 ${withImage ? 'lg:bg-white lg:text-ink lg:hover:bg-white/90' : ''}`}
            >
              {home.heroCtaLabel}
              <ArrowRightIcon width={18} height={18} />
            </Link>
          </div>
        </div>
      </div>
    </section>
  )
}
