/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useEffect, useState, type ReactElement } from 'react'
import type { LibraryImage } from '@shared/schemas/library'
import { useConnection } from '../../store/app'
import { MediaThumb } from '../../ui/MediaThumb'
import type { VideoDraft } from './form'

type FrameChoice = VideoDraft['firstFrame']['type']
const FRAME_CHOICES: [FrameChoice, string][] = [
  ['none', 'None'],
  ['library', 'From the library'],
  ['url', 'Image address']
]
const emptyChoice: Record<FrameChoice, VideoDraft['firstFrame']> = {
  none: { type: 'none' },
  library: { type: 'library', mediaId: '' },
  url: { type: 'url', url: '' }
}

/**
 * The first frame: none, an image of the library (its thumbnails as a radio group), or an address the
 * gateway fetches itself.
 */
export function FirstFramePicker({
  value,
  onChange,
  error
}: {
  value: VideoDraft['firstFrame']
  onChange: (value: VideoDraft['firstFrame']) => void
  error: string | undefined
}): ReactElement {
  const { api } = useConnection()
  const [images, setImages] = useState<LibraryImage[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const wantsLibrary = value.type === 'library'

  useEffect(() => {
    if (!wantsLibrary || images) return
    let live = true
    void api.call('library.recent', { limit: 24 }).then((result) => {
      if (!live) return
      if (result.ok) setImages(result.value.items)
      else setLoadError(result.error.message)
    })
    return () => {
      live = false
    }
  }, [api, wantsLibrary, images])

  return (
    <fieldset className="vid-frame">
      <legend>First frame</legend>
      <div className="radio-row">
        {FRAME_CHOICES.map(([type, label]) => (
          <label key={type} className="radio">
            <input
              type="radio"
              name="first-frame"
              checked={value.type === type}
              onChange={() => onChange(emptyChoice[type])}
            />
            {label}
          </label>
        ))}
      </div>
      {value.type === 'url' && (
        <label className="field">
          <span>Image address</span>
          <input
            value={value.url}
            inputMode="url"
            spellCheck={false}
            placeholder="https://…/first-frame.png"
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ type: 'url', url: event.target.value })}
          />
        </label>
      )}
      {value.type === 'library' && (
        <div className="vid-frame-grid" role="radiogroup" aria-label="Library images">
          {loadError && <p className="field-error">{loadError}</p>}
          {images === null && !loadError && <p className="muted">Loading the library…</p>}
          {images?.length === 0 && (
            <p className="muted">No images in the library yet. Generate or import one first.</p>
          )}
          {images?.map((image) => (
            <label
              key={image.mediaId}
              className={value.mediaId === image.mediaId ? 'vid-frame-item selected' : 'vid-frame-item'}
              title={image.prompt ?? 'Imported image'}
            >
              <input
                type="radio"
                name="first-frame-image"
                checked={value.mediaId === image.mediaId}
                aria-label={image.prompt ?? `Imported image ${image.width ?? ''}×${image.height ?? ''}`}
                onChange={() => onChange({ type: 'library', mediaId: image.mediaId })}
              />
              <MediaThumb mediaId={image.mediaId} alt="" />
            </label>
          ))}
        </div>
      )}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  )
}
