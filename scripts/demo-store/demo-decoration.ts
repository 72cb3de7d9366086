// The demo store's decoration editor (issue 7): how Granite Ridge's partners decorate, what they
// charge, the fonts and colours for names and numbers, and the methods each logo can be applied
// with. Print areas are the built-in ones of each garment kind (src/server/decoration/garment-views.ts).

export const LOGO_METHODS: Record<string, string[]> = {
  'GR-PRIMARY': ['embroidery', 'heat_transfer'],
  'GR-MARK': ['embroidery', 'screen_print', 'heat_transfer'],
  'GR-STACKED': ['screen_print', 'dtg', 'heat_transfer'],
  'GR-PRIMARY-PRINT': ['screen_print', 'dtg'],
  'GR-FIELD-CREW': ['screen_print', 'dtg', 'heat_transfer'],
  'GR-MARK-LASER': ['engraving'],
  'GR-MARK-DEBOSS': ['engraving'],
}

export const DECORATION = {
  methods: [
    { code: 'embroidery', name: 'Embroidery', minWidth: 1, minHeight: 0.5, maxColors: 12, fileTypes: ['png', 'svg'], setupFee: 25, pricePerLocation: 4.5 },
    { code: 'screen_print', name: 'Screen print', minWidth: 1, minHeight: 1, maxColors: 6, fileTypes: ['png', 'svg'], setupFee: 20, pricePerLocation: 2.5 },
    { code: 'dtg', name: 'Direct to garment', minWidth: 1, minHeight: 1, maxColors: null, fileTypes: ['png', 'svg'], setupFee: 0, pricePerLocation: 6 },
    { code: 'heat_transfer', name: 'Heat transfer', minWidth: 1, minHeight: 0.5, maxColors: 4, fileTypes: ['png', 'svg'], setupFee: 10, pricePerLocation: 3.5 },
    { code: 'engraving', name: 'Laser engraving', minWidth: 0.5, minHeight: 0.5, maxColors: 1, fileTypes: ['svg'], setupFee: 15, pricePerLocation: 4 },
  ],
  defaultPrintAreas: true,
  printAreas: [],
  fonts: [
    { id: 'block-sans', name: 'Block Sans', cssFamily: "'Liberation Sans', Arial, Helvetica, sans-serif" },
    { id: 'classic-serif', name: 'Classic Serif', cssFamily: "'Liberation Serif', 'Times New Roman', Times, serif" },
    { id: 'jersey-mono', name: 'Jersey Mono', cssFamily: "'Liberation Mono', 'Courier New', monospace" },
    { id: 'narrow', name: 'Narrow', cssFamily: "'Liberation Sans Narrow', 'Arial Narrow', sans-serif" },
  ],
  palette: [
    { name: 'White', hex: '#ffffff' },
    { name: 'Black', hex: '#111111' },
    { name: 'Granite Forest', hex: '#1f4d3a' },
    { name: 'Navy', hex: '#1f2a44' },
    { name: 'Amber Gold', hex: '#e0a526' },
    { name: 'Safety Red', hex: '#c8102e' },
    { name: 'Steel Grey', hex: '#8a8d91' },
  ],
  uploads: {
    allowed: true,
    maxBytes: 2_000_000,
    rightsStatement:
      'I confirm that I own this artwork or have the right to use it, and that Granite Ridge and its decoration partners may reproduce it on the items I order.',
  },
}
