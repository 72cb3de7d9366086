import os from 'node:os'
import sharp, { type SharpInput, type SharpOptions } from 'sharp'
import { MAX_INPUT_PIXELS } from '@/isomorphic/image-limits'
import { env } from '../env'
import { DomainError } from '../kernel/errors'

// Every sharp render a visitor can cause — uploaded artwork, a saved design's mockups, an image
// variant drawn on demand — runs through one queue (issue 13). sharp works on libuv's thread pool
// (UV_THREADPOOL_SIZE, 4 by default), which the same process needs for files, compression, argon2
// and DNS: four slow renders at once used to take all of it, and every image, compressed answer and
// Next-routed call waited behind them. The queue runs at most half the pool (and leaves one core to
// the event loop), keeps a bounded line of waiting jobs and refuses the rest with a 503 that says
// to try again; each render also carries sharp's time limit, so a slow pipeline is stopped.
// The queue is one per process: Next bundles this module into several route graphs, so it lives on
// globalThis like the rate limiter.

/** sharp stops a pipeline that is still working after this long (checked between its steps). */
export const RENDER_TIMEOUT_SECONDS = 10
/** Decoding bombs stop here; the editor's upload states the same limit (src/isomorphic/image-limits.ts). */
export { MAX_INPUT_PIXELS }
export const RENDER_BUSY = 'The server is busy drawing images. Please try again in a moment.'
export const RENDER_TOO_SLOW = 'This image takes too long to draw. Simplify it and try again.'

export type RenderQueueOptions = { concurrency: number; maxWaiting: number }

export type RenderQueue = {
  /** Runs `job` when a slot is free; throws DomainError `unavailable` when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T>
  readonly running: number
  readonly waiting: number
  readonly options: RenderQueueOptions
}

export function createRenderQueue(options: RenderQueueOptions): RenderQueue {
  let running = 0
  const line: (() => void)[] = []
  const release = () => {
    running -= 1
    const next = line.shift()
    if (next) {
      running += 1
      next()
    }
  }
  return {
    options,
    get running() {
      return running
    },
    get waiting() {
      return line.length
    },
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running < options.concurrency) {
        running += 1
      } else {
        if (line.length >= options.maxWaiting) {
          throw new DomainError('unavailable', `render queue full (${running} running, ${line.length} waiting)`, RENDER_BUSY)
        }
        // The slot is handed over by release(), so `running` never drops below the jobs in flight.
        await new Promise<void>((resolve) => line.push(resolve))
      }
      try {
        return await job()
      } finally {
        release()
      }
    },
  }
}

/** Half of libuv's pool, and no more than the cores less one (at least one). */
export function defaultRenderQueueOptions(threadPoolSize = env().UV_THREADPOOL_SIZE ?? 4, cores = os.availableParallelism()): RenderQueueOptions {
  return { concurrency: Math.max(1, Math.min(Math.floor(threadPoolSize / 2), cores - 1)), maxWaiting: 32 }
}

const GLOBAL_KEY = Symbol.for('webstore.render-queue')
type GlobalWithQueue = typeof globalThis & { [GLOBAL_KEY]?: RenderQueue }

/** The process's render queue. */
export function renderQueue(): RenderQueue {
  const holder = globalThis as GlobalWithQueue
  holder[GLOBAL_KEY] ??= createRenderQueue(defaultRenderQueueOptions())
  return holder[GLOBAL_KEY]
}

/** Replaces the process's queue (tests). */
export function useRenderQueue(queue: RenderQueue): void {
  ;(globalThis as GlobalWithQueue)[GLOBAL_KEY] = queue
}

/** sharp for input a visitor chose: the pixel limit and the time limit of this module. */
export function boundedSharp(input?: SharpInput, options: SharpOptions = {}) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, ...options }).timeout({ seconds: RENDER_TIMEOUT_SECONDS })
}

/** True for the error sharp throws when a pipeline ran past its time limit. */
export function isRenderTimeout(error: unknown): boolean {
  return error instanceof Error && /^timeout: /.test(error.message)
}
