// The request target, judged once before anything routes it. The page gate, the page cache, the
// API dispatch and Next must all see the same path, so targets whose path they could read in
// different ways are refused outright with a 400 and a reason:
// - anything but origin form ('/path?query'): the asterisk form ('OPTIONS *') and the absolute form
//   ('GET http://elsewhere.example/shop'), which Next would otherwise answer with a redirect to
//   whatever host the target names;
// - a fragment ('#'): browsers never send one; Next drops it and routes '/shop#.css' as '/shop',
//   while the gate would judge it as a stylesheet;
// - malformed percent-encoding ('/%E0%A4%A'), which Next's decoding turns into a 500;
// - '.' or '..' segments, also percent-encoded or between backslashes, which the URL standard
//   resolves away ('/_next/../shop' would reach the shop ungated);
// - control characters once decoded (no page or file of the store has them).

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i
const CONTROL = /[\u0000-\u001f\u007f]/

/**
 * The target without its query string.
 * @param {string} url
 */
export function pathOf(url) {
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

/**
 * Why the target must be refused, or null when it is a plain path every layer reads alike.
 * @param {string} url
 * @returns {string | null}
 */
export function targetRefusal(url) {
  if (!url.startsWith('/')) return 'Bad request: the request target must be a path on this site, such as /shop.'
  if (url.includes('#')) return 'Bad request: the address has a fragment (#), which browsers never send.'
  const path = pathOf(url)
  // Every request is judged here, cached page replays included: a plain path (no '%', no '.') is
  // judged without splitting or decoding it, since a dot segment needs one and decoding changes nothing.
  const escaped = path.includes('%')
  if ((escaped || path.includes('.')) && path.split(/[/\\]/).some((segment) => DOT_SEGMENT.test(segment))) return 'Bad request: the address has "." or ".." segments.'
  let decoded = path
  if (escaped) {
    try {
      decoded = decodeURIComponent(path)
    } catch {
      return 'Bad request: the address has malformed percent-encoding.'
    }
  }
  if (CONTROL.test(decoded)) return 'Bad request: the address has control characters.'
  return null
}
