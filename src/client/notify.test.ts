import { describe, expect, test, vi } from 'vitest'

describe('the toast container is wanted from the first toast on', () => {
  test('nothing is wanted before a toast; the first toast tells every listener, once', async () => {
    vi.resetModules()
    const { notify, onToastsWanted, toastsWanted } = await import('./notify')
    vi.stubGlobal('window', {})
    try {
      const heard = vi.fn()
      onToastsWanted(heard)
      expect(toastsWanted()).toBe(false)
      notify.success('Added to cart', { role: 'alert' })
      notify.error('Something went wrong')
      expect(toastsWanted()).toBe(true)
      expect(heard).toHaveBeenCalledTimes(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('a listener that comes after the first toast hears at once', async () => {
    vi.resetModules()
    const { notify, onToastsWanted } = await import('./notify')
    vi.stubGlobal('window', {})
    try {
      notify.info('Saved')
      const late = vi.fn()
      onToastsWanted(late)
      expect(late).toHaveBeenCalledTimes(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('on the server, raising a toast wants nothing', async () => {
    vi.resetModules()
    const { notify, toastsWanted } = await import('./notify')
    notify.error('Not here')
    expect(toastsWanted()).toBe(false)
  })
})
