import { useEffect } from 'react'
import type { ApiClient } from '@shared/client'
import { useConnection } from '../../store/app'
import { restoredSession, useEditStore } from './store'

/** Whether the base restored from the last session still has to be checked against the library. */
let unchecked = restoredSession

/**
 * Closes the image on the canvas, with a notice, if the library no longer has it. Only "not found"
 * closes it; a backend that cannot answer right now leaves things as they are.
 */
export async function dropMissingBase(api: ApiClient): Promise<void> {
  const source = useEditStore.getState().source
  if (!source) return
  const info = await api.call('library.info', { mediaId: source.mediaId })
  const store = useEditStore.getState()
  if (info.ok || info.error.code !== 'not_found' || store.source !== source) return
  store.closeSource()
  store.setNotice({ key: 'imageGone' })
}

/**
 * A chain restored from the last session names library images, and one may have been deleted since:
 * the base is checked once, so a missing one closes instead of showing a broken canvas.
 */
export function useRestoredCheck(): void {
  const { api } = useConnection()
  useEffect(() => {
    if (!unchecked) return
    unchecked = false
    void dropMissingBase(api)
  }, [api])
}
