import { useEffect, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { LibraryImage } from '@shared/schemas/library'
import { useConnection } from '../../store/app'
import { MediaThumb } from '../../ui/MediaThumb'
import { Field } from '../../ui/Field'
import { failureLine } from '../../ui/errorWords'
import type { VideoDraft } from './form'

type FrameChoice = VideoDraft['firstFrame']['type']
const FRAME_CHOICES = {
  none: 'video.firstFrame.none',
  library: 'video.firstFrame.library',
  url: 'video.firstFrame.url'
} as const satisfies Record<FrameChoice, string>
/** An example address, the same in every language (it is not words). */
const URL_EXAMPLE = 'https://…/first-frame.png'
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
  const { t } = useTranslation()
  const { api } = useConnection()
  const [images, setImages] = useState<LibraryImage[] | null>(null)
  // The refusal itself, worded at render so it follows the language shown.
  const [loadError, setLoadError] = useState<AppError | null>(null)
  const wantsLibrary = value.type === 'library'

  useEffect(() => {
    if (!wantsLibrary || images) return
    let live = true
    void api.call('library.recent', { limit: 24 }).then((result) => {
      if (!live) return
      if (result.ok) setImages(result.value.items)
      else setLoadError(result.error)
    })
    return () => {
      live = false
    }
  }, [api, wantsLibrary, images])

  return (
    <fieldset className="vid-frame">
      <legend>{t('video.firstFrame.title')}</legend>
      <div className="radio-row">
        {(Object.keys(FRAME_CHOICES) as FrameChoice[]).map((type) => (
          <label key={type} className="radio">
            <input
              type="radio"
              name="first-frame"
              checked={value.type === type}
              onChange={() => onChange(emptyChoice[type])}
            />
            {t(FRAME_CHOICES[type])}
          </label>
        ))}
      </div>
      {value.type === 'url' && (
        <Field label={t('video.firstFrame.url')}>
          <input
            value={value.url}
            inputMode="url"
            spellCheck={false}
            placeholder={URL_EXAMPLE}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ type: 'url', url: event.target.value })}
          />
        </Field>
      )}
      {value.type === 'library' && (
        <div className="vid-frame-grid" role="radiogroup" aria-label={t('video.firstFrame.libraryImages')}>
          {loadError && <p className="field-error">{failureLine(t, loadError)}</p>}
          {images === null && !loadError && <p className="muted">{t('video.firstFrame.loading')}</p>}
          {images?.length === 0 && <p className="muted">{t('video.firstFrame.empty')}</p>}
          {images?.map((image) => (
            <label
              key={image.mediaId}
              className={value.mediaId === image.mediaId ? 'vid-frame-item selected' : 'vid-frame-item'}
              title={image.prompt ?? t('video.firstFrame.imported')}
            >
              <input
                type="radio"
                name="first-frame-image"
                checked={value.mediaId === image.mediaId}
                aria-label={
                  image.prompt ??
                  t('video.firstFrame.importedSized', {
                    width: image.width ?? '',
                    height: image.height ?? ''
                  })
                }
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
