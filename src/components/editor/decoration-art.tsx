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
    // The image route serves artwork as a square PNG with the artwork centred in it ("contain"), so
    // a wide logo is a band across the middle of its square. The square is drawn as large as the
    // box's longer side and centred, and the box shows only the band: the artwork fills its box
    // (issue 17: a 5 : 1 logo used to shrink to a fifth of its box).
    const ratio = decoration.width > 0 && decoration.height > 0 ? decoration.width / decoration.height : 1
    const square =
      ratio >= 1
        ? { width: '100%', height: `${ratio * 100}%`, left: '0%', top: `${((1 - ratio) / 2) * 100}%` }
        : { width: `${(1 / ratio) * 100}%`, height: '100%', left: `${((1 - 1 / ratio) / 2) * 100}%`, top: '0%' }
    return (
      <span aria-hidden="true" className="pointer-events-none relative block size-full overflow-hidden">
        {/* eslint-disable-next-line @next/next/no-img-element -- artwork served by the store, shown at any size while resized */}
        <img src={imageUrl} alt="" draggable={false} className="absolute max-w-none object-contain" style={square} />
      </span>
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
