import { afterEach, describe, expect, test, vi } from 'vitest'
import { registerApiDispatch, registeredApiDispatch, registeredPageGate, registerPageGate, routeCacheState } from './edge-registry.mjs'

// Another instance of the module, as when Next bundles it and scripts/server.mjs imports the file itself.
async function secondInstance() {
  vi.resetModules()
  return import('./edge-registry.mjs')
}

describe('the edge registry', () => {
  afterEach(() => {
    registerPageGate(undefined)
    registerApiDispatch(undefined)
  })

  test('hands the page gate instrumentation registers to another module instance (scripts/server.mjs)', async () => {
    const gate = async () => ({ private: true })
    registerPageGate(gate)
    expect(registeredPageGate()).toBe(gate)
    expect((await secondInstance()).registeredPageGate()).toBe(gate)
  })

  test('hands the API dispatch to another module instance, and has none before instrumentation ran', async () => {
    expect(registeredApiDispatch()).toBeUndefined()
    const dispatch = () => undefined
    registerApiDispatch(dispatch)
    expect((await secondInstance()).registeredApiDispatch()).toBe(dispatch)
  })

  test('keeps one route cache per process, whichever instance asks first', async () => {
    const second = await secondInstance()
    expect(second.routeCacheState).not.toBe(routeCacheState)
    expect(second.routeCacheState()).toBe(routeCacheState())
  })
})
