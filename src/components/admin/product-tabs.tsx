import Link from 'next/link'

/** Details | Images: the product's two pages (the images page is /admin/products/[id]/images). */
export function ProductTabs({ productId, websiteId, current }: { productId: number; websiteId: number; current: 'details' | 'images' }) {
  const tab = (name: 'details' | 'images', href: string, text: string) => (
    <Link
      href={href}
      aria-current={current === name ? 'page' : undefined}
      className={`border-b-2 px-3 py-2 text-sm font-semibold ${current === name ? 'border-accent text-ink' : 'border-transparent text-muted hover:text-ink'}`}
    >
      {text}
    </Link>
  )
  return (
    <nav aria-label="Product" className="mb-5 flex gap-1 border-b border-line">
      {tab('details', `/admin/products/${productId}?store=${websiteId}`, 'Details')}
      {tab('images', `/admin/products/${productId}/images?store=${websiteId}`, 'Images')}
    </nav>
  )
}
