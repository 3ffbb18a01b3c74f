import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { perMirror, useJobsStore } from '../../store/jobs'
import { queueCounts } from './model'

export const QUEUE_BADGE_ID = 'queue-badge-description'

type Counts = ReturnType<typeof queueCounts>

/**
 * The counts of the mirror as it is now, counted once per change of it: a trace of a 10,000-job queue spent
 * 35 s of 170 counting the same jobs again for every selector call.
 */
const countsOf = perMirror((byId) => queueCounts(Object.values(byId)))

/** Counts for the navigation: the numbers are drawn, and said once in words for screen readers. */
export function useQueueCounts(): Counts {
  const running = useJobsStore((state) => countsOf(state.byId).running)
  const attention = useJobsStore((state) => countsOf(state.byId).attention)
  return { running, attention }
}

export function QueueBadge(): ReactElement | null {
  const { t } = useTranslation()
  const { running, attention } = useQueueCounts()
  const runningWords = t('queue.badge.running', { count: running })
  const attentionWords = t('queue.badge.attention', { count: attention })
  const words = [running > 0 ? runningWords : null, attention > 0 ? attentionWords : null].filter(Boolean)
  return (
    <>
      <span id={QUEUE_BADGE_ID} hidden>
        {words.length > 0 ? words.join(t('queue.badge.and')) : t('queue.summary.nothing')}
      </span>
      {(running > 0 || attention > 0) && (
        <span className="tq-badges" aria-hidden="true" data-testid="queue-badge">
          {running > 0 && (
            <span className="tq-badge running" title={runningWords}>
              {running}
            </span>
          )}
          {attention > 0 && (
            <span className="tq-badge attention" title={attentionWords}>
              {attention}
            </span>
          )}
        </span>
      )}
    </>
  )
}
