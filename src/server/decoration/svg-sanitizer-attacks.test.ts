// The SVG sanitizer stays hand-written (decision 019: no maintained library bounds what <use> and
// url(#…) expand to, and DOMPurify needs a DOM on the server). These are the attacks it must stop.
import { describe, expect, test } from 'vitest'
import { svgUseBomb } from '../../../tests/support/attack-payloads'
import { sanitizeSvg, SvgRejectedError } from './svg-sanitizer'

const svg = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100"${attributes}>${inner}</svg>`

const clean = (inner: string, attributes = '') => sanitizeSvg(svg(inner, attributes)).svg

describe('an uploaded SVG cannot run anything', () => {
  test('scripts are dropped, in any case and namespace, with what they hold', () => {
    for (const script of ['<script>alert(1)</script>', '<SCRIPT>alert(1)</SCRIPT>', '<svg:script>alert(1)</svg:script>', '<script><![CDATA[alert(1)]]></script>']) {
      const out = clean(`${script}<rect width="10" height="10"/>`)
      expect(out.toLowerCase()).not.toContain('script')
      expect(out).not.toContain('alert')
      expect(out).toContain('<rect')
    }
  })

  test('event handlers are dropped from every element, the root too', () => {
    const out = clean('<rect width="10" height="10" onclick="alert(1)" onMouseOver="alert(2)"/><g onload="alert(3)"/>', ' onload="alert(4)"')
    expect(out.toLowerCase()).not.toMatch(/\son\w+=/)
    expect(out).not.toContain('alert')
  })

  test('foreignObject, animation and links to elsewhere go, a link keeps only what it shows', () => {
    const out = clean(
      '<foreignObject><iframe src="javascript:alert(1)"/></foreignObject>' +
        '<set attributeName="href" to="javascript:alert(2)"/><animate attributeName="href" values="javascript:alert(3)"/>' +
        '<a href="javascript:alert(4)"><rect width="5" height="5"/></a>',
    )
    expect(out).not.toMatch(/foreignObject|iframe|<set|<animate|<a[\s>]|javascript/i)
    expect(out).toContain('<rect')
  })
})

describe('an uploaded SVG cannot reach outside itself', () => {
  test('external href and xlink:href are dropped; a reference inside the file stays', () => {
    const out = clean(
      '<defs><rect id="box" width="5" height="5"/></defs>' +
        '<use href="https://evil.example/sprite.svg#x"/><use xlink:href="//evil.example/a.svg#y"/><use href="#box"/>' +
        '<image href="https://evil.example/track.png" width="1" height="1"/><image href="file:///etc/passwd" width="1" height="1"/>',
    )
    expect(out).not.toMatch(/evil\.example|file:/)
    expect(out).toContain('href="#box"')
  })

  test('url() in attributes and style sheets may only point inside the file', () => {
    const out = clean(
      '<style>@import url(https://evil.example/x.css); .a { fill: url(https://evil.example/p.svg#p) } .b { fill: url(#local) }</style>' +
        '<rect width="5" height="5" fill="url(https://evil.example/#p)" style="background: url(javascript:alert(1))"/>',
    )
    expect(out).not.toMatch(/evil\.example|javascript|@import/i)
    expect(out).toContain('url(#local)')
  })

  test('a DOCTYPE or an entity refuses the file (XXE, billion laughs)', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>'
    expect(() => sanitizeSvg(xxe)).toThrow(SvgRejectedError)
    expect(() => sanitizeSvg(svg('<text>&unknown;</text>'))).toThrow(SvgRejectedError)
  })
})

describe('an uploaded SVG cannot make the renderer work without end', () => {
  test('a <use> bomb is refused before anything draws it', () => {
    expect(() => sanitizeSvg(svgUseBomb())).toThrow(SvgRejectedError)
  })

  test('references that loop are refused', () => {
    expect(() => sanitizeSvg(svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'))).toThrow(SvgRejectedError)
    expect(() => sanitizeSvg(svg('<pattern id="p" width="1" height="1"><rect width="1" height="1" fill="url(#p)"/></pattern><rect width="9" height="9" fill="url(#p)"/>'))).toThrow(
      SvgRejectedError,
    )
  })

  test('nesting deeper than the reader allows is refused', () => {
    expect(() => sanitizeSvg(svg(`${'<g>'.repeat(200)}${'</g>'.repeat(200)}`))).toThrow(SvgRejectedError)
  })
})
