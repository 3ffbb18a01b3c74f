/**
 * Runs `task` when the page is next idle (after the frame in hand has been drawn), or after `timeoutMs`
 * at the latest if it never is. Where the browser has no idle callbacks (tests), on a timer. Returns what
 * cancels it.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 0)
  return () => clearTimeout(id)
}

/** Resolves when the page is next idle (see `whenIdle`). */
export const idle = (timeoutMs: number): Promise<void> =>
  new Promise((resolve) => {
    whenIdle(resolve, timeoutMs)
  })
