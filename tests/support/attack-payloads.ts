// Payloads of the denial-of-service attacks of issue 13, shared by the unit tests, the resilience
// suite and the bench (BENCH_ONLY=attacks).

/**
 * The `<use>` amplification ("billion laughs" without entities): group l0 holds one rectangle and
 * every group lN holds `fanOut` copies of l(N-1), `levels` deep, so the file is a few kilobytes and
 * draws fanOut^levels rectangles (10^9 with the defaults).
 */
export function svgUseBomb({ levels = 9, fanOut = 10 }: { levels?: number; fanOut?: number } = {}): string {
  const groups = [`<g id="l0"><rect width="10" height="10" fill="#c8102e"/></g>`]
  for (let level = 1; level <= levels; level++) {
    groups.push(`<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(fanOut)}</g>`)
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><defs>${groups.join('')}</defs><use href="#l${levels}"/></svg>`
}

/** The Accept-Encoding header that made the page cache's check backtrack (issue 13, item 1). */
export const REDOS_ACCEPT_ENCODING = `br${' '.repeat(16_000)}x`

/**
 * Stored-script payloads (issue 6's injection suite, issue 15's console): each would set
 * `window.__xss` or open a dialog if a page ever rendered it as markup rather than text.
 */
export const SCRIPT_PAYLOADS = {
  img: `<img src=x onerror="window.__xss='img';alert('img')">`,
  script: `"><script>window.__xss='script';alert('script')</script>`,
  svg: `<svg onload="window.__xss='svg'">`,
  template: "{{constructor.constructor('window.__xss=1')()}}",
  javascriptUrl: 'javascript:window.__xss=1//',
  attribute: `' onmouseover='window.__xss=1' x='`,
} as const
