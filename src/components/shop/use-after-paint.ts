'use client'

import { startTransition, useEffect, useState } from 'react'

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
    const cancel = new AbortController()
    const show = () => {
      if (!cancel.signal.aborted) startTransition(() => setShown(value))
    }
    const frame = requestAnimationFrame(() => {
      // A rAF callback runs before its frame is painted; a task posted from it runs after, and at
      // background priority after whatever else the page queued for that moment (an input's own
      // follow-up, a measurement).
      const tasks = (window as { scheduler?: { postTask?: (task: () => void, options: { priority: string; signal: AbortSignal }) => Promise<void> } }).scheduler
      if (tasks?.postTask) tasks.postTask(show, { priority: 'background', signal: cancel.signal }).catch(() => {})
      else window.setTimeout(show, 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      cancel.abort()
    }
  }, [value, shown])
  return shown
}
