// Cleans SVG artwork a shopper uploads (issue 7; security.md: untrusted files). The file is parsed
// by a small strict XML reader and written out again from an allowlist: drawing elements and their
// presentation attributes only. Scripts, event handlers, foreignObject, animation, links and every
// reference outside the file (href, url(…), @import) are dropped; a DOCTYPE, an entity declaration
// or an unknown entity refuses the whole file (XXE, "billion laughs"). What comes out can only draw.
// References multiply what is drawn (`<use>` copies its target; url(#…) paints with a pattern, mask,
// filter or marker): a file whose references expand to more than MAX_DRAWN_ELEMENTS elements, or
// loop, is refused before anything draws it (issue 13: ten `<use>` a level, nine levels deep, is a
// 2 kB file that keeps librsvg busy for seconds).

export class SvgRejectedError extends Error {
  override readonly name = 'SvgRejectedError'
}

export type SanitizedSvg = { svg: string; removed: string[] }

const MAX_ELEMENTS = 20_000
const MAX_DEPTH = 64
/** Elements drawn once every reference is expanded; a detailed logo draws a few thousand. */
export const MAX_DRAWN_ELEMENTS = 20_000
/** How deep elements and the references between them may nest, together (a `<use>` of a `<use>` … is a step each). */
const MAX_REFERENCE_CHAIN = 256

/** Elements kept with their (cleaned) attributes and children. */
const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'title', 'desc', 'lineargradient', 'radialgradient', 'stop', 'clippath', 'mask', 'pattern',
  'marker', 'image', 'style', 'filter', 'fegaussianblur', 'feoffset', 'femerge', 'femergenode', 'feflood',
  'fecomposite', 'fecolormatrix', 'feblend', 'switch',
])

/** Elements replaced by their children (a link keeps what it shows, without the link). */
const UNWRAPPED = new Set(['a'])

/** Attribute names kept (compared in lower case); their values are still checked. */
const ATTRIBUTES = new Set([
  'id', 'class', 'style', 'd', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'dx', 'dy',
  'width', 'height', 'points', 'transform', 'viewbox', 'preserveaspectratio', 'version', 'fill', 'fill-opacity',
  'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray',
  'stroke-dashoffset', 'stroke-opacity', 'opacity', 'clip-path', 'clip-rule', 'mask', 'filter', 'color', 'display',
  'visibility', 'overflow', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor',
  'dominant-baseline', 'alignment-baseline', 'letter-spacing', 'word-spacing', 'textlength', 'lengthadjust',
  'offset', 'stop-color', 'stop-opacity', 'gradientunits', 'gradienttransform', 'spreadmethod', 'patternunits',
  'patterncontentunits', 'patterntransform', 'clippathunits', 'maskunits', 'maskcontentunits', 'filterunits',
  'primitiveunits', 'markerwidth', 'markerheight', 'markerunits', 'refx', 'refy', 'orient', 'marker-start',
  'marker-mid', 'marker-end', 'vector-effect', 'shape-rendering', 'stddeviation', 'in', 'in2', 'result', 'mode',
  'operator', 'values', 'type', 'flood-color', 'flood-opacity', 'k1', 'k2', 'k3', 'k4', 'href', 'xlink:href',
  'xml:space', 'media',
])

/** Raster images embedded in the file itself are the only data: addresses kept. */
const EMBEDDED_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/

type XmlElement = { name: string; attributes: [string, string][]; children: XmlNode[] }
type XmlNode = XmlElement | { text: string }

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);?/g, (match, entity: string) => {
    if (!match.endsWith(';')) throw new SvgRejectedError('The SVG file is not well-formed XML (a bare "&").')
    if (entity.startsWith('#x')) return safeCodePoint(parseInt(entity.slice(2), 16))
    if (entity.startsWith('#')) return safeCodePoint(parseInt(entity.slice(1), 10))
    const known = PREDEFINED[entity]
    if (known === undefined) throw new SvgRejectedError(`The SVG file uses an entity (&${entity};) that is not allowed.`)
    return known
  })
}

function safeCodePoint(code: number): string {
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
    throw new SvgRejectedError('The SVG file holds a character reference that is not a character.')
  }
  return String.fromCodePoint(code)
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*/

/** A strict reader for the XML an SVG editor writes; anything unusual refuses the file. */
function parseXml(source: string): XmlElement {
  let at = 0
  const root: XmlElement = { name: '#document', attributes: [], children: [] }
  const stack: XmlElement[] = [root]
  let elements = 0
  const fail = (reason: string): never => {
    throw new SvgRejectedError(`The SVG file could not be read: ${reason}.`)
  }

  while (at < source.length) {
    const next = source.indexOf('<', at)
    if (next === -1) {
      stack.at(-1)!.children.push({ text: decodeEntities(source.slice(at)) })
      break
    }
    if (next > at) stack.at(-1)!.children.push({ text: decodeEntities(source.slice(at, next)) })
    at = next
    if (source.startsWith('<!--', at)) {
      const end = source.indexOf('-->', at + 4)
      if (end === -1) fail('a comment is not closed')
      at = end + 3
    } else if (source.startsWith('<![CDATA[', at)) {
      const end = source.indexOf(']]>', at + 9)
      if (end === -1) fail('a CDATA section is not closed')
      stack.at(-1)!.children.push({ text: source.slice(at + 9, end) })
      at = end + 3
    } else if (source.startsWith('<!', at)) {
      throw new SvgRejectedError('The SVG file has a DOCTYPE or entity declaration, which is not allowed.')
    } else if (source.startsWith('<?', at)) {
      const end = source.indexOf('?>', at + 2)
      if (end === -1) fail('a processing instruction is not closed')
      // Only the XML declaration is harmless (and it is dropped); a stylesheet instruction is not.
      if (!/^<\?xml[\s?]/i.test(source.slice(at, end + 2))) throw new SvgRejectedError('The SVG file has a processing instruction, which is not allowed.')
      at = end + 2
    } else if (source.startsWith('</', at)) {
      const match = NAME.exec(source.slice(at + 2))
      if (!match) fail('a closing tag has no name')
      const name = match![0]
      const end = source.indexOf('>', at)
      if (end === -1 || source.slice(at + 2 + name.length, end).trim() !== '') fail(`the closing tag </${name}> is malformed`)
      const open = stack.pop()
      if (!open || open.name !== name || stack.length === 0) fail(`</${name}> does not close the open element`)
      at = end + 1
    } else {
      const match = NAME.exec(source.slice(at + 1))
      if (!match) fail('a tag has no name')
      const element: XmlElement = { name: match![0], attributes: [], children: [] }
      if (++elements > MAX_ELEMENTS) throw new SvgRejectedError(`The SVG file has more than ${MAX_ELEMENTS.toLocaleString('en-US')} elements.`)
      at += 1 + element.name.length
      const seen = new Set<string>()
      for (;;) {
        const space = /^\s*/.exec(source.slice(at))![0].length
        at += space
        if (source.startsWith('/>', at)) {
          stack.at(-1)!.children.push(element)
          at += 2
          break
        }
        if (source.startsWith('>', at)) {
          stack.at(-1)!.children.push(element)
          stack.push(element)
          if (stack.length > MAX_DEPTH + 1) throw new SvgRejectedError(`The SVG file nests elements more than ${MAX_DEPTH} deep.`)
          at += 1
          break
        }
        if (space === 0) fail(`the tag <${element.name}> is malformed`)
        const attribute = /^([A-Za-z_][A-Za-z0-9_.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(source.slice(at))
        if (!attribute) fail(`an attribute of <${element.name}> is malformed`)
        const [whole, name, , double, single] = attribute!
        if (seen.has(name!)) fail(`<${element.name}> has the attribute ${name} twice`)
        seen.add(name!)
        element.attributes.push([name!, decodeEntities(double ?? single ?? '')])
        at += whole.length
      }
    }
  }
  if (stack.length !== 1) fail(`<${stack.at(-1)!.name}> is not closed`)
  const elementsAtTop = root.children.filter((child): child is XmlElement => 'name' in child)
  if (elementsAtTop.length !== 1 || root.children.some((child) => 'text' in child && child.text.trim() !== '')) fail('there must be exactly one root element')
  return elementsAtTop[0]!
}

/** Keeps `url(#id)` references and drops every other url(…) (external files, data, scripts). */
function onlyLocalUrls(value: string): string | null {
  const urls = [...value.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi)]
  if (urls.some((match) => !/^#[A-Za-z_][\w.:-]*$/.test(match[2]!.trim()))) return null
  if (/url\(/i.test(value.replace(/url\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)/gi, ''))) return null
  return value
}

const DANGEROUS_VALUE = /(javascript|vbscript|livescript)\s*:|expression\s*\(|-moz-binding|behavior\s*:|@import/i

/** A style sheet or style attribute without imports, bindings or references outside the file. */
export function sanitizeCss(css: string): string {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '')
  const declarations = withoutComments
    // At-rules that load anything are removed whole, with or without a block.
    .replace(/@(import|font-face|namespace)[^;{]*(\{[^}]*\}|;)?/gi, '')
  return (
    declarations
      .split(/(?<=[;{}])/)
      // A dropped part keeps its brace, so the rules around it stay balanced.
      .map((part) => (DANGEROUS_VALUE.test(part) || onlyLocalUrls(part) === null || part.includes('\\') ? part.replace(/[^{}]/g, '') : part))
      .join('')
      .replace(/[<>]/g, '')
  )
}

function cleanAttribute(element: string, name: string, value: string): string | null {
  const lower = name.toLowerCase()
  if (!ATTRIBUTES.has(lower) || lower.startsWith('on')) return null
  if (lower === 'href' || lower === 'xlink:href') {
    const target = value.trim()
    if (/^#[A-Za-z_][\w.:-]*$/.test(target)) return target
    if (element === 'image' && EMBEDDED_IMAGE.test(target)) return target.replace(/\s+/g, '')
    return null
  }
  if (lower === 'style') {
    const css = sanitizeCss(value)
    return css.trim() === '' ? null : css
  }
  if (DANGEROUS_VALUE.test(value)) return null
  if (/url\(/i.test(value)) return onlyLocalUrls(value)
  return value
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;')

/**
 * Parses `source` and writes back only what can draw. Throws SvgRejectedError when the file is not
 * an SVG that can be read safely; `removed` names what was left out, for the log.
 */
export function sanitizeSvg(source: string | Buffer): SanitizedSvg {
  const text = (typeof source === 'string' ? source : source.toString('utf8')).replace(/^\uFEFF/, '')
  if (text.includes('\u0000')) throw new SvgRejectedError('The SVG file holds binary data.')
  const root = parseXml(text)
  if (localName(root.name) !== 'svg') throw new SvgRejectedError('The file is not an SVG image (its root element is not <svg>).')
  assertBoundedExpansion(root)
  const removed = new Set<string>()
  let usesXlink = false

  const write = (node: XmlNode, parent: string): string => {
    if ('text' in node) {
      // Only text and style sheets carry text; whitespace elsewhere is kept as is.
      if (parent === 'style') {
        const css = sanitizeCss(node.text)
        if (css !== node.text) removed.add('style rules')
        return escapeText(css)
      }
      if (parent === 'text' || parent === 'tspan' || parent === 'title' || parent === 'desc') return escapeText(node.text)
      return node.text.trim() === '' ? node.text : ''
    }
    const name = node.name.includes(':') ? null : node.name.toLowerCase()
    if (name && UNWRAPPED.has(name)) {
      removed.add(`<${node.name}> (its content kept)`)
      return node.children.map((child) => write(child, parent)).join('')
    }
    if (!name || !ELEMENTS.has(name)) {
      removed.add(`<${node.name}>`)
      return ''
    }
    const attributes: string[] = []
    for (const [attribute, value] of node.attributes) {
      if (/^xmlns(:|$)/i.test(attribute)) continue
      const clean = cleanAttribute(name, attribute, value)
      if (clean === null) {
        removed.add(`${attribute}=`)
        continue
      }
      if (clean !== value && attribute.toLowerCase() === 'style') removed.add('style rules')
      if (attribute.toLowerCase() === 'xlink:href') usesXlink = true
      attributes.push(` ${attribute}="${escapeAttribute(clean)}"`)
    }
    const children = node.children.map((child) => write(child, name)).join('')
    const tag = node.name
    return children === '' ? `<${tag}${attributes.join('')}/>` : `<${tag}${attributes.join('')}>${children}</${tag}>`
  }

  const body = write(root, '#document')
  const namespaces = ` xmlns="http://www.w3.org/2000/svg"${usesXlink ? ' xmlns:xlink="http://www.w3.org/1999/xlink"' : ''}`
  const svg = body.replace(/^<svg/i, (open) => `${open}${namespaces}`)
  return { svg, removed: [...removed] }
}

const TOO_MANY_DRAWN = `The SVG file draws more than ${MAX_DRAWN_ELEMENTS.toLocaleString('en-US')} shapes once its repeated parts (<use> and url(#…) references) are expanded. Flatten or simplify the artwork and upload it again.`

/** The ids an element refers to: a local href, url(#…) in its attributes and the style rules its name or classes match. */
function referencesOf(element: XmlElement, sheet: StyleReferences): string[] {
  const ids: string[] = []
  let classes: string[] = []
  for (const [name, value] of element.attributes) {
    const lower = name.toLowerCase()
    if (lower === 'href' || lower === 'xlink:href') {
      const local = /^\s*#([^\s]+)\s*$/.exec(value)
      if (local) ids.push(local[1]!)
    } else {
      ids.push(...localUrls(value))
    }
    if (lower === 'class') classes = value.split(/\s+/).filter(Boolean)
  }
  const lowerName = localName(element.name)
  ids.push(...sheet.everywhere, ...(sheet.byElement.get(lowerName) ?? []))
  for (const name of classes) ids.push(...(sheet.byClass.get(name) ?? []))
  return ids
}

function localUrls(value: string): string[] {
  return [...value.matchAll(/url\(\s*['"]?\s*#([^'")\s]+)/gi)].map((match) => match[1]!)
}

type StyleReferences = { everywhere: string[]; byElement: Map<string, string[]>; byClass: Map<string, string[]> }

/**
 * Which elements a style sheet's url(#…) references apply to: rules whose selectors end in a plain
 * element name or class are matched by that name or class; any other selector counts for every element.
 */
function styleReferences(root: XmlElement): StyleReferences {
  const sheet: StyleReferences = { everywhere: [], byElement: new Map(), byClass: new Map() }
  const add = (map: Map<string, string[]>, key: string, ids: string[]) => map.set(key, [...(map.get(key) ?? []), ...ids])
  const visit = (element: XmlElement) => {
    if (localName(element.name) === 'style') {
      const css = element.children.map((child) => ('text' in child ? child.text : '')).join('').replace(/\/\*[\s\S]*?\*\//g, '')
      for (const rule of css.split('}')) {
        const [selectors = '', body = ''] = rule.split('{')
        const ids = localUrls(body)
        if (ids.length === 0) continue
        for (const selector of selectors.split(',')) {
          const last = selector.trim().split(/[\s>+~]+/).at(-1) ?? ''
          const simple = /^([A-Za-z][\w-]*)?(?:\.([\w-]+))?$/.exec(last)
          if (simple?.[2] && !simple[1]) add(sheet.byClass, simple[2], ids)
          else if (simple?.[1] && !simple[2]) add(sheet.byElement, simple[1].toLowerCase(), ids)
          else if (simple?.[1] && simple[2]) add(sheet.byClass, simple[2], ids)
          else sheet.everywhere.push(...ids)
        }
      }
    }
    for (const child of element.children) if ('name' in child) visit(child)
  }
  visit(root)
  return sheet
}

/**
 * Counts what the renderer would draw: each element, its children, and for every reference the whole
 * of what it refers to, again and again where references nest. Refuses the file past
 * MAX_DRAWN_ELEMENTS, and when references form a loop.
 */
function assertBoundedExpansion(root: XmlElement): void {
  const byId = new Map<string, XmlElement[]>()
  const index = (element: XmlElement) => {
    const id = element.attributes.find(([name]) => name.toLowerCase() === 'id')?.[1]
    if (id !== undefined) byId.set(id, [...(byId.get(id) ?? []), element])
    for (const child of element.children) if ('name' in child) index(child)
  }
  index(root)
  const sheet = styleReferences(root)
  const drawn = new Map<XmlElement, number>()
  const inProgress = new Set<XmlElement>()

  const count = (element: XmlElement, chain: number): number => {
    const known = drawn.get(element)
    if (known !== undefined) return known
    if (inProgress.has(element)) throw new SvgRejectedError('The SVG file has references that loop (an element that uses itself, directly or through others).')
    if (chain > MAX_REFERENCE_CHAIN) throw new SvgRejectedError(`The SVG file nests elements and references more than ${MAX_REFERENCE_CHAIN} deep.`)
    inProgress.add(element)
    let total = 1
    for (const child of element.children) {
      if ('name' in child) total += count(child, chain + 1)
      if (total > MAX_DRAWN_ELEMENTS) throw new SvgRejectedError(TOO_MANY_DRAWN)
    }
    for (const id of referencesOf(element, sheet)) {
      // An id given twice counts as the larger of its elements, whichever one the renderer picks.
      total += Math.max(0, ...(byId.get(id) ?? []).map((target) => count(target, chain + 1)))
      if (total > MAX_DRAWN_ELEMENTS) throw new SvgRejectedError(TOO_MANY_DRAWN)
    }
    inProgress.delete(element)
    drawn.set(element, total)
    return total
  }
  count(root, 0)
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1).toLowerCase()
}
