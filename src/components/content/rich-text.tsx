import { Link } from '@/i18n/navigation'
import { type InternalLink, MarkdownView } from './markdown-view'

type RichTextProps = {
  source: string
  className?: string
  /** The page's title: a first heading repeating it is left out (the page already shows it). */
  title?: string
}

const storefrontLink: InternalLink = ({ href, children }) => <Link href={href}>{children}</Link>

/** Renders stored Markdown on the storefront (decision 022): paths on this site go through the locale-aware Link. */
export function RichText({ source, className = 'prose-content', title }: RichTextProps) {
  return <MarkdownView source={source} className={className} title={title} internalLink={storefrontLink} />
}
