import { useEffect, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { filesOf, hasFiles } from '../../../media/intake'
import { useConnection } from '../../../store/app'
import { useGalleryStore } from '../store'
import { importFiles } from './sendFiles'

/** Input types that take no typed text: a paste there is not meant for them. */
const NOT_TYPED = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit'
])

/** Whether a paste lands where someone types (a field, a text area, editable text): it is theirs, not ours. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true
  if (target instanceof HTMLSelectElement) return true
  return target instanceof HTMLInputElement && !NOT_TYPED.has(target.type)
}

export interface ImportDrop {
  dragging: boolean
  onDragOver: (event: DragEvent<HTMLElement>) => void
  onDragLeave: (event: DragEvent<HTMLElement>) => void
  onDrop: (event: DragEvent<HTMLElement>) => void
}

/**
 * Images dropped on the gallery, or pasted while no text field has the focus (and no dialog is open), are
 * imported. Returns the drop handlers for the gallery's area and whether files are being dragged over it.
 */
export function useImportDrop(): ImportDrop {
  const { t } = useTranslation()
  const { api } = useConnection()
  const [dragging, setDragging] = useState(false)

  useEffect(() => {
    const onPaste = (event: ClipboardEvent): void => {
      if (typingIn(event.target) || typingIn(document.activeElement)) return
      if (useGalleryStore.getState().dialog) return
      const files = filesOf(event.clipboardData).filter((file) => file.type.startsWith('image/'))
      if (files.length === 0) return
      event.preventDefault()
      void importFiles(api, files, t)
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  }, [api, t])

  return {
    dragging,
    onDragOver: (event) => {
      if (!hasFiles(event.dataTransfer)) return
      event.preventDefault()
      event.dataTransfer.dropEffect = 'copy'
      setDragging(true)
    },
    onDragLeave: (event) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
    },
    onDrop: (event) => {
      if (!hasFiles(event.dataTransfer)) return
      event.preventDefault()
      setDragging(false)
      void importFiles(api, filesOf(event.dataTransfer), t)
    }
  }
}
