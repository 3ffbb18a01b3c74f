import type { ReactElement } from 'react'
import { useConnection } from '../store/app'

/**
 * A library image by media id, loading the small WebP thumbnail (never the full file in grids). The media
 * URL comes from the transport: `studio-media://` in Electron, `/media/<id>` in the web host.
 */
export function MediaThumb({
  mediaId,
  alt,
  full = false,
  className
}: {
  mediaId: string
  alt: string
  full?: boolean
  className?: string
}): ReactElement {
  const { mediaUrl } = useConnection()
  return (
    <img
      className={className}
      src={mediaUrl(full ? mediaId : `${mediaId}_thumb`)}
      alt={alt}
      loading="lazy"
      decoding="async"
      draggable={false}
    />
  )
}
