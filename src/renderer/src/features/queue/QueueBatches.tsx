import { memo, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JobGroupView } from '@shared/schemas/jobGroups'
import { useConnection } from '../../store/app'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { notify } from '../../store/notifications'
import { cancelBatch, retryFailedOf, steerBatch } from './actions'
import { finishedOf, useQueueStore } from './store'
import { timeLeft } from './batchEta'
import { formatDuration } from '../../jobs/status'
import { useNow } from '../../ui/useNow'
import { BatchMoney } from '../../jobs/money/BatchMoney'
import { reviewBatchInGallery } from '../../store/handoff'
import { PublishBatchDialog } from '../../jobs/batch/PublishBatchDialog'

/** Still has work: jobs waiting or going, or paused with jobs left. */
const isOpen = (batch: JobGroupView): boolean => (batch.counts.pending ?? 0) + (batch.counts.running ?? 0) > 0

/**
 * One batch's band. Drawn again only when its batch changed (a memo: the bands are many, and a batch's news
 * is its own), and its clock ticks only while its time left is shown, not while it is paused.
 */
const BatchBand = memo(function BatchBand({ batch }: { batch: JobGroupView }): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [said, setSaid] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [publishing, setPublishing] = useState(false)
  const pace = useQueueStore((state) => state.paces[batch.id])
  const paused = batch.pausedAt !== null
  const now = useNow(!paused)
  const left = timeLeft(pace ?? [], batch.jobIds.length - finishedOf(batch), now)
  const total = batch.jobIds.length
  const done = batch.counts.succeeded ?? 0
  const failed = (batch.counts.failed ?? 0) + (batch.counts.expired ?? 0)
  const act = async (action: 'groups.pause' | 'groups.resume' | 'groups.toFront'): Promise<void> => {
    setBusy(true)
    setFailure(await steerBatch(api, batch.id, action))
    setBusy(false)
  }
  const waiting = batch.counts.pending ?? 0
  const going = batch.counts.running ?? 0
  const retry = async (): Promise<void> => {
    setBusy(true)
    const result = await retryFailedOf(api, batch.id)
    setBusy(false)
    if (typeof result === 'string') return setFailure(result)
    setFailure(null)
    setSaid(t('queue.batches.retried', { count: result.retried }))
  }
  const held = !paused && batch.waitingForBudget > 0
  const state = held
    ? t('queue.batches.waitingBudget', { count: batch.waitingForBudget })
    : !paused
      ? t('queue.batches.sending')
      : batch.pauseReason === 'balance'
        ? t('queue.batches.pausedBalance')
        : t('queue.batches.pausedUser')
  return (
    <li className={paused ? 'tq-batch paused' : 'tq-batch'} aria-label={batch.name}>
      <div className="tq-batch-main">
        <p className="tq-batch-name">{batch.name}</p>
        <p className="tq-batch-facts">
          {t('queue.batches.progress', { done, total })}
          {failed > 0 && ` · ${t('queue.batches.failed', { count: failed })}`}
          {!paused && left !== null && ` · ${t('queue.batches.left', { time: formatDuration(left, t) })}`}
        </p>
        <progress
          max={Math.max(1, total)}
          value={done}
          aria-label={t('queue.batches.progressLabel', { name: batch.name })}
        />
        <p
          className={held || batch.pauseReason === 'balance' ? 'tq-batch-state warn' : 'tq-batch-state'}
          role="status"
        >
          {state}
        </p>
        <BatchMoney groupId={batch.id} version={JSON.stringify(batch.counts)} />
      </div>
      <div className="tq-batch-actions">
        <button
          type="button"
          className="button small"
          disabled={busy}
          onClick={() => void act(paused ? 'groups.resume' : 'groups.pause')}
        >
          {paused ? t('queue.batches.resume') : t('queue.batches.pause')}
        </button>
        <button
          type="button"
          className="button small"
          disabled={busy}
          onClick={() => void act('groups.toFront')}
        >
          {t('queue.batches.toFront')}
        </button>
        {done > 0 && (
          <button type="button" className="button small" onClick={() => reviewBatchInGallery(batch.id)}>
            {t('gallery.batches.review')}
          </button>
        )}
        {batch.screen !== 'video' && (
          <button type="button" className="button small" onClick={() => setPublishing(true)}>
            {t('queue.batches.publish.menu')}
          </button>
        )}
        {failed > 0 && (
          <button type="button" className="button small" disabled={busy} onClick={() => void retry()}>
            {t('queue.batches.retryFailed', { count: failed })}
          </button>
        )}
        <button
          type="button"
          className="button small danger"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {t('queue.batches.cancel')}
        </button>
      </div>
      {said && (
        <p className="tq-batch-said" role="status">
          {said}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('queue.batches.cancelTitle', { name: batch.name })}
          description={
            <>
              <p>{t('queue.batches.cancelWaiting', { count: waiting })}</p>
              {going > 0 && <p>{t('queue.batches.cancelGoing', { count: going })}</p>}
            </>
          }
          keepLabel={t('queue.batches.keep')}
          confirmLabel={t('queue.batches.cancelConfirm')}
          onConfirm={async () => {
            const result = await cancelBatch(api, batch.id)
            if ('error' in result) return result.error
            // The band goes with the batch's last job: what may still be billed stays under the bell.
            notify({
              id: `batch-cancel:${batch.id}`,
              tone: result.untracked > 0 ? 'attention' : 'info',
              title: batch.name,
              body:
                result.untracked > 0
                  ? t('queue.batches.cancelledUntracked', {
                      count: result.cancelled,
                      untracked: result.untracked
                    })
                  : t('queue.batches.cancelled', { count: result.cancelled })
            })
          }}
          onClose={() => setConfirming(false)}
        />
      )}
      {publishing && (
        <PublishBatchDialog
          batch={{ id: batch.id, name: batch.name, hasImages: done > 0 }}
          onClose={() => setPublishing(false)}
        />
      )}
      {failure && (
        <p className="tq-error" role="alert">
          {failure}
        </p>
      )}
    </li>
  )
})

/** The batches with work left, above the jobs: each one's progress and its pause, front and cancel. */
export function QueueBatches(): ReactElement | null {
  const { t } = useTranslation()
  const batches = useQueueStore((state) => state.batches)
  const open = Object.values(batches)
    .filter(isOpen)
    .sort((a, b) => a.createdAt - b.createdAt)
  if (open.length === 0) return null
  return (
    <section className="tq-batches" aria-label={t('queue.batches.title')}>
      <ul>
        {open.map((batch) => (
          <BatchBand key={batch.id} batch={batch} />
        ))}
      </ul>
    </section>
  )
}
