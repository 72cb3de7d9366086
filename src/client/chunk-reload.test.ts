import { describe, expect, test, vi } from 'vitest'
import { isBuildAssetFailure, isChunkLoadError, watchChunkLoadFailures } from './chunk-reload'

function chunkError(message: string, name = 'Error'): Error {
  const error = new Error(message)
  error.name = name
  return error
}

describe('chunk load failures (spec 8)', () => {
  test('are recognised from every bundler and browser', () => {
    expect(isChunkLoadError(chunkError('Failed to load chunk /_next/static/chunks/0a1b.js', 'ChunkLoadError'))).toBe(true)
    expect(isChunkLoadError(chunkError('anything', 'ChunkLoadError'))).toBe(true)
    expect(isChunkLoadError(chunkError('Loading chunk 482 failed.\n(error: https://shop.example/_next/static/chunks/482.js)'))).toBe(true)
    expect(isChunkLoadError(chunkError('Loading CSS chunk app-shop failed.'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://shop.example/x.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError('Uncaught ChunkLoadError: Failed to load chunk /_next/static/chunks/1.js')).toBe(true)
  })

  test('other errors are not', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
    expect(isChunkLoadError(42)).toBe(false)
  })

  test('a script or stylesheet of the build that fails to load counts; other resources do not', () => {
    expect(isBuildAssetFailure({ tagName: 'SCRIPT', src: 'https://shop.example/_next/static/chunks/9.js' } as never)).toBe(true)
    expect(isBuildAssetFailure({ tagName: 'LINK', href: 'https://shop.example/_next/static/css/a.css' } as never)).toBe(true)
    expect(isBuildAssetFailure({ tagName: 'SCRIPT', src: 'https://www.googletagmanager.com/gtag/js?id=G-1' } as never)).toBe(false)
    expect(isBuildAssetFailure({ tagName: 'IMG', src: 'https://shop.example/_next/static/media/logo.png' } as never)).toBe(false)
    expect(isBuildAssetFailure(null)).toBe(false)
  })

  test('the watcher reports failures from error events, unhandled rejections and asset loads, and stops', () => {
    const listeners = new Map<string, (event: unknown) => void>()
    const win = {
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    } as unknown as Window
    const onFailure = vi.fn()
    const stop = watchChunkLoadFailures(win, onFailure)
    const fire = (type: string, event: object) => listeners.get(type)?.(event)

    fire('error', { error: new Error('boom'), message: 'boom', target: win })
    fire('unhandledrejection', { reason: new TypeError('Failed to fetch') })
    expect(onFailure).not.toHaveBeenCalled()

    fire('error', { error: chunkError('x', 'ChunkLoadError'), target: win })
    fire('error', { message: 'Uncaught Error: Loading chunk 7 failed.', target: win })
    fire('error', { target: { tagName: 'SCRIPT', src: '/_next/static/chunks/7.js' } })
    fire('unhandledrejection', { reason: chunkError('Failed to load chunk /_next/static/chunks/7.js') })
    expect(onFailure).toHaveBeenCalledTimes(4)

    stop()
    expect(listeners.size).toBe(0)
  })
})
