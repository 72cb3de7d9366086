import type { Decoration, DecorationOptions, UploadedArtwork } from '@/isomorphic/decoration-types'

/** What a decoration looks like on the garment: the logo's artwork, or its text in its font and colour, filling its box. */
export function DecorationArt({
  decoration,
  options,
  artworks,
}: {
  decoration: Decoration
  options: Pick<DecorationOptions, 'logos' | 'fonts'>
  /** The shopper's uploads in this editor. */
  artworks: readonly UploadedArtwork[]
}) {
  if (decoration.kind === 'logo') {
    const imageUrl =
      decoration.logoId !== null
        ? options.logos.find((candidate) => candidate.id === decoration.logoId)?.imageUrl
        : artworks.find((candidate) => candidate.id === decoration.artworkId)?.imageUrl
    if (!imageUrl) return <span aria-hidden="true" className="block size-full bg-ink/10" />
    return (
      // eslint-disable-next-line @next/next/no-img-element -- artwork served by the store, shown at any size while resized
      <img src={imageUrl} alt="" draggable={false} className="pointer-events-none block size-full object-contain" />
    )
  }
  const font = options.fonts.find((candidate) => candidate.id === decoration.fontId)
  const { width, height } = decoration
  return (
    <svg aria-hidden="true" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="pointer-events-none block size-full overflow-visible">
      <text
        x={width / 2}
        y={height / 2}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={height * 0.82}
        textLength={width * 0.94}
        lengthAdjust="spacingAndGlyphs"
        fill={decoration.color}
        style={{ fontFamily: font?.cssFamily }}
      >
        {decoration.text}
      </text>
    </svg>
  )
}
