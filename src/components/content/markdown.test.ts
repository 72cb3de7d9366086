import { describe, expect, test } from 'vitest'
import { parseMarkdown, plainText, safeHref, withoutRepeatedTitle } from './markdown'

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

  test('bullet and numbered lists are separate lists, and • still makes a bullet', () => {
    const item = (text: string) => [{ type: 'paragraph', tight: true, children: [{ type: 'text', text }] }]
    expect(parseMarkdown('- Polos\n- Caps\n\n1. Choose\n2. Order\n\n• Mugs')).toEqual([
      { type: 'list', ordered: false, items: [item('Polos'), item('Caps')] },
      { type: 'list', ordered: true, items: [item('Choose'), item('Order')] },
      { type: 'list', ordered: false, items: [item('Mugs')] },
    ])
  })

  test('lists nest', () => {
    const [list] = parseMarkdown('- Tops\n  - Polos\n  - Tees\n- Caps')
    expect(list).toMatchObject({ type: 'list', items: [[{ type: 'paragraph' }, { type: 'list', items: [expect.anything(), expect.anything()] }], expect.anything()] })
  })

  test('bold, emphasis, code and links nest inside a line', () => {
    expect(parseMarkdown('Read **our [returns](/returns) policy** _today_ or `call`')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Read ' },
          {
            type: 'strong',
            children: [
              { type: 'text', text: 'our ' },
              { type: 'link', href: '/returns', external: false, children: [{ type: 'text', text: 'returns' }] },
              { type: 'text', text: ' policy' },
            ],
          },
          { type: 'text', text: ' ' },
          { type: 'em', children: [{ type: 'text', text: 'today' }] },
          { type: 'text', text: ' or ' },
          { type: 'code', text: 'call' },
        ],
      },
    ])
  })

  test('https and mailto links are marked external', () => {
    expect(parseMarkdown('[Carrier](https://www.ups.com/track) [mail](mailto:store@example.com)')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'link', href: 'https://www.ups.com/track', external: true, children: [{ type: 'text', text: 'Carrier' }] },
          { type: 'text', text: ' ' },
          { type: 'link', href: 'mailto:store@example.com', external: true, children: [{ type: 'text', text: 'mail' }] },
        ],
      },
    ])
  })

  test('safe link targets are same-site paths, fragments, http(s) addresses with a host, mailto and tel', () => {
    expect(safeHref('/contact')).toEqual({ href: '/contact', external: false })
    expect(safeHref('#sizes')).toEqual({ href: '#sizes', external: false })
    expect(safeHref('https://example.com')).toEqual({ href: 'https://example.com/', external: true })
    expect(safeHref('tel:+13035550100')).toEqual({ href: 'tel:+13035550100', external: true })
    for (const refused of ['//evil.example/x', '/\\evil.example', 'https:evil.example', 'javascript:void(0)', 'data:text/html,x', 'file:///etc/passwd', 'shop', '']) {
      expect(safeHref(refused)).toBeNull()
    }
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
