import type { Website } from '@/isomorphic/catalog-types'
import { imageUrl } from '@/isomorphic/image-address'

/**
 * The store's logo (its uploaded picture, drawn at 1× and 2×), or without one its initial and name:
 * what the site's header and the checkout's focused header show. `logoClassName` bounds the picture.
 */
export function StoreMark({ website, name, logoClassName }: { website: Website | null; name: string; logoClassName: string }) {
  if (website?.logoImage) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- served by our image route
      <img
        src={imageUrl(website.logoImage, 384, 96)}
        srcSet={`${imageUrl(website.logoImage, 192, 48)} 1x, ${imageUrl(website.logoImage, 384, 96)} 2x`}
        alt={name}
        width={180}
        height={45}
        className={logoClassName}
      />
    )
  }
  return (
    <>
      <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-sm font-bold text-white">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="truncate text-base font-semibold tracking-tight text-ink sm:text-lg">{name}</span>
    </>
  )
}
