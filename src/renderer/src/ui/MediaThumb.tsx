import type { ReactElement } from 'react'
import { useConnection } from '../store/app'

/**
 * A library image by media id, loading the small WebP thumbnail (never the full file in grids). The media
 * URL comes from the transport: `studio-media://` in Electron, `/media/<id>` in the web host. It sits on
 * the checkerboard (`checker`, media/mediaChecker.css), so a transparent image reads as transparent.
 */
export function MediaThumb({
  mediaId,
  alt,
  full = false,
  className,
  eager = false,
  priority
}: {
  mediaId: string
  alt: string
  full?: boolean
  className?: string
  /** Load at once: for lists that already render only what is (nearly) on screen, like virtualized grids. */
  eager?: boolean
  /** The browser's fetch priority: on-screen tiles before the ones kept just outside it. */
  priority?: 'high' | 'low'
}): ReactElement {
  const { mediaUrl } = useConnection()
  return (
    <img
      className={className ? `checker ${className}` : 'checker'}
      src={mediaUrl(full ? mediaId : `${mediaId}_thumb`)}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={priority}
      decoding="async"
      draggable={false}
    />
  )
}
