import type { OrderLineDesignSnapshot } from '../db/schema'

// Which decoration partner decorates and ships each line of a confirmed order (issue 15). Pure: the
// facts it needs (which partner each logo belongs to, which logos a line's garment allows) are read
// beforehand. The rules, in order, for a line:
//   1. a logo product line (order_lines.logo_id): the partner of that logo;
//   2. a designed line: the partner of the first store logo in its design snapshot;
//   3. a set-up line: the partner of the decorated line it belongs to (the product line before it
//      with the same design, which the set-up is charged for);
//   4. anything else (a plain product, a design of text or uploaded artwork only, a promotion's
//      free 'reward' product): the partner of a logo the line's garment may carry (its variant's
//      logos, or any variant's of the product when the line has no variant), the lowest logo id;
//   5. still none: the order's first partner (of its lowest line), so everything ships together.
// An order none of whose lines leads to a partner (plain products without any logo) gets no work
// order: there is nobody to hand it to, and the store fulfils it itself.

export type SplitLine = {
  id: number
  sequence: number
  lineType: 'product' | 'reward' | 'setup'
  productId: number | null
  productVariantId: number | null
  logoId: number | null
  designId: string | null
  design: OrderLineDesignSnapshot | null
  quantity: number
}

export type SplitFacts = {
  /** Decoration partner of each logo. */
  logoPartner: ReadonlyMap<number, number>
  /** Partner of the lowest logo a variant allows. */
  variantPartner: ReadonlyMap<number, number>
  /** Partner of the lowest logo any variant of a product allows. */
  productPartner: ReadonlyMap<number, number>
}

/** The store logos a line names: its own logo and those of its design, in order. */
export function logoIdsOf(line: Pick<SplitLine, 'logoId' | 'design'>): number[] {
  const ids = line.logoId === null ? [] : [line.logoId]
  for (const decoration of line.design?.decorations ?? []) if (decoration.kind === 'logo' && decoration.logo?.id != null) ids.push(decoration.logo.id)
  return ids
}

/** The lines of each partner, partners in the order their first line appears. */
export function splitByPartner(lines: readonly SplitLine[], facts: SplitFacts): Map<number, SplitLine[]> {
  const ordered = [...lines].sort((a, b) => a.sequence - b.sequence || a.id - b.id)
  const partnerOf = new Map<number, number | null>()
  const lastDesigned = new Map<string, number | null>()

  for (const line of ordered) {
    let partner: number | null = null
    if (line.lineType === 'setup' && line.designId && lastDesigned.has(line.designId)) partner = lastDesigned.get(line.designId) ?? null
    if (partner === null) {
      for (const logoId of logoIdsOf(line)) {
        partner = facts.logoPartner.get(logoId) ?? null
        if (partner !== null) break
      }
    }
    if (partner === null && line.productVariantId !== null) partner = facts.variantPartner.get(line.productVariantId) ?? null
    if (partner === null && line.productVariantId === null && line.productId !== null) partner = facts.productPartner.get(line.productId) ?? null
    partnerOf.set(line.id, partner)
    if (line.lineType === 'product' && line.designId) lastDesigned.set(line.designId, partner)
  }

  const first = ordered.map((line) => partnerOf.get(line.id)).find((partner) => partner != null) ?? null
  const byPartner = new Map<number, SplitLine[]>()
  if (first === null) return byPartner
  for (const line of ordered) {
    const partner = partnerOf.get(line.id) ?? first
    const list = byPartner.get(partner) ?? []
    list.push(line)
    byPartner.set(partner, list)
  }
  return byPartner
}
