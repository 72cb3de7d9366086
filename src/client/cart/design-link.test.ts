import { describe, expect, it } from 'vitest'
import { editDesignHref } from './design-link'

describe("a decorated cart line's Edit design link", () => {
  it('opens the editor on the line’s product, colour and design', () => {
    expect(editDesignHref({ slug: 'essential-crew-tee', color: { id: 12, name: 'True Navy', htmlColor: '#1f2a44' } }, '5f0c2a9e-3b1d-4c7a-9e2f-0a1b2c3d4e5f')).toBe(
      '/editor?product=essential-crew-tee&color=12&design=5f0c2a9e-3b1d-4c7a-9e2f-0a1b2c3d4e5f',
    )
  })

  it('leaves the colour to the editor for a product without colours', () => {
    expect(editDesignHref({ slug: 'tote', color: null }, '5f0c2a9e-3b1d-4c7a-9e2f-0a1b2c3d4e5f')).toBe('/editor?product=tote&design=5f0c2a9e-3b1d-4c7a-9e2f-0a1b2c3d4e5f')
  })

  it('escapes what it puts in the address', () => {
    expect(editDesignHref({ slug: 'a&b', color: null }, '5f0c2a9e-3b1d-4c7a-9e2f-0a1b2c3d4e5f')).toBe('/editor?product=a%26b&design=5f0c2a9e-3b1d-4c7a-9e2f-0a1b2c3d4e5f')
  })
})
