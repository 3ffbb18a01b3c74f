import { useEffect, type RefObject } from 'react'

const FOCUSABLE =
  'button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])'

/**
 * Keeps the keyboard's place inside `ref`'s element when the control that had focus goes away (a row's
 * Cancel once its job is cancelled): focus moves to the first control left there instead of falling to the
 * page, from where a keyboard user would have to start again at the top (WCAG 2.4.3). Nothing moves when
 * the focus was elsewhere.
 */
export function useFocusStays(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current
    if (!root) return
    let held: Element | null = null
    const onIn = (event: FocusEvent): void => {
      held = event.target instanceof Element ? event.target : null
    }
    // Focus gone to another element; a removal (or the window losing focus) has no related target.
    const onOut = (event: FocusEvent): void => {
      if (event.relatedTarget) held = null
    }
    const observer = new MutationObserver(() => {
      if (!held || held.isConnected) return
      held = null
      if (document.activeElement && document.activeElement !== document.body) return
      root.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    })
    root.addEventListener('focusin', onIn)
    root.addEventListener('focusout', onOut)
    observer.observe(root, { childList: true, subtree: true })
    return () => {
      observer.disconnect()
      root.removeEventListener('focusin', onIn)
      root.removeEventListener('focusout', onOut)
    }
  }, [ref])
}
