import { Fragment, type ReactNode } from 'react'
import { type Block, type Inline, parseMarkdown, withoutRepeatedTitle } from './markdown'

/** How a link to a path on this site is drawn (the storefront's locale-aware Link, or a plain <a>). */
export type InternalLink = (props: { href: string; children: ReactNode }) => ReactNode

type MarkdownViewProps = {
  source: string
  className?: string
  /** The page's title: a first heading repeating it is left out (the page already shows it). */
  title?: string
  internalLink?: InternalLink
}

const plainLink: InternalLink = ({ href, children }) => <a href={href}>{children}</a>

/**
 * Renders stored Markdown (decision 022) as React elements: text nodes only, links only to safe
 * targets, images only from this site. Used by the storefront (rich-text.tsx) and the console's preview.
 */
export function MarkdownView({ source, className = 'prose-content', title, internalLink = plainLink }: MarkdownViewProps) {
  const parsed = parseMarkdown(source)
  const blocks = title ? withoutRepeatedTitle(parsed, title) : parsed
  return <div className={className}>{renderBlocks(blocks, internalLink)}</div>
}

function renderBlocks(blocks: Block[], link: InternalLink): ReactNode[] {
  return blocks.map((block, index) => renderBlock(block, index, link))
}

function renderBlock(block: Block, index: number, link: InternalLink): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Heading = `h${block.level}` as const
      return <Heading key={index}>{renderInlines(block.children, link)}</Heading>
    }
    case 'paragraph':
      return block.tight ? <Fragment key={index}>{renderInlines(block.children, link)}</Fragment> : <p key={index}>{renderInlines(block.children, link)}</p>
    case 'list': {
      const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{renderBlocks(item, link)}</li>)
      return block.ordered ? (
        <ol key={index} start={block.start}>
          {items}
        </ol>
      ) : (
        <ul key={index}>{items}</ul>
      )
    }
    case 'quote':
      return <blockquote key={index}>{renderBlocks(block.children, link)}</blockquote>
    case 'code':
      return (
        <pre key={index}>
          <code>{block.text}</code>
        </pre>
      )
    case 'rule':
      return <hr key={index} />
  }
}

function renderInlines(nodes: Inline[], link: InternalLink): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text
      case 'break':
        return <br key={index} />
      case 'code':
        return <code key={index}>{node.text}</code>
      case 'strong':
        return <strong key={index}>{renderInlines(node.children, link)}</strong>
      case 'em':
        return <em key={index}>{renderInlines(node.children, link)}</em>
      case 'image':
        // eslint-disable-next-line @next/next/no-img-element -- an author's image inside text, any size
        return <img key={index} src={node.src} alt={node.alt} loading="lazy" />
      case 'link':
        return node.external ? (
          <a key={index} href={node.href} rel="noopener noreferrer">
            {renderInlines(node.children, link)}
          </a>
        ) : (
          <Fragment key={index}>{link({ href: node.href, children: renderInlines(node.children, link) })}</Fragment>
        )
    }
  })
}
