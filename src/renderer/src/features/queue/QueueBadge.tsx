/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import type { ReactElement } from 'react'
import { useJobsStore } from '../../store/jobs'
import { queueCounts } from './model'

export const QUEUE_BADGE_ID = 'queue-badge-description'

/** Counts for the navigation: the numbers are drawn, and said once in words for screen readers. */
export function useQueueCounts(): { running: number; attention: number } {
  const running = useJobsStore((state) => queueCounts(Object.values(state.byId)).running)
  const attention = useJobsStore((state) => queueCounts(Object.values(state.byId)).attention)
  return { running, attention }
}

export function QueueBadge(): ReactElement | null {
  const { running, attention } = useQueueCounts()
  const words = [
    running > 0 ? `${running} running` : null,
    attention > 0 ? `${attention} ${attention === 1 ? 'needs' : 'need'} attention` : null
  ].filter(Boolean)
  return (
    <>
      <span id={QUEUE_BADGE_ID} hidden>
        {words.length > 0 ? words.join(', ') : 'Nothing running'}
      </span>
      {(running > 0 || attention > 0) && (
        <span className="tq-badges" aria-hidden="true" data-testid="queue-badge">
          {running > 0 && (
            <span className="tq-badge running" title={`${running} running`}>
              {running}
            </span>
          )}
          {attention > 0 && (
            <span className="tq-badge attention" title={`${attention} need attention`}>
              {attention}
            </span>
          )}
        </span>
      )}
    </>
  )
}
