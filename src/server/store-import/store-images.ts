import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { countArtworkColors } from '../decoration/artwork-colors'
import { contentHash, imagesRoot, removeStaleImages, slugify, storeImage, storeImageNamed } from '../images/image-store'
import { type LogoArtwork, MOCKUP_RENDERER_VERSION, MOCKUP_SIZE, type MockupSpec, renderMockup } from '../images/mockup-renderer'
import { renderSiteImage, SITE_IMAGE_RENDERER_VERSION, type SiteImageKind } from '../images/site-image-renderer'
import type { ReferenceIssue } from './store-file-error'
import type { SiteImageSource, StoreFile, StoreFileLogo } from './store-file-schema'

// Turns the image entries of a store file into files in the image store (copied, converted or drawn)
// before the database transaction starts. Names are content-hashed, so a second import finds every
// image already there and draws nothing; stale images are removed only after the import committed.

/** Longest side of an SVG or oversized raster once stored. */
const MAX_SOURCE_SIDE = 1600
const DEFAULT_BACKGROUND = '#1f2a44'
const DEFAULT_ACCENT = '#e0a526'

export type PreparedProductImage = { path: string; name: string; alt: string; color: string | null; logo: string | null; sequence: number }

export type PreparedImages = {
  /** Logo code → the stored artwork (PNG) or its https:// address. */
  logos: Map<string, string>
  /** Logo code → the colours its artwork file needs (the decoration editor's colour rule). */
  logoColors: Map<string, number>
  /** Product slug → its images in order. */
  products: Map<string, PreparedProductImage[]>
  site: { favicon: string | null; socialImage: string | null; logo: string | null; heroImage: string | null; sections: (string | null)[] }
  stats: { drawn: number; copied: number; reused: number; milliseconds: number }
  /**
   * Removes images this import no longer uses; call after the import committed. `inUse`: image
   * paths some store still shows (a store created from this one shares its pictures): kept.
   */
  removeStale(inUse?: ReadonlySet<string>): Promise<number>
}

export class ImagePreparationError extends Error {
  override readonly name = 'ImagePreparationError'
  constructor(readonly issues: ReferenceIssue[]) {
    super(issues.map((issue) => issue.message).join('\n'))
  }
}

type Task = { at: (string | number)[]; run: () => Promise<void> }

export async function prepareStoreImages(file: StoreFile, baseDir: string): Promise<PreparedImages> {
  const started = performance.now()
  const stats = { drawn: 0, copied: 0, reused: 0, milliseconds: 0 }
  const storeFolder = `stores/${file.website.code}`
  const siteFolder = `${storeFolder}/site`
  const tasks: Task[] = []
  const count = (created: boolean, kind: 'drawn' | 'copied') => {
    if (created) stats[kind]++
    else stats.reused++
  }

  const artworkCache = new Map<string, Promise<Buffer>>()
  const readArtwork = (relative: string) => {
    let bytes = artworkCache.get(relative)
    if (!bytes) artworkCache.set(relative, (bytes = readFile(path.resolve(baseDir, relative))))
    return bytes
  }

  const logosByCode = new Map(file.logos.map((logo) => [logo.code, logo]))
  const artworkFor = async (code: string): Promise<MockupSpec['logo']> => {
    const logo = logosByCode.get(code)
    if (!logo || !('file' in logo.artwork)) return undefined
    const style = logoStyle(logo)
    const onLight: LogoArtwork = { data: await readArtwork(logo.artwork.file), style }
    const onDark = logo.artworkOnDark && 'file' in logo.artworkOnDark ? { data: await readArtwork(logo.artworkOnDark.file), style } : undefined
    return { onLight, onDark }
  }

  /** A file next to the store file, stored as is (raster) or drawn to PNG (SVG). */
  const copyFile = async (relative: string, folder: string, stem: string) => {
    const data = await readArtwork(relative)
    // An image exported from this folder (`images/<folder>/<hashed name>`) keeps its name, so
    // importing an export changes no image and a round trip gives the same file.
    const posix = relative.replace(/\\/g, '/')
    const name = path.posix.basename(posix)
    if (posix === `${folder}/${name}` || posix.endsWith(`/${folder}/${name}`)) {
      const kept = await storeImageNamed({ folder, name, data })
      if (kept) {
        count(kept.created, 'copied')
        return kept
      }
    } else {
      // An image of another folder of this install's image store, the very same bytes (a store made
      // from a template shows the template's files): used where it is, so its export imports unchanged.
      const shared = storedPathOf(posix)
      if (shared !== null && existsSync(path.join(imagesRoot(), shared))) {
        const kept = await storeImageNamed({ folder: path.posix.dirname(shared), name: path.posix.basename(shared), data })
        if (kept) {
          count(kept.created, 'copied')
          return kept
        }
      }
    }
    const metadata = await sharp(data).metadata()
    const isVector = metadata.format === 'svg'
    const ext = isVector ? 'png' : metadata.format === 'jpeg' ? 'jpg' : metadata.format === 'webp' ? 'webp' : 'png'
    const needsConversion = isVector || !['png', 'jpeg', 'webp'].includes(metadata.format ?? '')
    const stored = await storeImage({
      folder,
      stem,
      key: contentHash('file', data),
      ext,
      produce: async () => {
        if (!needsConversion && Math.max(metadata.width ?? 0, metadata.height ?? 0) <= MAX_SOURCE_SIDE) return data
        const density = isVector ? densityFor(metadata.width, metadata.height) : undefined
        return sharp(data, density ? { density } : {})
          .resize({ width: MAX_SOURCE_SIDE, height: MAX_SOURCE_SIDE, fit: 'inside', withoutEnlargement: !isVector })
          .toFormat(ext === 'jpg' ? 'jpeg' : ext)
          .toBuffer()
      },
    })
    count(stored.created, 'copied')
    return stored
  }

  const logos = new Map<string, string>()
  const logoColors = new Map<string, number>()
  const logoNames = new Set<string>()
  file.logos.forEach((logo, index) => {
    if ('url' in logo.artwork) {
      logos.set(logo.code, logo.artwork.url)
      return
    }
    const relative = logo.artwork.file
    tasks.push({
      at: ['logos', index, 'artwork', 'file'],
      run: async () => {
        const stored = await copyFile(relative, 'logos', logo.code)
        logos.set(logo.code, stored.imagePath)
        if (logo.colorCount === undefined) logoColors.set(logo.code, await countArtworkColors(await readArtwork(relative)))
        logoNames.add(stored.name)
      },
    })
  })

  const site: PreparedImages['site'] = { favicon: null, socialImage: null, logo: null, heroImage: null, sections: [] }
  const siteNames = new Set<string>()
  const siteImage = (source: SiteImageSource | undefined, at: (string | number)[], stem: string, assign: (value: string) => void) => {
    if (!source) return
    if ('url' in source) return assign(source.url)
    tasks.push({
      at,
      run: async () => {
        if ('file' in source) {
          const stored = await copyFile(source.file, siteFolder, stem)
          siteNames.add(stored.name)
          return assign(stored.imagePath)
        }
        const logo = await artworkFor(source.logo)
        if (!logo) return
        const spec = {
          kind: source.generate as SiteImageKind,
          logo,
          background: source.background ?? DEFAULT_BACKGROUND,
          accent: source.accent ?? DEFAULT_ACCENT,
          title: file.website.name,
        }
        const stored = await storeImage({
          folder: siteFolder,
          stem: source.generate,
          ext: 'png',
          key: contentHash('site', SITE_IMAGE_RENDERER_VERSION, MOCKUP_RENDERER_VERSION, JSON.stringify({ ...spec, logo: undefined }), logo.onLight.data, logo.onDark?.data ?? ''),
          produce: () => renderSiteImage(spec),
        })
        count(stored.created, 'drawn')
        siteNames.add(stored.name)
        assign(stored.imagePath)
      },
    })
  }
  siteImage(file.website.favicon, ['website', 'favicon'], 'favicon', (value) => (site.favicon = value))
  siteImage(file.website.socialImage, ['website', 'socialImage'], 'social', (value) => (site.socialImage = value))
  siteImage(file.website.logo, ['website', 'logo'], 'logo', (value) => (site.logo = value))
  if (file.homePage) {
    siteImage(file.homePage.hero.image, ['homePage', 'hero', 'image'], 'hero', (value) => (site.heroImage = value))
    file.homePage.sections.forEach((section, index) => {
      site.sections[index] = null
      siteImage(section.image, ['homePage', 'sections', index, 'image'], `section-${index + 1}`, (value) => (site.sections[index] = value))
    })
  }

  const colorsByName = new Map(file.colors.map((color) => [color.name, color.css]))
  /** The product's logos that can be drawn (artwork in a file), in the product's order. */
  const drawableLogos = (codes: readonly string[]) =>
    codes.filter((code) => {
      const artwork = logosByCode.get(code)?.artwork
      return artwork !== undefined && 'file' in artwork
    })
  const products = new Map<string, PreparedProductImage[]>()
  const productFolders = new Map<string, Set<string>>()
  for (const [productIndex, product] of file.products.entries()) {
    const folder = `${storeFolder}/products/${product.slug}`
    const names = new Set<string>()
    productFolders.set(folder, names)
    // Images are drawn concurrently but keep the order of the file: each reserves its slot first.
    const slots: (PreparedProductImage | null)[] = []
    const fillSlot = (image: Omit<PreparedProductImage, 'sequence'>, slot: number) => {
      slots[slot] = { ...image, sequence: slot }
    }
    product.images.forEach((image, imageIndex) => {
      const at = ['products', productIndex, 'images', imageIndex]
      const color = image.color ?? null
      if ('url' in image) {
        const slot = slots.push(null) - 1
        fillSlot({ path: image.url, name: path.posix.basename(new URL(image.url).pathname), alt: image.alt ?? product.name, color, logo: image.logo ?? null }, slot)
        return
      }
      if ('file' in image) {
        const slot = slots.push(null) - 1
        tasks.push({
          at: [...at, 'file'],
          run: async () => {
            const stem = `${product.slug}-${path.parse(image.file).name}`
            const stored = await copyFile(image.file, folder, stem)
            names.add(stored.name)
            fillSlot({ path: stored.folder, name: stored.name, alt: image.alt ?? altFor(product.name, color), color, logo: image.logo ?? null }, slot)
          },
        })
        return
      }
      const colors = image.color ? [image.color] : product.colors
      const logoCodes: (string | null)[] = image.mockup.logo ? [image.mockup.logo] : drawableLogos(product.logos)
      if (logoCodes.length === 0) logoCodes.push(null)
      const suffix = imageIndex === 0 ? '' : `-${imageIndex + 1}`
      for (const colorName of colors) {
        for (const logoCode of logoCodes) {
          const slot = slots.push(null) - 1
          tasks.push({
            at: [...at, 'mockup'],
            run: async () => {
              const logo = logoCode ? await artworkFor(logoCode) : undefined
              const spec: MockupSpec = {
                garment: image.mockup.garment,
                colorCss: colorsByName.get(colorName)!,
                heather: /heather/i.test(colorName),
                placement: image.mockup.placement,
                logo,
              }
              const stored = await storeImage({
                folder,
                stem: [product.slug, slugify(colorName), ...(logoCode ? [slugify(logoCode)] : [])].join('-') + suffix,
                ext: 'png',
                key: contentHash(
                  'mockup',
                  MOCKUP_RENDERER_VERSION,
                  MOCKUP_SIZE,
                  JSON.stringify({ ...spec, logo: undefined }),
                  logo?.onLight.data ?? '',
                  logo?.onDark?.data ?? '',
                  logo?.onLight.style ?? '',
                ),
                produce: () => renderMockup(spec),
              })
              count(stored.created, 'drawn')
              names.add(stored.name)
              const logoName = logoCode ? logosByCode.get(logoCode)?.name : undefined
              fillSlot({ path: folder, name: stored.name, alt: image.alt ?? altFor(product.name, colorName, logoName), color: colorName, logo: logoCode }, slot)
            },
          })
        }
      }
    })
    products.set(product.slug, slots as PreparedProductImage[])
  }

  const issues: ReferenceIssue[] = []
  await runLimited(tasks, Math.max(2, os.availableParallelism()), async (task) => {
    try {
      await task.run()
    } catch (error) {
      issues.push({ path: task.at, message: `could not prepare this image: ${error instanceof Error ? error.message : String(error)}` })
    }
  })
  if (issues.length > 0) throw new ImagePreparationError(issues)
  stats.milliseconds = Math.round(performance.now() - started)

  return {
    logos,
    logoColors,
    products,
    site,
    stats,
    async removeStale(inUse = new Set<string>()) {
      const keep = (folder: string, names: ReadonlySet<string>) => new Set([...names, ...[...inUse].filter((stored) => path.posix.dirname(stored) === folder).map((stored) => path.posix.basename(stored))])
      let removed = await removeStaleImages('logos', keep('logos', logoNames), new Set(file.logos.map((logo) => slugify(logo.code))))
      removed += await removeStaleImages(siteFolder, keep(siteFolder, siteNames))
      for (const [folder, names] of productFolders) removed += await removeStaleImages(folder, keep(folder, names))
      return removed
    },
  }
}

function logoStyle(logo: StoreFileLogo): LogoArtwork['style'] {
  if (logo.decorationMethod === 'laser engraving') return 'engraved'
  if (logo.decorationMethod === 'debossed') return 'debossed'
  return 'full'
}

function altFor(productName: string, color: string | null, logoName?: string): string {
  const inColor = color ? ` in ${color}` : ''
  return logoName ? `${productName}${inColor} with the ${logoName} logo` : `${productName}${inColor}`
}

/** Renders an SVG with its longer side at MAX_SOURCE_SIDE pixels. */
function densityFor(width: number | undefined, height: number | undefined): number {
  const side = Math.max(width ?? 0, height ?? 0)
  return side > 0 ? Math.min(2400, (72 * MAX_SOURCE_SIDE) / side) : 72
}

async function runLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!
      await run(item)
    }
  })
  await Promise.all(workers)
}

/** The image-store path of an exported image entry (`images/{path}`), or null for anything else. */
function storedPathOf(relative: string): string | null {
  const posix = relative.replace(/\\/g, '/')
  return posix.startsWith('images/') && !posix.split('/').includes('..') ? posix.slice('images/'.length) : null
}

/**
 * The images of a store file exported in memory from a store of this install (exportStore), used
 * where they already are: nothing is read, copied or drawn, so a store made from another shares its
 * pictures (content-addressed files). Anything that is not an image-store path of the export (a
 * recipe to draw, a file elsewhere) is a programming error here.
 */
export function sharedStoreImages(file: StoreFile): PreparedImages {
  const stored = (source: { file: string } | { url: string }): string => {
    if ('url' in source) return source.url
    const found = storedPathOf(source.file)
    if (found === null) throw new Error(`not an exported image of the image store: ${source.file}`)
    return found
  }
  const siteImage = (source: SiteImageSource | undefined): string | null => {
    if (!source) return null
    if ('generate' in source) throw new Error('an exported store has no images to draw')
    return stored(source)
  }
  const products = new Map<string, PreparedProductImage[]>()
  for (const product of file.products) {
    products.set(
      product.slug,
      product.images.map((image, sequence) => {
        if ('mockup' in image) throw new Error('an exported store has no mockups to draw')
        const where = stored(image)
        const isUrl = 'url' in image
        return {
          path: isUrl ? where : path.posix.dirname(where),
          name: path.posix.basename(isUrl ? new URL(where).pathname : where),
          alt: image.alt ?? altFor(product.name, image.color ?? null),
          color: image.color ?? null,
          logo: image.logo ?? null,
          sequence,
        }
      }),
    )
  }
  return {
    logos: new Map(file.logos.map((logo) => [logo.code, stored(logo.artwork)])),
    logoColors: new Map(),
    products,
    site: {
      favicon: siteImage(file.website.favicon),
      socialImage: siteImage(file.website.socialImage),
      logo: siteImage(file.website.logo),
      heroImage: siteImage(file.homePage?.hero.image),
      sections: file.homePage?.sections.map((section) => siteImage(section.image)) ?? [],
    },
    stats: { drawn: 0, copied: 0, reused: 0, milliseconds: 0 },
    // Shared images belong to the stores that show them: nothing here is ever removed.
    removeStale: async () => 0,
  }
}
