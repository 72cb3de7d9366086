import { expect, test } from 'vitest'
import { designSummary, placeholderTexts } from './design-summary'

test('a design is summed up per decoration with the names of its logo, area and method', () => {
  const summary = designSummary(
    {
      id: 'd-1',
      mockupUrls: { front: '/api/images/designs/d-1-front.png' },
      decorations: [
        { kind: 'logo', logoId: 10, artworkId: null, printAreaId: 1, method: 'embroidery', x: 0.5, y: 0.5, width: 3, height: 1.5 },
        { kind: 'text', text: 'SMITH 7', fontId: 'block', color: '#fff', printAreaId: 2, method: 'screen_print', x: 1, y: 1, width: 8, height: 2 },
        { kind: 'logo', logoId: null, artworkId: 'a-1', printAreaId: 2, method: 'dtg', x: 1, y: 4, width: 4, height: 4 },
      ],
    },
    {
      printAreas: [
        { id: 1, code: 'left-chest', name: 'Left chest', view: 'front', x: 0, y: 0, width: 4, height: 4, methods: ['embroidery'] },
        { id: 2, code: 'full-back', name: 'Full back', view: 'back', x: 0, y: 0, width: 12, height: 16, methods: ['screen_print', 'dtg'] },
      ],
      logos: [{ id: 10, name: 'Crest', imageUrl: '/crest.png', aspectRatio: 2, colorCount: 2, methods: ['embroidery'] }],
      methods: [
        { code: 'embroidery', name: 'Embroidery', minWidth: 1, minHeight: 0.5, maxColors: 12, fileTypes: ['png'], setupFee: 0, pricePerLocation: 0 },
        { code: 'screen_print', name: 'Screen print', minWidth: 1, minHeight: 1, maxColors: 6, fileTypes: ['png'], setupFee: 0, pricePerLocation: 0 },
      ],
    },
  )
  expect(summary).toEqual({
    id: 'd-1',
    mockupUrls: { front: '/api/images/designs/d-1-front.png' },
    placements: [
      { kind: 'logo', label: 'Crest', area: 'Left chest', method: 'Embroidery', width: 3, height: 1.5 },
      { kind: 'text', label: 'SMITH 7', area: 'Full back', method: 'Screen print', width: 8, height: 2 },
      { kind: 'logo', label: 'Own artwork', area: 'Full back', method: 'dtg', width: 4, height: 4 },
    ],
  })
})


const textDecoration = (value: string) => ({ kind: 'text' as const, text: value, fontId: 'oswald', color: '#111111', printAreaId: 1, method: 'screen_print' as const, x: 0, y: 0, width: 10, height: 4, rotation: 0 })

test('a design’s texts that still read the editor’s placeholder are found, in any case and spacing, and nothing else', () => {
  expect(placeholderTexts([textDecoration('YOUR NAME'), textDecoration(' your name '), textDecoration('RIVERA 12')] as never, 'YOUR NAME')).toEqual(['YOUR NAME', ' your name '])
  expect(placeholderTexts([textDecoration('RIVERA 12')] as never, 'YOUR NAME')).toEqual([])
})
