/** Integer cents. */
type Cents = number

// The decoration editor's contract (issue 7): what the server tells the editor about a product
// (its views, print areas, approved logos, methods, fonts and palette) and the design the editor
// sends back. Every length is in real inches; every amount is integer cents. Positions are measured
// from the top-left corner of the print area they belong to.

export type Inches = number

export type DecorationView = 'front' | 'back'

export type DecorationMethodCode = 'embroidery' | 'screen_print' | 'dtg' | 'heat_transfer' | 'engraving'

/** How a method decorates, and what it can and cannot do. */
export type DecorationMethod = {
  code: DecorationMethodCode
  name: string
  /** The smallest decoration this method can produce legibly. */
  minWidth: Inches
  minHeight: Inches
  /** Most thread / ink colours a design may use with this method; null when unlimited (DTG). */
  maxColors: number | null
  /** Artwork file types this method accepts for uploaded artwork. */
  fileTypes: ('png' | 'svg')[]
  /** Charged once per decorated location of an order line, spread over its quantity. */
  setupFee: Cents
  /** Charged per decorated unit and location. */
  pricePerLocation: Cents
}

/** Where a product may be decorated, placed on one of its views. */
export type PrintArea = {
  id: number
  /** 'left-chest', 'full-front', 'full-back', 'left-sleeve', 'nape' … */
  code: string
  name: string
  view: DecorationView
  /** The area's box on the view, from the view's top-left corner. */
  x: Inches
  y: Inches
  width: Inches
  height: Inches
  /** Methods allowed in this area (an intersection with the logo's methods is offered). */
  methods: DecorationMethodCode[]
}

/** One side of the garment as drawn for the editor, in the chosen colour. */
export type GarmentView = {
  view: DecorationView
  /** The real size the drawing represents (the view's canvas), so inches map to pixels. */
  width: Inches
  height: Inches
  /** Image of the garment in the colour, without decoration. */
  imageUrl: string
}

export type ApprovedLogo = {
  id: number
  name: string
  imageUrl: string
  /** Width / height of the artwork, to keep its proportions while resizing. */
  aspectRatio: number
  colorCount: number
  methods: DecorationMethodCode[]
}

export type DesignFont = { id: string; name: string; cssFamily: string }

/** Everything the editor needs for one product in one colour (query key getDecorationOptions). */
export type DecorationOptions = {
  productId: number
  colorValueId: number | null
  views: GarmentView[]
  printAreas: PrintArea[]
  logos: ApprovedLogo[]
  methods: DecorationMethod[]
  fonts: DesignFont[]
  /** The store's text colours (hex, '#1a2b3c'). */
  palette: { name: string; hex: string }[]
  /** Whether shoppers may upload their own artwork, and the statement they must accept. */
  uploads: { allowed: boolean; maxBytes: number; rightsStatement: string }
}

type Placement = {
  printAreaId: number
  method: DecorationMethodCode
  /** Box of the decoration inside its print area. */
  x: Inches
  y: Inches
  width: Inches
  height: Inches
}

export type LogoDecoration = Placement & {
  kind: 'logo'
  /** One of the store's approved logos, or the shopper's uploaded artwork. */
  logoId: number | null
  artworkId: string | null
}

export type TextDecoration = Placement & {
  kind: 'text'
  /** One line: a name or a number, at most 30 characters. */
  text: string
  fontId: string
  color: string
}

export type Decoration = LogoDecoration | TextDecoration

/** What the editor saves (mutation saveDesign) and the cart line refers to by id. */
export type DesignInput = {
  productId: number
  colorValueId: number | null
  decorations: Decoration[]
}

export type SavedDesign = DesignInput & {
  /** Opaque id (uuid); anonymous designs are reachable only with it. */
  id: string
  /** The rendered mockup of each decorated view. */
  mockupUrls: Partial<Record<DecorationView, string>>
  /** Per-unit decoration price for quantity 1 (the cart prices the real quantity). */
  unitPrice: Cents
  createdAt: string
}

/** A rule a decoration breaks; the editor shows `message` next to it. */
export type PlacementProblem = {
  index: number
  /** invalid_text: longer than 30 characters or holding characters that cannot be printed. */
  code: 'outside_area' | 'too_small' | 'method_not_allowed' | 'too_many_colors' | 'empty_text' | 'invalid_text'
  message: string
}

/** The decoration price of a design for a quantity: the same function prices editor and cart. */
export type DecorationQuote = {
  /** Sum of per-location prices for one unit. */
  perUnit: Cents
  /** Setup fees of the decorated locations, once per line. */
  setup: Cents
  /** What the decorations add to the line in all: perUnit × quantity + setup. */
  total: Cents
}

/** One decoration of an ordered design, worded for people and the decoration partner. */
export type DecorationDetail = {
  kind: 'logo' | 'text'
  view: DecorationView
  printArea: { code: string; name: string }
  method: { code: DecorationMethodCode; name: string }
  /** Box of the decoration inside its print area, in inches from the area's top-left corner. */
  x: Inches
  y: Inches
  width: Inches
  height: Inches
  /** The store's logo, or the shopper's uploaded artwork (then `id` is null and `artworkId` set). */
  logo: { id: number | null; name: string } | null
  artworkId: string | null
  text: string | null
  font: { id: string; name: string } | null
  color: { name: string; hex: string } | null
}

/** The design of an order line as it was ordered: later changes to the design do not reach it. */
export type OrderLineDesign = {
  /** The saved design it was made from (null once that design is deleted). */
  id: string | null
  mockupUrls: Partial<Record<DecorationView, string>>
  placements: PlacementSummary[]
  /** Everything the decoration partner needs: area, method, position and size, text, font, colour. */
  decorations: DecorationDetail[]
}

/** A decorated cart line's design (PricedCartLineData.design) and what it adds to the line, in dollars. */
export type CartLineDesign = DesignSummary & {
  /** Included in every unit price of the line. */
  perUnit: number
  /** Set-up fees, once for the line: in priceTotal, not in the unit prices. */
  setup: number
}

/** Artwork the shopper uploaded (POST /api/designs/artwork), usable in LogoDecoration.artworkId. */
export type UploadedArtwork = {
  id: string
  fileType: 'png' | 'svg'
  imageUrl: string
  aspectRatio: number
  colorCount: number
}

/**
 * Uploading artwork: POST the file's bytes as the body with its Content-Type (image/png or
 * image/svg+xml) and the rights header set to 'accepted'; the answer is { data: { artwork } }.
 */
export const ARTWORK_UPLOAD_PATH = '/api/designs/artwork'
export const ARTWORK_RIGHTS_HEADER = 'x-artwork-rights'

/** One decoration as a cart line, order or PDF describes it ('Crest · Left chest · Embroidery · 3 × 1.5 in'). */
export type PlacementSummary = {
  kind: Decoration['kind']
  /** The logo's name, or the text itself. */
  label: string
  area: string
  method: string
  width: Inches
  height: Inches
}

/** What a cart line shows of its design: the mockups and where each decoration sits. */
export type DesignSummary = {
  id: string
  mockupUrls: Partial<Record<DecorationView, string>>
  placements: PlacementSummary[]
}

/** A saved design as the account area lists it: with the product it is for (null once unpublished). */
export type ListedDesign = SavedDesign & { product: { name: string; slug: string } | null }
