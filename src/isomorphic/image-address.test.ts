import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  IMAGE_SIZES,
  imageSrcSet,
  IMAGE_RATIOS,
  imageUrl,
  isImageSize,
  isImageVariant,
  nearestImageSize,
  originalImageUrl,
  productImageUrl,
  splitImagePath,
} from './image-address'

describe('productImageUrl', () => {
  test('builds the API base, the path, the size and the name with the size appended', () => {
    expect(productImageUrl({ path: 'products/field-tee', name: 'field-tee-navy.1a2b3c4d.png' }, 640, 640)).toBe(
      '/api/images/products/field-tee/640x640/field-tee-navy.1a2b3c4d_640x640.webp',
    )
  })

  test('uses an https:// path as is', () => {
    const image = { path: 'https://cdn.example.com/shirts/polo.jpg', name: 'polo.jpg' }
    expect(productImageUrl(image, 320, 320)).toBe('https://cdn.example.com/shirts/polo.jpg')
  })

  test('does not treat a plain http:// path as absolute', () => {
    expect(productImageUrl({ path: 'http://example.com/a', name: 'b.png' }, 64, 64)).toMatch(/^\/api\/images\/http:/)
  })

  test('keeps the size in both the folder and the name when width and height differ', () => {
    expect(productImageUrl({ path: 'site', name: 'social.png' }, 1200, 630)).toBe(
      '/api/images/site/1200x630/social_1200x630.webp',
    )
  })

  test('ignores slashes around the path and works without a folder', () => {
    expect(productImageUrl({ path: '/site/', name: 'hero.png' }, 960, 960)).toBe('/api/images/site/960x960/hero_960x960.webp')
    expect(productImageUrl({ path: '', name: 'hero.png' }, 960, 960)).toBe('/api/images/960x960/hero_960x960.webp')
  })

  test('keeps a name without an extension whole and can ask for PNG', () => {
    expect(productImageUrl({ path: 'site', name: 'favicon' }, 32, 32, 'png')).toBe('/api/images/site/32x32/favicon_32x32.png')
  })
})

describe('images stored as one string', () => {
  test('splits a stored image path into its folder and name', () => {
    expect(splitImagePath('logos/granite-ridge.9f8e7d6c.png')).toEqual({ path: 'logos', name: 'granite-ridge.9f8e7d6c.png' })
    expect(splitImagePath('https://cdn.example.com/a.png')).toEqual({ path: 'https://cdn.example.com/a.png', name: '' })
  })

  test('addresses a favicon, a logo or a hero image by the same rule', () => {
    expect(imageUrl('site/favicon.0a1b2c3d.png', 32, 32, 'png')).toBe('/api/images/site/32x32/favicon.0a1b2c3d_32x32.png')
    expect(imageUrl('https://cdn.example.com/logo.svg', 128, 128)).toBe('https://cdn.example.com/logo.svg')
  })

  test('addresses the original file under the size segment "original"', () => {
    expect(originalImageUrl('site/favicon.0a1b2c3d.png')).toBe('/api/images/site/original/favicon.0a1b2c3d.png')
    expect(originalImageUrl('https://cdn.example.com/favicon.ico')).toBe('https://cdn.example.com/favicon.ico')
  })
})

describe('allowed sizes', () => {
  test('lists sizes in ascending order from 16 to 1600', () => {
    expect([...IMAGE_SIZES].sort((a, b) => a - b)).toEqual([...IMAGE_SIZES])
    expect(IMAGE_SIZES[0]).toBe(16)
    expect(IMAGE_SIZES[IMAGE_SIZES.length - 1]).toBe(1600)
  })

  test('tells allowed sizes from others', () => {
    expect(isImageSize(640)).toBe(true)
    expect(isImageSize(641)).toBe(false)
  })

  test('rounds a wanted width up to the next allowed size and caps it at the largest', () => {
    expect(nearestImageSize(300)).toBe(320)
    expect(nearestImageSize(320)).toBe(320)
    expect(nearestImageSize(5000)).toBe(1600)
  })

  test('builds a srcset of allowed widths', () => {
    expect(imageSrcSet({ path: 'products/cap', name: 'cap-red.png' }, [320, 640])).toBe(
      '/api/images/products/cap/320x320/cap-red_320x320.webp 320w, /api/images/products/cap/640x640/cap-red_640x640.webp 640w',
    )
  })
})

test('builds a srcset for a 2:1 hero whose every size is allowed', () => {
  expect(imageSrcSet({ path: 'site', name: 'hero.png' }, [640, 1280, 1600], 2)).toBe(
    '/api/images/site/640x320/hero_640x320.webp 640w, /api/images/site/1280x640/hero_1280x640.webp 1280w, /api/images/site/1600x800/hero_1600x800.webp 1600w',
  )
})

describe('image base', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  test('comes from NEXT_PUBLIC_IMAGE_BASE when it is set', async () => {
    vi.stubEnv('NEXT_PUBLIC_IMAGE_BASE', 'https://img.example.com/api/images/')
    vi.resetModules()
    const address = await import('./image-address')
    expect(address.productImageUrl({ path: 'products/polo', name: 'polo.png' }, 64, 64)).toBe(
      'https://img.example.com/api/images/products/polo/64x64/polo_64x64.webp',
    )
  })
})

describe('the variants the image route draws (issue 13)', () => {
  const sizeOf = (url: string) => {
    const match = /_(\d+)x(\d+)\.(webp|png)$/.exec(url)!
    return { width: Number(match[1]), height: Number(match[2]), format: match[3] as 'webp' | 'png' }
  }
  const image = { path: 'products/tee', name: 'tee.0123456789.png' }

  test('include every address the pages and the editor build', () => {
    const srcSets = [
      imageSrcSet(image, [256, 384, 512, 768]), // product cards
      imageSrcSet(image, [384, 512, 640, 768, 960, 1280]), // the product gallery
      imageSrcSet(image, [96, 192]), // gallery thumbnails
      imageSrcSet(image, [128, 256]), // the cart
      imageSrcSet(image, [384, 512, 768], 16 / 10), // home tiles
      imageSrcSet(image, [640, 960, 1280, 1600], 2), // the hero
    ].flatMap((srcSet) => srcSet.split(', ').map((candidate) => candidate.split(' ')[0]!))
    const single = [
      imageUrl('site/logo.png', 192, 48),
      imageUrl('site/logo.png', 384, 96),
      imageUrl('site/social.png', 1200, 630),
      imageUrl('site/favicon.png', 32, 32, 'png'),
      imageUrl('site/favicon.png', 180, 180, 'png'),
      imageUrl('site/favicon.png', 192, 192, 'png'),
      productImageUrl(image, 1200, 1200),
      imageUrl('artworks/a/artwork.png', 512, 512, 'png'),
      imageUrl('views/tee-front.png', 1024, 1024),
      imageUrl('designs/d/front.png', 800, 800),
    ]
    for (const url of [...srcSets, ...single]) {
      const { width, height, format } = sizeOf(url)
      expect(isImageVariant(width, height, format), url).toBe(true)
    }
  })

  test('leave out sizes in shapes no page uses: about a tenth of every width with every height in both formats', () => {
    expect(isImageVariant(640, 128, 'webp')).toBe(false)
    expect(isImageVariant(1600, 16, 'webp')).toBe(false)
    expect(isImageVariant(640, 320, 'png')).toBe(false)
    expect(isImageVariant(641, 641, 'webp')).toBe(false)
    let variants = 0
    for (const width of IMAGE_SIZES) for (const height of IMAGE_SIZES) for (const format of ['webp', 'png'] as const) if (isImageVariant(width, height, format)) variants++
    expect(IMAGE_SIZES.length ** 2 * 2).toBe(1152)
    expect(variants).toBeLessThanOrEqual(IMAGE_SIZES.length * (IMAGE_RATIOS.length + 1))
    expect(variants).toBeLessThan(1152 / 8)
  })
})
