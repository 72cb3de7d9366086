// The small markdown dialect of content pages and product descriptions, parsed to plain data that
// rich-text.tsx renders as React elements. Nothing here ever becomes raw HTML: text stays text.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'link'; href: string; external: boolean; children: Inline[] }

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }

const HEADING = /^(#{1,3})\s+(.*)$/
const BULLET = /^[-*•]\s+(.*)$/
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/

/**
 * A link target we are willing to render: a path on this site ("/shop", not "//evil.example") or an
 * https:// address. Anything else (javascript:, data:, http:, relative tricks) renders as plain text.
 */
export function safeHref(raw: string): { href: string; external: boolean } | null {
  const href = raw.trim()
  if (/[\s\\]/.test(href)) return null
  if (href.startsWith('/') && !href.startsWith('//')) return { href, external: false }
  if (/^https:\/\/[^/?#]+/i.test(href)) {
    try {
      const url = new URL(href)
      return url.protocol === 'https:' ? { href: url.href, external: true } : null
    } catch {
      return null
    }
  }
  return null
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = []
  let paragraph: string[] = []
  let list: { ordered: boolean; items: string[] } | null = null

  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) })
    paragraph = []
  }
  const flushList = () => {
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map((item) => parseInline(item)) })
    list = null
  }

  for (const rawLine of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim()
    if (line === '') {
      flushParagraph()
      flushList()
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      flushParagraph()
      flushList()
      const level = ((heading[1] ?? '#').length + 1) as 2 | 3 | 4
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] ?? '') })
      continue
    }
    const bullet = BULLET.exec(line)
    const numbered = bullet ? null : NUMBERED.exec(line)
    const item = bullet?.[1] ?? numbered?.[1]
    if (item !== undefined) {
      flushParagraph()
      const ordered = numbered !== null
      if (list && list.ordered !== ordered) flushList()
      list ??= { ordered, items: [] }
      list.items.push(item)
      continue
    }
    if (list && rawLine.startsWith(' ') && list.items.length > 0) {
      list.items[list.items.length - 1] += ` ${line}`
      continue
    }
    flushList()
    paragraph.push(line)
  }
  flushParagraph()
  flushList()
  return withHeadingOutline(blocks)
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

export function parseInline(text: string, insideStrong = false, insideLink = false): Inline[] {
  const nodes: Inline[] = []
  let buffer = ''
  const flush = () => {
    if (buffer) nodes.push({ type: 'text', text: buffer })
    buffer = ''
  }

  let i = 0
  while (i < text.length) {
    if (!insideStrong && text.startsWith('**', i)) {
      const close = text.indexOf('**', i + 2)
      if (close > i + 2) {
        flush()
        nodes.push({ type: 'strong', children: parseInline(text.slice(i + 2, close), true, insideLink) })
        i = close + 2
        continue
      }
    }
    if (!insideLink && text[i] === '[') {
      const link = readLink(text, i)
      if (link) {
        const target = safeHref(link.href)
        flush()
        const children = parseInline(link.label, insideStrong, true)
        if (target) nodes.push({ type: 'link', href: target.href, external: target.external, children })
        else nodes.push(...children)
        i = link.end
        continue
      }
    }
    buffer += text[i] ?? ''
    i += 1
  }
  flush()
  return mergeText(nodes)
}

function readLink(text: string, start: number): { label: string; href: string; end: number } | null {
  const labelEnd = text.indexOf(']', start + 1)
  if (labelEnd <= start + 1 || text[labelEnd + 1] !== '(') return null
  const hrefEnd = text.indexOf(')', labelEnd + 2)
  if (hrefEnd < 0) return null
  return { label: text.slice(start + 1, labelEnd), href: text.slice(labelEnd + 2, hrefEnd), end: hrefEnd + 1 }
}

function mergeText(nodes: Inline[]): Inline[] {
  const merged: Inline[] = []
  for (const node of nodes) {
    const last = merged[merged.length - 1]
    if (node.type === 'text' && last?.type === 'text') last.text += node.text
    else merged.push(node)
  }
  return merged
}

/** The text of a document without markup, e.g. for a meta description. */
export function plainText(source: string, maxLength = 160): string {
  const text = parseMarkdown(source)
    .flatMap((block) => (block.type === 'list' ? block.items : [block.children]))
    .map(inlineText)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= maxLength) return text
  const cut = text.slice(0, maxLength - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

function inlineText(nodes: Inline[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.text : inlineText(node.children))).join('')
}
