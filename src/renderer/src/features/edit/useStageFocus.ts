import { useEffect, useRef, type RefObject } from 'react'
import { useEditStore, type EditCompare } from './store'

/** Where the focus belongs on the Edit screen now: what the stage shows, or the way to open an image. */
function focusTarget(
  root: HTMLElement,
  compare: boolean,
  source: boolean,
  whole: boolean
): HTMLElement | null {
  if (compare) return root.querySelector<HTMLElement>('[data-testid="compare-stage"] [role="slider"]')
  if (!source) return root.querySelector<HTMLElement>('.source-picker button:not(:disabled)')
  // The whole image has nothing to paint: the change is said in words, so the prompt comes first.
  if (whole) return root.querySelector<HTMLElement>('.edit-form textarea')
  return root.querySelector<HTMLElement>('[data-testid="mask-stage"][tabindex]')
}

/**
 * Keeps the focus on the Edit screen when what held it goes away: the file button replaced by the canvas
 * once an image is open, the canvas or the compare bar replaced by each other, Close image. Without this the
 * focus falls to the page and a keyboard user starts again from the top. A finished edit also takes the
 * focus from Send edit (the user was waiting on it) to the before/after slider; focus anywhere else (the
 * prompt being rewritten, a dialog) is left where it is. Returns the ref of the screen's root.
 */
export function useStageFocus(): RefObject<HTMLElement | null> {
  const ref = useRef<HTMLElement>(null)
  const source = useEditStore((state) => state.source)
  const editor = useEditStore((state) => state.editor)
  const compare = useEditStore((state) => state.compare)
  const whole = useEditStore((state) => state.mode) === 'whole'
  const shown = useRef<EditCompare | null>(compare)

  useEffect(() => {
    const root = ref.current
    const arrived = compare !== null && compare.jobId !== shown.current?.jobId
    shown.current = compare
    if (!root) return
    const focused = document.activeElement
    const lost = !focused || focused === document.body
    const waiting =
      arrived &&
      focused instanceof HTMLElement &&
      root.contains(focused) &&
      focused.dataset.shortcut === 'submit'
    if (!lost && !waiting) return
    focusTarget(root, compare !== null, source !== null, whole)?.focus()
  }, [source, editor, compare, whole])

  return ref
}
