import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResultView } from '@shared/schemas/jobs'
import { useConnection } from '../store/app'
import { mediaFacts } from './facts'
import { MediaFailureNotice } from './MediaFailure'
import { videoFailureWords, type MediaFailure } from './mediaErrors'
import './media.css'

/**
 * A stored video played from the media route (ranges served by both shells), with the library's
 * thumbnail as poster and its measured size and duration underneath.
 */
export function VideoPlayer({ result, label }: { result: ResultView; label: string }): ReactElement | null {
  const { t } = useTranslation()
  const { mediaUrl } = useConnection()
  // Why it does not play, instead of an empty player that says nothing: what the player
  // reported, worded at render so the words follow the language in use.
  const [failure, setFailure] = useState<{ error: MediaFailure | null } | null>(null)
  if (!result.mediaId) return null
  const ratio = result.width && result.height ? `${result.width} / ${result.height}` : '16 / 9'
  // Small clips are shown at up to twice their size, not blown up to the whole dialog.
  const maxWidth = result.width ? Math.max(result.width * 2, 480) : undefined
  return (
    <figure className="vid-player" style={{ maxWidth }}>
      <video
        controls
        preload="metadata"
        playsInline
        poster={mediaUrl(`${result.mediaId}_thumb`)}
        src={mediaUrl(result.mediaId)}
        aria-label={label}
        style={{ aspectRatio: ratio }}
        onError={(event) => {
          const error = event.currentTarget.error
          setFailure({ error: error ? { code: error.code, message: error.message } : null })
        }}
        onLoadedMetadata={() => setFailure(null)}
      />
      {failure && (
        <MediaFailureNotice
          title={t('media.video.cannotPlay')}
          words={videoFailureWords(failure.error, result.mime, t)}
          href={mediaUrl(result.mediaId)}
          fileName={`video-${result.mediaId.slice(0, 12)}.${result.mime === 'video/webm' ? 'webm' : 'mp4'}`}
        />
      )}
      <figcaption className="vid-facts">
        {mediaFacts(result, t).map((fact) => (
          <span key={fact}>{fact}</span>
        ))}
      </figcaption>
    </figure>
  )
}
