import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

type StoreFile = { products: { slug: string; name: string; templateSkuCode: string; websiteSequence: number }[] } & Record<string, unknown>

/**
 * The demo store grown to `count` products (spec 9's page size is 999): copies of the demo products
 * with their own slugs, names and SKUs, so the catalog has the size the performance goals speak of.
 */
export function makeBenchStore(outFile: string, count: number): string {
  const demoFile = path.resolve(import.meta.dirname, '..', 'data', 'demo-store.json')
  const demo = JSON.parse(readFileSync(demoFile, 'utf8')) as StoreFile
  // Every product published, so the catalog lists exactly `count`.
  const originals = demo.products.map((product) => ({ ...product, published: true }))
  const products = [...originals]
  for (let n = 0; products.length < count; n++) {
    const original = originals[n % originals.length]!
    const copy = Math.floor(n / originals.length) + 2
    products.push({
      ...original,
      slug: `${original.slug}-${copy}`,
      name: `${original.name} ${copy}`,
      templateSkuCode: `${original.templateSkuCode}-${copy}`,
      websiteSequence: 1000 + n,
    })
  }
  // Files named in a store file (logo artwork) are relative to it: bring the demo's along.
  cpSync(path.join(path.dirname(demoFile), 'logos'), path.join(path.dirname(outFile), 'logos'), { recursive: true })
  const store = { ...demo, products }
  writeFileSync(outFile, JSON.stringify(store))
  return outFile
}
