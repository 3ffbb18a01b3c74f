import { useCallback, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { LocationView, TeamBatchPublished } from '@shared/schemas/locations'
import { useConnection } from '../../store/app'
import { notify } from '../../store/notifications'
import { Dialog } from '../../ui/Dialog'
import { errorWords } from '../../ui/errorWords'
import { useLocationList } from '../../ui/LocationChoice'
import { TeamSendDialog, useTeamSend } from '../../ui/TeamSendDialog'

/** The batch to publish, as the screen that offers it knows it. */
export interface PublishedBatchRef {
  id: string
  name: string
  /** Whether it has a finished image yet (without one there is nothing to publish). */
  hasImages: boolean
}

/** The saved team locations, read on each opening (one may have been added in Settings since). */
function useSavedLocations(dialogClass: string): ReturnType<typeof useLocationList> {
  const { api } = useConnection()
  const [locations, setLocations] = useState<LocationView[] | null>(null)
  const load = useCallback(async (): Promise<AppError | null> => {
    const result = await api.call('locations.list', {})
    if (!result.ok) return result.error
    setLocations(result.value)
    return null
  }, [api])
  return useLocationList(dialogClass, locations, load)
}

/**
 * "Publish to team…" on a batch's Queue band and its contact sheet: the batch's finished images go to a
 * saved team location as a board named after it (`team.publishBatch`), which the batch's later images join
 * at each sync. A batch without a finished image is told so instead. Publishing can take a while: the
 * dialog may be closed meanwhile, and a notification then says how it ended.
 */
export function PublishBatchDialog({
  batch,
  onPublished,
  onClose
}: {
  batch: PublishedBatchRef
  /** Told once the batch went out, whether the dialog is still open or not. */
  onPublished?: (outcome: TeamBatchPublished, locationId: string) => void
  onClose: () => void
}): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const list = useSavedLocations('batch-publish')
  const { state, start } = useTeamSend<TeamBatchPublished>()
  const title = t('queue.batches.publish.title', { name: batch.name })
  const publishedWords = (outcome: TeamBatchPublished, where: string): string =>
    t('queue.batches.publish.published', { count: outcome.images, location: where, board: outcome.board })

  const publish = async (location: LocationView): Promise<void> => {
    const { result, open } = await start(() =>
      api.call('team.publishBatch', { locationId: location.id, batchId: batch.id })
    )
    if (result.ok) onPublished?.(result.value, location.id)
    if (open) return
    // Closed while it ran: the bell says how it ended.
    notify({
      id: `batch-publish:${batch.id}`,
      tone: result.ok ? 'ok' : 'error',
      title: result.ok ? batch.name : t('queue.batches.publish.failed', { location: location.name }),
      body: result.ok
        ? publishedWords(result.value, location.name)
        : (errorWords(t, result.error).message ?? result.error.message)
    })
  }

  if (!batch.hasImages)
    return (
      <Dialog title={title} onClose={onClose} closeOnBackdrop className="batch-publish">
        <p>{t('errors.backend.batchNoImages')}</p>
        <div className="dialog-actions">
          <button type="button" className="button primary" data-autofocus onClick={onClose}>
            {t('queue.batches.publish.ok')}
          </button>
        </div>
      </Dialog>
    )

  return (
    <TeamSendDialog
      title={title}
      className="batch-publish"
      list={list}
      none={t('queue.batches.publish.none')}
      pickerName="batch-publish-location"
      state={state}
      words={(location) => ({
        what: [
          t('queue.batches.publish.whatGoes', { location }),
          t('queue.batches.publish.later', { location }),
          t('queue.batches.publish.teammates', { location }),
          t('queue.batches.publish.again'),
          t('queue.batches.publish.nothingDeleted')
        ],
        submit: t('queue.batches.publish.publish'),
        cancel: t('queue.batches.publish.cancel'),
        sending: t('queue.batches.publish.publishing', { location }),
        sendingLabel: t('queue.batches.publish.publishingLabel'),
        slow: t('queue.batches.publish.publishingSlow'),
        background: t('queue.batches.publish.background'),
        sent: state.kind === 'sent' ? publishedWords(state.outcome, location) : '',
        done: t('queue.batches.publish.done'),
        failed: t('queue.batches.publish.failed', { location })
      })}
      onSubmit={(location) => void publish(location)}
      onClose={onClose}
    />
  )
}
