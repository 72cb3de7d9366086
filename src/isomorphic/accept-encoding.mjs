// Content negotiation for Accept-Encoding (RFC 9110 12.5.3), parsed once and the same way for every
// answer the store compresses: the JSON API's payloads (src/server/api/encoded-payload.ts) and the
// rendered pages replayed by the production server (scripts/page-response-cache.mjs). Plain
// JavaScript so the server script can import it; a single left-to-right pass with no regular
// expression, so a long or hostile header costs time in proportion to its length and no more.
// Headers are bounded by the server (maxHeaderSize) before they get here.

/**
 * The q-value of a parameter list such as ' q=0.5' or ';level=1;q=0' (1 when absent or unreadable as a weight).
 * @param {string[]} parameters
 */
function weightOf(parameters) {
  for (const parameter of parameters) {
    const text = parameter.trim()
    if (text.length < 2 || (text[0] !== 'q' && text[0] !== 'Q') || text[1] !== '=') continue
    const weight = Number(text.slice(2))
    return Number.isFinite(weight) && weight >= 0 && weight <= 1 ? weight : 0
  }
  return 1
}

/**
 * The best encoding an Accept-Encoding header allows, brotli before gzip at equal weight, or null
 * for the identity. `*` stands for any coding not named; a weight of 0 refuses a coding.
 * @param {string | null | undefined} acceptEncoding
 * @returns {'br' | 'gzip' | null}
 */
export function negotiateEncoding(acceptEncoding) {
  if (!acceptEncoding) return null
  const weights = new Map()
  for (const part of String(acceptEncoding).split(',')) {
    const [name, ...parameters] = part.split(';')
    const coding = (name ?? '').trim().toLowerCase()
    if (coding && !weights.has(coding)) weights.set(coding, weightOf(parameters))
  }
  const weight = (/** @type {string} */ coding) => weights.get(coding) ?? weights.get('*') ?? 0
  const br = weight('br')
  const gzip = weight('gzip')
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return null
}
