import { type ImageSize, imageSrcSet, nearestImageSize, productImageUrl, type StoredImage } from '@/isomorphic/image-address'

type PictureProps = {
  image: StoredImage | null
  alt: string
  /** Intrinsic ratio width / height; the box keeps it before the image loads (no layout shift). */
  aspect?: number
  /** The rendered width in CSS pixels at each breakpoint (the `sizes` attribute). */
  sizes: string
  /** Candidate widths for `srcset`. */
  widths: readonly ImageSize[]
  /** Images below the fold load lazily (the default). */
  loading?: 'eager' | 'lazy'
  /** The largest-contentful image of the page: load it first. */
  priority?: boolean
  className?: string
}

/** A responsive image from the image route, with explicit width and height and a lazy default. */
export function Picture({ image, alt, aspect = 1, sizes, widths, loading = 'lazy', priority = false, className }: PictureProps) {
  const largest = widths[widths.length - 1] ?? 640
  const height = nearestImageSize(Math.round(largest / aspect))
  if (!image) {
    const described = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true }
    return <span {...described} className={`block bg-soft ${className ?? ''}`} style={{ aspectRatio: aspect }} />
  }
  const src = productImageUrl(image, largest, height)
  const srcSet = imageSrcSet(image, widths, aspect)
  // The page's main picture is an <img> in the server's HTML with fetchpriority=high: the browser's
  // preload scanner finds it at once. No preload() hint: Next applies a route's hints when it
  // prefetches it, so every page with a link home downloaded the home page's hero (P5).
  return (
    // eslint-disable-next-line @next/next/no-img-element -- our own image route already resizes, so next/image would resize twice
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={largest}
      height={Math.round(largest / aspect)}
      alt={alt}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      className={className}
    />
  )
}
