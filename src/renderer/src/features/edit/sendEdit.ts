import type { TFunction } from 'i18next'
import type { ApiClient } from '@shared/client'
import type { JobRequest } from '@shared/schemas/jobs'
import { useJobsStore } from '../../store/jobs'
import { bytesToBase64, encodePng } from './maskPng'
import type { MaskEditor } from './MaskEditor'
import { useEditStore } from './store'

type EditRequest = Extract<JobRequest, { endpoint: 'imageEdits' }>

/**
 * Sends one edit: with a mask, the painting is exported (PNG of the image's exact size, transparent where
 * painted) and imported first; the whole image goes without one. One submit, so one gateway request;
 * the job is then awaited so its result can replace the canvas.
 */
export async function sendEdit(
  api: ApiClient,
  request: EditRequest,
  editor: MaskEditor,
  t: TFunction
): Promise<void> {
  const store = useEditStore.getState()
  // A finished edit is shown: the user first keeps it or goes back (the form says so); never resend unseen.
  if (store.compare) return
  store.setSubmitting(true)
  store.setNotice(null)
  try {
    let mask: { mediaId: string } | undefined
    if (request.mask) {
      const png = await encodePng(editor.toMaskRgba(), editor.width, editor.height)
      const imported = await api.call('library.import', { data: bytesToBase64(png), purpose: 'mask' })
      if (!imported.ok) {
        store.setSubmitError(imported.error)
        return
      }
      mask = { mediaId: imported.value.mediaId }
    }
    // The placeholder mask id of the checked request is replaced by the imported one.
    const result = await api.call('jobs.submit', { request: mask ? { ...request, mask } : request })
    if (result.ok) {
      useJobsStore.getState().upsert(result.value)
      store.setSubmitError(null)
      store.setAwaiting(result.value.id)
      store.setNotice({ key: 'sent' })
    } else store.setSubmitError(result.error)
  } catch (error) {
    store.setSubmitError({
      code: 'mask_export',
      message: t('edit.form.maskExport', {
        reason: error instanceof Error ? error.message : String(error)
      })
    })
  } finally {
    store.setSubmitting(false)
  }
}
