import { useLayoutEffect, useRef, useState, type RefObject } from 'react'

/**
 * The content width of an element, measured before the first paint and again whenever it changes, so a
 * layout computed from it (justified rows) is right on the first frame and follows the window.
 */
export function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = (): void => setWidth(element.clientWidth)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width]
}
