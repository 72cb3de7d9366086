import { describe, expect, test } from 'vitest'
import { DomainError } from '../kernel/errors'
import { createRenderQueue, defaultRenderQueueOptions, RENDER_BUSY } from './render-queue'

// The render queue of issue 13: however many renders are asked for at once, no more than its
// concurrency run together, a bounded line waits, and the rest are refused with a 503 to retry.

/** A job that records how many jobs run beside it and finishes when told. */
function gate() {
  const state = { running: 0, most: 0, started: 0, finished: 0 }
  const releases: (() => void)[] = []
  const job = async () => {
    state.started += 1
    state.running += 1
    state.most = Math.max(state.most, state.running)
    await new Promise<void>((resolve) => releases.push(resolve))
    state.running -= 1
    state.finished += 1
    return state.finished
  }
  const releaseOne = async () => {
    releases.shift()?.()
    // Let the finished job hand its slot to the next one.
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  return { state, job, releaseOne, pending: () => releases.length }
}

describe('the render queue', () => {
  test('runs no more jobs at once than its concurrency, and every queued job in turn', async () => {
    const queue = createRenderQueue({ concurrency: 2, maxWaiting: 10 })
    const { state, job, releaseOne } = gate()
    const results = Array.from({ length: 8 }, () => queue.run(job))
    await Promise.resolve()
    expect({ started: state.started, running: queue.running, waiting: queue.waiting }).toEqual({ started: 2, running: 2, waiting: 6 })
    for (let i = 0; i < 8; i++) await releaseOne()
    expect(await Promise.all(results)).toHaveLength(8)
    expect({ most: state.most, finished: state.finished, running: queue.running, waiting: queue.waiting }).toEqual({ most: 2, finished: 8, running: 0, waiting: 0 })
  })

  test('refuses jobs beyond the waiting line with a 503 that says to try again, without starting them', async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 2 })
    const { state, job, releaseOne } = gate()
    const accepted = [queue.run(job), queue.run(job), queue.run(job)]
    const refused = queue.run(job).catch((error: unknown) => error)
    const error = await refused
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({ code: 'unavailable', userMessage: RENDER_BUSY })
    for (let i = 0; i < 3; i++) await releaseOne()
    await Promise.all(accepted)
    expect({ started: state.started, most: state.most }).toEqual({ started: 3, most: 1 })
  })

  test('frees the slot of a job that fails', async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 1 })
    await expect(queue.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image')
    expect(await queue.run(async () => 'next')).toBe('next')
    expect(queue.running).toBe(0)
  })

  test('uses half of libuv’s pool and leaves a core to the event loop', () => {
    expect(defaultRenderQueueOptions(4, 8).concurrency).toBe(2)
    expect(defaultRenderQueueOptions(4, 2).concurrency).toBe(1)
    expect(defaultRenderQueueOptions(16, 16).concurrency).toBe(8)
    expect(defaultRenderQueueOptions(1, 1).concurrency).toBe(1)
  })
})
