/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import type { ReactElement } from 'react'
import { GatewayLine } from '../../ui/GatewayLine'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { RecentVideos } from './RecentVideos'
import { VideoForm } from './VideoForm'
import './video.css'

export function VideoScreen(): ReactElement {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeader title="Video" subtitle={<GatewayLine output="video" />} />
      <div className="screen-body vid-layout">
        <VideoForm />
        <RecentVideos />
      </div>
    </section>
  )
}
