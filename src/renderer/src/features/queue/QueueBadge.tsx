import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { mirrorSum, useJobsStore } from '../../store/jobs'
import { isUnderWay } from './model'
import { waitingCount } from './places'
import { useQueueStore } from './store'

export const QUEUE_BADGE_ID = 'queue-badge-description'

/**
 * The counts of the mirror as it is now, followed from each change's jobs (`mirrorSum`): a trace of a
 * 10,000-job queue spent 35 s of 170 counting the same jobs again for every selector call.
 */
const runningIn = mirrorSum((job) => (isUnderWay(job) ? 1 : 0))
const attentionIn = mirrorSum((job) => (job.status === 'needs_attention' ? 1 : 0))

/**
 * What the navigation and the Queue's title say: jobs under way at the gateway, jobs waiting to be sent,
 * jobs waiting for the user. The waiting are counted from the backend's line (`waitingCount`): the mirror
 * holds the jobs loaded so far (500 open ones at start), not every one of a 10,000-job batch.
 */
export function useQueueCounts(): { running: number; waiting: number; attention: number } {
  const line = useQueueStore((state) => state.line)
  const running = useJobsStore((state) => runningIn(state, null))
  const attention = useJobsStore((state) => attentionIn(state, null))
  const waiting = useJobsStore((state) => waitingCount(line, state))
  return { running, waiting, attention }
}

export function QueueBadge(): ReactElement | null {
  const { t } = useTranslation()
  const { running, waiting, attention } = useQueueCounts()
  const going = running + waiting
  const words = [
    running > 0 ? t('queue.badge.running', { count: running }) : null,
    waiting > 0 ? t('queue.badge.waiting', { count: waiting }) : null,
    attention > 0 ? t('queue.badge.attention', { count: attention }) : null
  ].filter((said): said is string => said !== null)
  const goingWords = words.slice(0, (running > 0 ? 1 : 0) + (waiting > 0 ? 1 : 0)).join(t('queue.badge.and'))
  return (
    <>
      <span id={QUEUE_BADGE_ID} hidden>
        {words.length > 0 ? words.join(t('queue.badge.and')) : t('queue.summary.nothing')}
      </span>
      {(going > 0 || attention > 0) && (
        <span className="tq-badges" aria-hidden="true" data-testid="queue-badge">
          {going > 0 && (
            <span className="tq-badge running" title={goingWords}>
              {going}
            </span>
          )}
          {attention > 0 && (
            <span className="tq-badge attention" title={t('queue.badge.attention', { count: attention })}>
              {attention}
            </span>
          )}
        </span>
      )}
    </>
  )
}
