// The Markdown of content pages, home sections and product descriptions (decision 022). markdown-it
// parses it (CommonMark, raw HTML off, a link validator that lets through only the targets below);
// its token stream is mapped to the plain data of this file, which markdown-view.tsx renders as React
// elements. markdown-it's own HTML renderer is never used: no text ever becomes markup, and a token
// this file does not know renders as its text.
import MarkdownIt from 'markdown-it'

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'break' }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; external: boolean; children: Inline[] }
  | { type: 'image'; src: string; alt: string }

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; children: Inline[] }
  /** `tight`: a paragraph of a tight list item, rendered without its own <p>. */
  | { type: 'paragraph'; children: Inline[]; tight?: boolean }
  | { type: 'list'; ordered: boolean; start?: number; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'code'; text: string }
  | { type: 'rule' }

/** Longest body rendered; the rest is cut (a store file or a console save keeps bodies far below). */
export const MAX_MARKDOWN_LENGTH = 200_000

// Browsers drop tabs and newlines inside URLs ("java\tscript:"); backslashes read as slashes.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\]/
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])

/**
 * A link target we are willing to render: a path on this site ("/shop", not "//evil.example"), a
 * fragment, an http(s):// address with a host, or a mailto:/tel: address. Anything else
 * (javascript:, data:, vbscript:, file:, relative tricks) is refused and the link renders as text.
 */
export function safeHref(raw: string): { href: string; external: boolean } | null {
  const href = raw.trim()
  if (href === '' || UNSAFE_CHARACTERS.test(href)) return null
  if (href.startsWith('#')) return { href, external: false }
  // '//host', '/\\host' and their percent-encoded forms could name another host.
  if (href.startsWith('/')) return /^\/(?:[/\\]|%2f|%5c)/i.test(href) ? null : { href, external: false }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase()
  if (scheme === undefined || !LINK_SCHEMES.has(scheme)) return null
  if (scheme === 'http' || scheme === 'https') {
    if (!/^https?:\/\/[^/?#]+/i.test(href)) return null
    try {
      const url = new URL(href)
      return url.protocol === 'http:' || url.protocol === 'https:' ? { href: url.href, external: true } : null
    } catch {
      return null
    }
  }
  return { href, external: true }
}

/** An image source we render: a path on this site only (the page's policy allows no other host, and no data: images). */
export function safeImageSrc(raw: string): string | null {
  const src = raw.trim()
  return src.startsWith('/') && safeHref(src) !== null ? src : null
}

type Token = ReturnType<MarkdownIt['parse']>[number]

let parser: MarkdownIt | null = null

function markdownIt(): MarkdownIt {
  if (parser) return parser
  const md = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false })
  md.validateLink = (url: string) => safeHref(url) !== null
  parser = md
  return md
}

// The store file's dialect before decision 022 also took '•' as a bullet.
const BULLET_DOT = /^([ \t]{0,3})•[ \t]+/gm

export function parseMarkdown(source: string): Block[] {
  const text = source.slice(0, MAX_MARKDOWN_LENGTH).replace(/\r\n?/g, '\n').replace(BULLET_DOT, '$1- ')
  const tokens = markdownIt().parse(text, {})
  return withHeadingOutline(readBlocks(tokens, { index: 0 }, null))
}

type Cursor = { index: number }

/** The blocks from the cursor up to the closing token named `until` (consumed), or the end. */
function readBlocks(tokens: Token[], cursor: Cursor, until: string | null): Block[] {
  const blocks: Block[] = []
  while (cursor.index < tokens.length) {
    const token = tokens[cursor.index]!
    cursor.index += 1
    if (until !== null && token.type === until) return blocks
    switch (token.type) {
      case 'heading_open': {
        const inline = readInlineUntil(tokens, cursor, 'heading_close')
        const level = Math.min(Math.max(Number(token.tag.slice(1)) + 1, 2), 4) as 2 | 3 | 4
        blocks.push({ type: 'heading', level, children: inline })
        break
      }
      case 'paragraph_open': {
        const inline = readInlineUntil(tokens, cursor, 'paragraph_close')
        blocks.push(token.hidden ? { type: 'paragraph', children: inline, tight: true } : { type: 'paragraph', children: inline })
        break
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open'
        const close = ordered ? 'ordered_list_close' : 'bullet_list_close'
        const items: Block[][] = []
        while (cursor.index < tokens.length) {
          const next = tokens[cursor.index]!
          cursor.index += 1
          if (next.type === close) break
          if (next.type === 'list_item_open') items.push(readBlocks(tokens, cursor, 'list_item_close'))
        }
        const start = ordered ? Number(token.attrGet('start') ?? 1) : 1
        blocks.push(ordered && start !== 1 ? { type: 'list', ordered, start, items } : { type: 'list', ordered, items })
        break
      }
      case 'blockquote_open':
        blocks.push({ type: 'quote', children: readBlocks(tokens, cursor, 'blockquote_close') })
        break
      case 'fence':
      case 'code_block':
        blocks.push({ type: 'code', text: token.content.replace(/\n$/, '') })
        break
      case 'hr':
        blocks.push({ type: 'rule' })
        break
      case 'inline':
        // Not expected outside a paragraph or heading; kept as text.
        blocks.push({ type: 'paragraph', children: readInline(token.children ?? []) })
        break
      default:
        // html_block cannot occur with html off; anything else unknown renders as its text.
        if (token.content) blocks.push({ type: 'paragraph', children: [{ type: 'text', text: token.content }] })
    }
  }
  return blocks
}

function readInlineUntil(tokens: Token[], cursor: Cursor, close: string): Inline[] {
  const inline: Inline[] = []
  while (cursor.index < tokens.length) {
    const token = tokens[cursor.index]!
    cursor.index += 1
    if (token.type === close) break
    if (token.type === 'inline') inline.push(...readInline(token.children ?? []))
  }
  return inline
}

function readInline(tokens: Token[]): Inline[] {
  const root: Inline[] = []
  // The open strong/em/link elements, innermost last; children go to the innermost.
  const stack: { close: string; node: Extract<Inline, { children: Inline[] }> | null; children: Inline[] }[] = []
  const target = () => stack[stack.length - 1]?.children ?? root
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'html_inline':
        target().push({ type: 'text', text: token.content })
        break
      case 'softbreak':
        target().push({ type: 'text', text: ' ' })
        break
      case 'hardbreak':
        target().push({ type: 'break' })
        break
      case 'code_inline':
        target().push({ type: 'code', text: token.content })
        break
      case 'strong_open':
      case 'em_open': {
        const node = { type: token.type === 'strong_open' ? 'strong' : 'em', children: [] as Inline[] } as const
        target().push(node)
        stack.push({ close: token.type.replace('_open', '_close'), node, children: node.children })
        break
      }
      case 'link_open': {
        const link = safeHref(token.attrGet('href') ?? '')
        if (link) {
          const node: Inline = { type: 'link', href: link.href, external: link.external, children: [] }
          target().push(node)
          stack.push({ close: 'link_close', node, children: node.children })
        } else {
          // Refused after parsing too (defence in depth): the link's text stays, in place.
          stack.push({ close: 'link_close', node: null, children: target() })
        }
        break
      }
      case 'strong_close':
      case 'em_close':
      case 'link_close':
        if (stack[stack.length - 1]?.close === token.type) stack.pop()
        break
      case 'image': {
        const alt = inlineText(readInline(token.children ?? []))
        const src = safeImageSrc(token.attrGet('src') ?? '')
        target().push(src ? { type: 'image', src, alt } : { type: 'text', text: alt })
        break
      }
      default:
        if (token.content) target().push({ type: 'text', text: token.content })
    }
  }
  return mergeText(root)
}

function mergeText(nodes: Inline[]): Inline[] {
  const merged: Inline[] = []
  for (const node of nodes) {
    const last = merged[merged.length - 1]
    if (node.type === 'text' && last?.type === 'text') last.text += node.text
    else if ('children' in node) merged.push({ ...node, children: mergeText(node.children) })
    else merged.push(node)
  }
  return merged
}

/**
 * Headings form an outline under the page's h1: the document's top level becomes h2 and no level
 * is skipped (a body that starts with '##' or jumps from '#' to '###' still reads h2, h3).
 */
function withHeadingOutline(blocks: Block[]): Block[] {
  let previous = 1
  return blocks.map((block) => {
    if (block.type !== 'heading') return block
    const level = Math.min(block.level, previous + 1) as 2 | 3 | 4
    previous = level
    return level === block.level ? block : { ...block, level }
  })
}

/**
 * The blocks without a first heading that only repeats the page's own title (already its h1), the
 * remaining headings moved up so that the outline still starts at h2.
 */
export function withoutRepeatedTitle(blocks: Block[], title: string): Block[] {
  const [first, ...rest] = blocks
  if (first?.type !== 'heading') return blocks
  const fold = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()
  return fold(inlineText(first.children)) === fold(title) ? withHeadingOutline(rest) : blocks
}

/** The text of a document without markup, e.g. for a meta description. */
export function plainText(source: string, maxLength = 160): string {
  const text = blocksText(parseMarkdown(source)).replace(/\s+/g, ' ').trim()
  if (text.length <= maxLength) return text
  const cut = text.slice(0, maxLength - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

function blocksText(blocks: Block[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'heading':
        case 'paragraph':
          return inlineText(block.children)
        case 'list':
          return block.items.map(blocksText).join(' ')
        case 'quote':
          return blocksText(block.children)
        case 'code':
          return block.text
        case 'rule':
          return ''
      }
    })
    .join(' ')
}

export function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.text
        case 'break':
          return ' '
        case 'image':
          return node.alt
        default:
          return inlineText(node.children)
      }
    })
    .join('')
}
