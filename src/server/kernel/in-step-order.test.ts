import { describe, expect, test } from 'vitest'
import { inStepOrder, startEarly } from './in-step-order'

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))
const failAfter = (ms: number, message: string) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms))

describe('steps run side by side', () => {
  test('answer every value in the order the steps were given', async () => {
    await expect(inStepOrder([after(20, 'first'), after(0, 2), Promise.resolve(null)])).resolves.toEqual(['first', 2, null])
  })

  test('all start at once: the later steps are under way before the first is done', async () => {
    const started: string[] = []
    const step = async (name: string) => {
      started.push(name)
      await after(5, null)
      return name
    }
    const running = inStepOrder([step('a'), step('b'), step('c')])
    expect(started).toEqual(['a', 'b', 'c'])
    await running
  })

  test("reject with the earliest step's error, even when a later step failed sooner", async () => {
    await expect(inStepOrder([failAfter(20, 'the address'), failAfter(0, 'the payment method')])).rejects.toThrow('the address')
  })

  test('wait for every step before rejecting, so none is left running unobserved', async () => {
    let finished = false
    const slow = after(20, null).then(() => (finished = true))
    await expect(inStepOrder([Promise.reject(new Error('refused')), slow])).rejects.toThrow('refused')
    expect(finished).toBe(true)
  })

  test('a step started early rejects where it is awaited, and is not reported as unhandled before', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const early = startEarly(failAfter(0, 'no such delivery method'))
      await after(10, null)
      await expect(early).rejects.toThrow('no such delivery method')
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
