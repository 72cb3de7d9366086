let counter = 0

/** A number unique within the test process (names, codes and slugs built from it never collide). */
export function nextSequence(): number {
  counter += 1
  return counter
}

export function uniqueName(prefix: string): string {
  return `${prefix} ${nextSequence()}`
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
