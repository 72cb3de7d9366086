import type { ReactNode } from 'react'
import { Link } from '@/i18n/navigation'
import { type Block, type Inline, parseMarkdown, withoutRepeatedTitle } from './markdown'

type RichTextProps = {
  source: string
  className?: string
  /** The page's title: a first heading repeating it is left out (the page already shows it). */
  title?: string
}

/** Renders stored markdown-ish text as React elements: text nodes only, links only to safe targets. */
export function RichText({ source, className = 'prose-content', title }: RichTextProps) {
  const parsed = parseMarkdown(source)
  const blocks = title ? withoutRepeatedTitle(parsed, title) : parsed
  return <div className={className}>{blocks.map(renderBlock)}</div>
}

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Heading = `h${block.level}` as const
      return <Heading key={index}>{renderInlines(block.children)}</Heading>
    }
    case 'paragraph':
      return <p key={index}>{renderInlines(block.children)}</p>
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul'
      return (
        <List key={index}>
          {block.items.map((item, itemIndex) => (
            <li key={itemIndex}>{renderInlines(item)}</li>
          ))}
        </List>
      )
    }
  }
}

function renderInlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text
      case 'strong':
        return <strong key={index}>{renderInlines(node.children)}</strong>
      case 'link':
        return node.external ? (
          <a key={index} href={node.href} rel="noopener noreferrer">
            {renderInlines(node.children)}
          </a>
        ) : (
          <Link key={index} href={node.href}>
            {renderInlines(node.children)}
          </Link>
        )
    }
  })
}
