import type { ApiClient } from '@shared/client'
import { JobRequest, type JobView } from '@shared/schemas/jobs'
import { useAppStore } from '../../store/app'
import { useEditStore } from './store'

/** Reads a mask PNG from the library back into alpha-carrying RGBA of its size (browser only). */
async function maskPixels(url: string, width: number, height: number): Promise<Uint8ClampedArray> {
  const image = new Image()
  image.src = url
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no canvas')
  ctx.drawImage(image, 0, 0)
  return ctx.getImageData(0, 0, width, height).data
}

/**
 * Reloads the edit screen from an earlier edit job: prompt, model, options, the source image and, where
 * the browser can read it back, the painted mask.
 */
export async function remixEdit(
  api: ApiClient,
  mediaUrl: (id: string) => string,
  job: JobView
): Promise<void> {
  const parsed = JobRequest.safeParse(job.request)
  const store = useEditStore.getState()
  store.openViewer(null)
  if (!parsed.success || parsed.data.endpoint !== 'imageEdits') {
    store.setNotice({ key: 'cannotLoad' })
    return
  }
  const request = parsed.data
  const first = request.images[0]
  const info = first ? await api.call('library.info', { mediaId: first.mediaId }) : null
  if (!info?.ok || !info.value.width || !info.value.height) {
    store.setNotice({ key: 'imageGone' })
    return
  }
  const fields = request.body.fields ?? {}
  store.setPrompt(request.body.prompt)
  store.setModel(request.body.model)
  store.setOptions({
    n: fields['n'] === undefined ? '' : String(fields['n']),
    outputFormat: typeof fields['output_format'] === 'string' ? fields['output_format'] : ''
  })
  const { width, height } = info.value
  const editor = store.openSource({ mediaId: info.value.mediaId, width, height })
  useAppStore.getState().setScreen('edit')
  store.setNotice({ key: 'loaded' })
  if (!request.mask) return
  try {
    editor.replaceFromRgba(await maskPixels(mediaUrl(request.mask.mediaId), width, height))
  } catch {
    store.setNotice({ key: 'maskUnreadable' })
  }
}
