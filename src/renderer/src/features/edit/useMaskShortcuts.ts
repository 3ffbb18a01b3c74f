import { useEffect, useState } from 'react'
import { maskCommand, runToolCommand } from './maskKeys'
import { useEditStore } from './store'

/** Where keys are text (a radio's Space and arrows, too); a slider or checkbox still lets the keys through. */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && target.type !== 'range' && target.type !== 'checkbox'))

/**
 * The mask editor's keys wherever the focus is on the Edit screen (outside text fields): B, E, [ and ],
 * Ctrl+Z, Ctrl+Shift+Z (and Ctrl+Y), and Space held to pan; returns whether Space is held. The focused
 * canvas takes its keys first (useKeyboardBrush) and marks them handled, so none acts twice.
 */
export function useMaskShortcuts(): boolean {
  const editor = useEditStore((state) => state.editor)
  // While a result is compared, or the whole image is edited, there is no mask on screen to change.
  const painting = useEditStore((state) => state.compare === null && state.mode === 'painted')
  const [space, setSpace] = useState(false)
  useEffect(() => {
    if (!editor || !painting) return
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || isTyping(event.target)) return
      const command = maskCommand(event, false)
      if (!command) return
      if (command.kind === 'pan') setSpace(true)
      else runToolCommand(editor, command)
      event.preventDefault()
    }
    const onKeyUp = (event: KeyboardEvent): void => {
      if (event.key === ' ') setSpace(false)
    }
    window.addEventListener('keydown', onKeyDown)
    window.addEventListener('keyup', onKeyUp)
    return () => {
      window.removeEventListener('keydown', onKeyDown)
      window.removeEventListener('keyup', onKeyUp)
    }
  }, [editor, painting])
  return space
}
