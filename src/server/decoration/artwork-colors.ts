import { boundedSharp } from '../images/render-queue'

// How many thread or ink colours a piece of artwork needs (a decoration method may allow fewer).
// The artwork is drawn small and its opaque pixels sorted into coarse colour buckets (8 levels a
// channel); a bucket counts when it covers at least 2 % of the artwork, so anti-aliased edges and
// noise do not count as colours of their own.

const SAMPLE_SIDE = 160
const LEVELS_SHIFT = 5
const MIN_SHARE = 0.02

export async function countArtworkColors(data: Buffer): Promise<number> {
  const metadata = await boundedSharp(data).metadata()
  const input = metadata.format === 'svg' ? boundedSharp(data, { density: 144 }) : boundedSharp(data)
  const { data: pixels } = await input
    .resize({ width: SAMPLE_SIDE, height: SAMPLE_SIDE, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const buckets = new Map<number, number>()
  let opaque = 0
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i + 3]! < 128) continue
    opaque++
    const key = ((pixels[i]! >> LEVELS_SHIFT) << 6) | ((pixels[i + 1]! >> LEVELS_SHIFT) << 3) | (pixels[i + 2]! >> LEVELS_SHIFT)
    buckets.set(key, (buckets.get(key) ?? 0) + 1)
  }
  if (opaque === 0) return 1
  const colors = [...buckets.values()].filter((count) => count / opaque >= MIN_SHARE).length
  return Math.max(1, colors)
}
