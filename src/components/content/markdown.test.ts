import { describe, expect, test } from 'vitest'
import { parseInline, parseMarkdown, plainText, safeHref, withoutRepeatedTitle } from './markdown'

describe('content markdown', () => {
  test('headings become the levels below the page title', () => {
    expect(parseMarkdown('# Returns\n## Within 30 days\n### Exceptions')).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Returns' }] },
      { type: 'heading', level: 3, children: [{ type: 'text', text: 'Within 30 days' }] },
      { type: 'heading', level: 4, children: [{ type: 'text', text: 'Exceptions' }] },
    ])
  })

  test('heading levels never skip: a body that starts at ## still starts at h2', () => {
    const levels = (source: string) => parseMarkdown(source).map((block) => block.type === 'heading' && block.level)
    expect(levels('## Shipping\n### Rush orders\n# Contact')).toEqual([2, 3, 2])
    expect(levels('# Returns\n### Exceptions')).toEqual([2, 3])
  })

  test('consecutive lines form one paragraph and blank lines separate paragraphs', () => {
    expect(parseMarkdown('We embroider\nin house.\n\nSince 1998.')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'We embroider in house.' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'Since 1998.' }] },
    ])
  })

  test('bullet and numbered lists are separate lists', () => {
    const blocks = parseMarkdown('- Polos\n* Caps\n1. Choose\n2) Order')
    expect(blocks).toEqual([
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'Polos' }], [{ type: 'text', text: 'Caps' }]] },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'Choose' }], [{ type: 'text', text: 'Order' }]] },
    ])
  })

  test('a paragraph right after a list ends the list', () => {
    expect(parseMarkdown('- one\nThen text').map((block) => block.type)).toEqual(['list', 'paragraph'])
  })

  test('bold and links nest inside a line', () => {
    expect(parseInline('Read **our [returns](/returns) policy** today')).toEqual([
      { type: 'text', text: 'Read ' },
      {
        type: 'strong',
        children: [
          { type: 'text', text: 'our ' },
          { type: 'link', href: '/returns', external: false, children: [{ type: 'text', text: 'returns' }] },
          { type: 'text', text: ' policy' },
        ],
      },
      { type: 'text', text: ' today' },
    ])
  })

  test('https links are marked external', () => {
    expect(parseInline('[Carrier](https://www.ups.com/track)')).toEqual([
      { type: 'link', href: 'https://www.ups.com/track', external: true, children: [{ type: 'text', text: 'Carrier' }] },
    ])
  })

  test.each(['javascript:alert%281%29', 'data:text/html,<b>x</b>', 'http://example.com', '//evil.example/x', 'JaVaScRiPt:void', '/a b'])(
    'a link to %s keeps only its text',
    (href) => {
      expect(parseInline(`[click](${href})`)).toEqual([{ type: 'text', text: 'click' }])
    },
  )

  test('markup-looking text stays text', () => {
    expect(parseMarkdown('<script>alert(1)</script> **unclosed')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script> **unclosed' }] },
    ])
  })

  test('safe link targets are same-site paths and https addresses only', () => {
    expect(safeHref('/contact')).toEqual({ href: '/contact', external: false })
    expect(safeHref('https://example.com')).toEqual({ href: 'https://example.com/', external: true })
    expect(safeHref('mailto:a@b.c')).toBeNull()
    expect(safeHref('/\\evil.example')).toBeNull()
  })

  test('a first heading that repeats the page title is dropped, other headings stay', () => {
    const blocks = parseMarkdown('# Frequently  asked questions\n## Ordering')
    expect(withoutRepeatedTitle(blocks, 'Frequently Asked Questions')).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Ordering' }] },
    ])
    expect(withoutRepeatedTitle(blocks, 'FAQ')).toEqual(blocks)
  })

  test('plain text drops markup and is cut at a word', () => {
    expect(plainText('# About\nWe **love** [caps](/shop).')).toBe('About We love caps.')
    expect(plainText('one two three four five six', 14)).toBe('one two three…')
  })
})
