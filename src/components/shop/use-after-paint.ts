'use client'

import { startTransition, useEffect, useState } from 'react'

/**
 * Runs `task` once the browser has painted the next frame, at background priority after whatever
 * else the page queued for that moment (an input's own follow-up, a measurement). Returns a
 * function that cancels it. A rAF callback runs before its frame is painted; a task posted from it
 * runs after.
 */
export function afterPaint(task: () => void): () => void {
  const cancel = new AbortController()
  const run = () => {
    if (!cancel.signal.aborted) task()
  }
  const frame = requestAnimationFrame(() => {
    const tasks = (window as { scheduler?: { postTask?: (task: () => void, options: { priority: string; signal: AbortSignal }) => Promise<void> } }).scheduler
    if (tasks?.postTask) tasks.postTask(run, { priority: 'background', signal: cancel.signal }).catch(() => {})
    else window.setTimeout(run, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    cancel.abort()
  }
}

/**
 * `value`, one frame late: it changes only once the browser has painted the frame that shows the
 * change that caused it (the letter typed, the box ticked), and then as a transition React may
 * interrupt. useDeferredValue starts its render in the very next task, which often runs before that
 * frame and holds it back (P7: keystroke to paint); here the expensive part of the answer (the
 * results, their count and chips) waits for the paint. A newer value replaces one still waiting.
 */
export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value)
  useEffect(() => {
    if (Object.is(value, shown)) return
    return afterPaint(() => startTransition(() => setShown(value)))
  }, [value, shown])
  return shown
}
