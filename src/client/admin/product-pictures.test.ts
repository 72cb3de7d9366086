import { describe, expect, it } from 'vitest'
import { MAX_PRODUCT_IMAGE_BYTES } from '@/isomorphic/contract/admin-catalog'
import { AdminApiError } from './admin-api'
import { type PictureUpload, pictureLine, pictureProblem, picturesSummary, sendPictures } from './product-pictures'

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' })

describe('pictures sent to a product one file at a time', () => {
  it('refuses a file too large or not an image before sending it, in a sentence saying what to do', () => {
    expect(pictureProblem({ name: 'a.png', size: MAX_PRODUCT_IMAGE_BYTES + 1, type: 'image/png' })).toBe('Larger than 15 MB: make it smaller and upload it again.')
    expect(pictureProblem({ name: 'a.gif', size: 10, type: 'image/gif' })).toBe('Not a PNG, JPEG or WebP image: save it as one of those and upload it again.')
    expect(pictureProblem({ name: 'a.jpg', size: 10, type: 'image/jpeg' })).toBeNull()
  })

  it('sends every file in turn, and a refused one says why on its own line while the rest are added', async () => {
    const sent: string[] = []
    const reports: PictureUpload[][] = []
    const files = [png('front.png'), png('huge.png', MAX_PRODUCT_IMAGE_BYTES + 1), png('back.png'), png('side.png')]
    const ended = await sendPictures(
      files,
      async (file) => {
        if (file.name === 'back.png') throw new AdminApiError('The file is not an image the shop can show.', 422, null)
        sent.push(file.name)
      },
      (uploads) => reports.push(uploads),
      1,
    )
    expect(sent).toEqual(['front.png', 'side.png'])
    expect(ended.map((upload) => [upload.name, pictureLine(upload)])).toEqual([
      ['front.png', 'added'],
      ['huge.png', 'Larger than 15 MB: make it smaller and upload it again.'],
      ['back.png', 'The file is not an image the shop can show.'],
      ['side.png', 'added'],
    ])
    expect(reports[0]!.every((upload) => upload.status === 'waiting')).toBe(true)
    expect(reports.at(-1)).toEqual(ended)
    expect(picturesSummary(ended)).toBe('2 of 4 pictures added; 2 could not be added (see below).')
  })

  it('has nothing to sum up when every picture was added', () => {
    expect(picturesSummary([{ key: '1', name: 'a.png', status: 'done' }])).toBeNull()
    expect(picturesSummary([{ key: '1', name: 'a.png', status: 'failed', message: 'No.' }])).toBe('0 of 1 picture added; 1 could not be added (see below).')
  })
})
