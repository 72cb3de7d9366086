/** A path segment as the visitor typed it, decoded; a malformed escape is kept as is. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
