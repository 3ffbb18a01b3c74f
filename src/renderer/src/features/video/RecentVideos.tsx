import { useEffect, useMemo, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JobView } from '@shared/schemas/jobs'
import { isActiveJob, isSaving } from '../../jobs/status'
import { useConnection } from '../../store/app'
import { upsertFresh, useJobsMirror, useJobsStore } from '../../store/jobs'
import { useNow } from '../../ui/useNow'
import { useVideoStore } from './store'
import { VideoCard } from './VideoCard'

const RECENT = 8

export function RecentVideos(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const lastJobId = useVideoStore((state) => state.lastJobId)
  const { byId, version } = useJobsMirror()
  const order = useJobsStore((state) => state.order)
  const videos = useMemo(
    () =>
      order
        .map((id) => byId[id])
        .filter((job): job is JobView => job?.kind === 'video')
        .slice(0, RECENT),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the mirror changes in place: `version` says when
    [order, byId, version]
  )
  const now = useNow(videos.some((job) => isActiveJob(job) || isSaving(job)))
  useEffect(() => {
    void api.call('jobs.list', { kind: ['video'], limit: RECENT }).then((result) => {
      if (result.ok) upsertFresh(result.value)
    })
  }, [api])
  return (
    <section className="vid-recent" aria-labelledby="recent-videos-title">
      <h2 id="recent-videos-title">{t('video.recent.title')}</h2>
      {videos.length === 0 ? (
        <div className="vid-empty">
          <p className="empty-title">{t('video.recent.emptyTitle')}</p>
          <p className="muted">{t('video.recent.emptyText')}</p>
        </div>
      ) : (
        <ul className="vid-cards" aria-label={t('video.recent.list')}>
          {videos.map((job) => (
            <VideoCard key={job.id} job={job} now={now} fresh={job.id === lastJobId} />
          ))}
        </ul>
      )}
    </section>
  )
}
