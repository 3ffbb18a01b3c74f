import type { TFunction } from 'i18next'
import type { ApiClient } from '@shared/client'
import type { Result } from '@shared/result'
import type { JobRequest } from '@shared/schemas/jobs'
import { useJobsStore } from '../../store/jobs'
import { bytesToBase64, encodePng } from './maskPng'
import type { MaskEditor } from './MaskEditor'
import { useEditStore } from './store'

export type EditRequest = Extract<JobRequest, { endpoint: 'imageEdits' }>

/**
 * The checked request with its real mask: the painting is exported (PNG of the image's exact size,
 * transparent where painted) and imported, and its id replaces the placeholder. A request without a mask
 * (the whole image) is given back as it is, nothing imported. Shared by Send edit and the batch builder.
 */
export async function withImportedMask(
  api: ApiClient,
  request: EditRequest,
  editor: MaskEditor,
  t: TFunction
): Promise<Result<EditRequest>> {
  if (!request.mask) return { ok: true, value: request }
  try {
    const png = await encodePng(editor.toMaskRgba(), editor.width, editor.height)
    const imported = await api.call('library.import', { data: bytesToBase64(png), purpose: 'mask' })
    if (!imported.ok) return imported
    return { ok: true, value: { ...request, mask: { mediaId: imported.value.mediaId } } }
  } catch (error) {
    return {
      ok: false,
      error: {
        code: 'mask_export',
        message: t('edit.form.maskExport', {
          reason: error instanceof Error ? error.message : String(error)
        })
      }
    }
  }
}

/**
 * Sends one edit: with a mask, the painting is exported and imported first (`withImportedMask`); the
 * whole image goes without one. One submit, so one gateway request; the job is then awaited so its result
 * can replace the canvas.
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
    const masked = await withImportedMask(api, request, editor, t)
    if (!masked.ok) {
      store.setSubmitError(masked.error)
      return
    }
    const result = await api.call('jobs.submit', { request: masked.value })
    if (result.ok) {
      useJobsStore.getState().upsert(result.value)
      store.setSubmitError(null)
      store.setAwaiting(result.value.id)
      store.setNotice({ key: 'sent' })
    } else store.setSubmitError(result.error)
  } finally {
    store.setSubmitting(false)
  }
}
