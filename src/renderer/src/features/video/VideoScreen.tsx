import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { GatewayLine } from '../../ui/GatewayLine'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { RecentVideos } from './RecentVideos'
import { VideoForm } from './VideoForm'
import './video.css'

export function VideoScreen(): ReactElement {
  const { t } = useTranslation()
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeader title={t('video.title')} subtitle={<GatewayLine output="video" />} />
      <div className="screen-body vid-layout">
        <VideoForm />
        <RecentVideos />
      </div>
    </section>
  )
}
