// The Markdown of content pages stays hand-written (decision 019): it is a small dialect parsed to
// data that React renders as elements, so no text ever becomes HTML. These are the attacks it must stop.
import { describe, expect, test } from 'vitest'
import { type Block, type Inline, parseMarkdown } from './markdown'

function links(blocks: Block[]): string[] {
  const walk = (nodes: Inline[]): string[] => nodes.flatMap((node) => (node.type === 'link' ? [node.href, ...walk(node.children)] : node.type === 'strong' ? walk(node.children) : []))
  return blocks.flatMap((block) => (block.type === 'list' ? block.items.flatMap(walk) : walk(block.children)))
}

describe('content Markdown from the store file', () => {
  test('script links render as their text only: javascript:, data:, vbscript:, however disguised', () => {
    const targets = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.example/',
      '/\\evil.example/',
      'http://evil.example/',
      'https:evil.example',
    ]
    for (const target of targets) {
      const blocks = parseMarkdown(`Read [the terms](${target}) first.`)
      expect(links(blocks)).toEqual([])
      expect(blocks).toMatchObject([{ type: 'paragraph', children: [{ type: 'text', text: expect.stringMatching(/^Read the terms/) }] }])
    }
  })

  test('raw HTML stays text, never markup', () => {
    const source = '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n<a href="javascript:alert(1)">x</a>'
    expect(parseMarkdown(source)).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script>' }] },
      { type: 'paragraph', children: [{ type: 'text', text: '<img src=x onerror="alert(1)">' }] },
      { type: 'paragraph', children: [{ type: 'text', text: '<a href="javascript:alert(1)">x</a>' }] },
    ])
  })

  test('only paths on this site and https addresses become links', () => {
    expect(links(parseMarkdown('[shop](/shop) [docs](https://docs.example/guide) [x](mailto:a@b.example)'))).toEqual(['/shop', 'https://docs.example/guide'])
  })
})
