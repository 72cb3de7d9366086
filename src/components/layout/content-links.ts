import type { Website } from '@/isomorphic/catalog-types'

// Content pages go by several customary slugs (spec 6 lists about-us, aboutus, faq, faqs, contact,
// contactus); the header links to whichever the store has.
const CANDIDATES = {
  about: ['about-us', 'aboutus', 'about'],
  faq: ['faq', 'faqs'],
  contact: ['contact', 'contactus', 'contact-us'],
} as const

export type ContentLinkKind = keyof typeof CANDIDATES

export function contentLinks(website: Website | null): { kind: ContentLinkKind; href: string }[] {
  const slugs = new Set(website?.contentPages.map((page) => page.slug) ?? [])
  return (Object.keys(CANDIDATES) as ContentLinkKind[]).flatMap((kind) => {
    const slug = CANDIDATES[kind].find((candidate) => slugs.has(candidate))
    return slug ? [{ kind, href: `/${slug}` }] : []
  })
}
