// Text made into a slug: lowercase ASCII letters and digits joined by single hyphens ('Heather Navy'
// → 'heather-navy'), or '' when nothing is left. Used for image names, variant SKUs and the
// console's proposed product addresses.
export function slugText(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** A variant's SKU as the store file makes it, and the console proposes it: 'PC54-NAVY-XL'. */
export function variantSku(templateSkuCode: string, color: string, size: string): string {
  return `${templateSkuCode}-${(slugText(color) || 'image').toUpperCase()}-${size.toUpperCase()}`
}
