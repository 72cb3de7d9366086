// How far the editor's preview is zoomed (issue 17): the zoom buttons step through ZOOM_STEPS,
// pinching and Ctrl + wheel zoom continuously between the first and the last of them, and the
// view is scrolled so the point being worked on stays where it was on the screen.

export const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const
export const MIN_ZOOM = ZOOM_STEPS[0]
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MIN_ZOOM
  return Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) * 100) / 100
}

/** The next step in `direction` (+1 in, −1 out) from any zoom, or the same zoom at either end. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = direction > 0 ? ZOOM_STEPS.find((step) => step > zoom + 0.001) : [...ZOOM_STEPS].reverse().find((step) => step < zoom - 0.001)
  return next ?? clampZoom(zoom)
}

/** Ctrl + wheel (and a trackpad's pinch, which browsers send as one): a notch of 100 px is about a fifth. */
export function wheelZoom(zoom: number, deltaY: number): number {
  return clampZoom(zoom * Math.exp(-deltaY / 500))
}

/**
 * The scroll position that keeps a point of the content under the same spot of the viewport
 * after zooming: `fraction` is the point's place in the content (0–1), `offset` its distance
 * from the viewport's start, `size` the content's new length in pixels.
 */
export function anchoredScroll(fraction: number, offset: number, size: number, viewport: number): number {
  return Math.min(Math.max(fraction * size - offset, 0), Math.max(size - viewport, 0))
}
