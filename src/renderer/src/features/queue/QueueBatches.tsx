import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JobGroupView } from '@shared/schemas/jobGroups'
import { useConnection } from '../../store/app'
import { steerBatch } from './actions'
import { finishedOf, useQueueStore } from './store'
import { timeLeft } from './batchEta'
import { formatDuration } from '../../jobs/status'
import { useNow } from '../../ui/useNow'

/** Still has work: jobs waiting or going, or paused with jobs left. */
const isOpen = (batch: JobGroupView): boolean => (batch.counts.pending ?? 0) + (batch.counts.running ?? 0) > 0

function BatchBand({ batch }: { batch: JobGroupView }): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const pace = useQueueStore((state) => state.paces[batch.id])
  const now = useNow(true)
  const left = timeLeft(pace ?? [], batch.jobIds.length - finishedOf(batch), now)
  const total = batch.jobIds.length
  const done = batch.counts.succeeded ?? 0
  const failed = (batch.counts.failed ?? 0) + (batch.counts.expired ?? 0)
  const paused = batch.pausedAt !== null
  const act = async (action: 'groups.pause' | 'groups.resume' | 'groups.toFront'): Promise<void> => {
    setBusy(true)
    setFailure(await steerBatch(api, batch.id, action))
    setBusy(false)
  }
  const state = !paused
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
          className={batch.pauseReason === 'balance' ? 'tq-batch-state warn' : 'tq-batch-state'}
          role="status"
        >
          {state}
        </p>
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
      </div>
      {failure && (
        <p className="tq-error" role="alert">
          {failure}
        </p>
      )}
    </li>
  )
}

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
