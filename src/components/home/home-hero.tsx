import { Link } from '@/i18n/navigation'
import type { HomeContent } from '@/shared/catalog-types'
import { splitImagePath } from '@/shared/image-address'
import { safeInternalPath } from '@/shared/url-safety'
import { ArrowRightIcon } from '../ui/icons'
import { Picture } from '../ui/picture'

export function HomeHero({ home }: { home: HomeContent }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-accent-soft">
      <div className="container-page grid items-center gap-8 py-10 sm:py-14 lg:grid-cols-2 lg:gap-12 lg:py-20">
        <div className="max-w-xl">
          <h1 id="hero-title" className="text-4xl leading-[1.1] font-bold tracking-tight text-balance text-ink sm:text-5xl">
            {home.heroTitle}
          </h1>
          {home.heroSubtitle ? <p className="mt-5 text-lg leading-8 text-pretty text-muted">{home.heroSubtitle}</p> : null}
          <div className="mt-8 flex flex-wrap gap-3">
            <Link href={safeInternalPath(home.heroCtaHref, '/shop')} className="btn btn-primary px-6">
              {home.heroCtaLabel}
              <ArrowRightIcon width={18} height={18} />
            </Link>
          </div>
        </div>
        {home.heroImage ? (
          <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
            <Picture
              image={splitImagePath(home.heroImage)}
              alt=""
              aspect={4 / 3}
              sizes="(min-width: 1280px) 600px, (min-width: 1024px) 46vw, 92vw"
              widths={[384, 512, 640, 768, 960, 1280]}
              priority
              className="aspect-[4/3] w-full object-cover"
            />
          </div>
        ) : null}
      </div>
    </section>
  )
}
