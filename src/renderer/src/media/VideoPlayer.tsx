/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useState, type ReactElement } from 'react'
import type { ResultView } from '@shared/schemas/jobs'
import { useConnection } from '../store/app'
import { mediaFacts } from './facts'
import { MediaFailureNotice } from './MediaFailure'
import { videoFailureWords } from './mediaErrors'
import './media.css'

/**
 * A stored video played from the media route (ranges served by both shells), with the library's
 * thumbnail as poster and its measured size and duration underneath.
 */
export function VideoPlayer({ result, label }: { result: ResultView; label: string }): ReactElement | null {
  const { mediaUrl } = useConnection()
  // Why it does not play, instead of an empty player that says nothing (issue 15).
  const [failure, setFailure] = useState<string | null>(null)
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
        onError={(event) => setFailure(videoFailureWords(event.currentTarget.error, result.mime))}
        onLoadedMetadata={() => setFailure(null)}
      />
      {failure && (
        <MediaFailureNotice
          title="This video cannot be played here"
          words={failure}
          href={mediaUrl(result.mediaId)}
          fileName={`video-${result.mediaId.slice(0, 12)}.${result.mime === 'video/webm' ? 'webm' : 'mp4'}`}
        />
      )}
      <figcaption className="vid-facts">
        {mediaFacts(result).map((fact) => (
          <span key={fact}>{fact}</span>
        ))}
      </figcaption>
    </figure>
  )
}
