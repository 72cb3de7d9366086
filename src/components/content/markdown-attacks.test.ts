// Content Markdown comes from the store file and the console (decision 022): markdown-it parses it
// with raw HTML off and a link validator; markdown-view.tsx renders the result as React elements.
// These are the attacks the whole chain must stop, checked on the HTML a browser would get.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { type Block, type Inline, MAX_MARKDOWN_LENGTH, parseMarkdown } from './markdown'
import { MarkdownView } from './markdown-view'

function links(blocks: Block[]): string[] {
  const walk = (nodes: Inline[]): string[] =>
    nodes.flatMap((node) => (node.type === 'link' ? [node.href, ...walk(node.children)] : 'children' in node ? walk(node.children) : []))
  return blocks.flatMap((block) =>
    block.type === 'list' ? block.items.flatMap(links) : block.type === 'quote' ? links(block.children) : 'children' in block ? walk(block.children) : [],
  )
}

const render = (source: string) => renderToStaticMarkup(createElement(MarkdownView, { source }))

/** The href and src values of the rendered HTML. */
function targets(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => match[1] ?? '')
}

describe('hostile content Markdown', () => {
  test('script links render as text, never as a link: javascript:, data:, vbscript:, however disguised', () => {
    const hostile = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'javascript&colon;alert(1)',
      'javascript&#58;alert(1)',
      '&#x6A;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/',
      '/\\evil.example/',
      'https:evil.example',
      '<javascript:alert(1)>',
    ]
    for (const target of hostile) {
      for (const source of [`Read [the terms](${target}) first.`, `[ref]: ${target}\n\nRead [the terms][ref] first.`, `<${target}>`]) {
        expect(links(parseMarkdown(source)), source).toEqual([])
        const html = render(source)
        expect(html, source).not.toMatch(/<a\s/)
        expect(targets(html), source).toEqual([])
      }
    }
  })

  test('raw HTML stays text, escaped, never markup', () => {
    const source = '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\nHi <a href="javascript:alert(1)">x</a> <iframe src="//evil"></iframe>\n\n<div style="position:fixed">'
    const html = render(source)
    expect(html).not.toMatch(/<(script|img|a|iframe|div style)\b/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;')
  })

  test('images render only from this site: data:, javascript: and other hosts stay text', () => {
    const html = render('![logo](/images/logo.png) ![pixel](data:image/png;base64,iVBORw0KGgo=) ![x](javascript:alert(1)) ![t](https://tracker.example/p.gif) ![s](//evil.example/a.png)')
    expect(targets(html)).toEqual(['/images/logo.png'])
    expect(html.match(/<img\s/g)).toHaveLength(1)
    expect(html).toContain('pixel')
  })

  test('entities and escapes do not smuggle markup', () => {
    const html = render('&lt;script&gt;alert(1)&lt;/script&gt; \\<b>bold\\</b> `<script>` \n\n```\n<script>alert(1)</script>\n```')
    expect(html).not.toMatch(/<script|<b>/)
    expect(html).toContain('<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>')
  })

  test('only paths on this site, https, mailto and tel become links', () => {
    expect(links(parseMarkdown('[shop](/shop) [docs](https://docs.example/guide) [x](mailto:a@b.example) [ftp](ftp://files.example/)'))).toEqual([
      '/shop',
      'https://docs.example/guide',
      'mailto:a@b.example',
    ])
  })

  test('very long and deeply nested input renders, bounded, without markup', () => {
    const nested = `${'> '.repeat(500)}${'['.repeat(5000)}x${'](javascript:alert(1))'.repeat(5000)}\n\n${'*'.repeat(20000)}x`
    const huge = `${'A paragraph with <b>tags</b> and [a](javascript:1). '.repeat(6000)}`
    for (const source of [nested, huge]) {
      const html = render(source)
      expect(html).not.toMatch(/<(script|b)\b|href="javascript/i)
      expect(html.length).toBeLessThan(MAX_MARKDOWN_LENGTH * 6)
    }
  })
})
