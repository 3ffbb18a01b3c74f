import { useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { endpointInfo, referenceLimits, type GenEndpoint, type RefItem } from '../../../jobs/imageForm/form'
import { useImagesStore } from '../store'
import { ACCEPT_ATTRIBUTE } from '../../../media/intake'
import { MediaThumb } from '../../../ui/MediaThumb'
import { IconButton } from '../../../ui/IconButton'
import { FieldMessage, useTouch } from './issues'

function hostOf(url: string): string {
  try {
    const parsed = new URL(url)
    const tail = parsed.pathname.split('/').filter(Boolean).pop() ?? ''
    return `${parsed.host}${tail ? `/…/${tail}` : ''}`
  } catch {
    return url
  }
}

/**
 * The reference images of the request: library images (sent as data URIs by the backend) or web
 * addresses, as the endpoint allows, shown as removable thumbnails; drop and paste land here too.
 */
export function References({
  endpoint,
  references,
  dragging,
  busy,
  onPickLibrary,
  onFiles
}: {
  endpoint: GenEndpoint
  references: RefItem[]
  dragging: boolean
  busy: boolean
  onPickLibrary: () => void
  onFiles: (files: File[]) => void
}): ReactElement | null {
  const { t } = useTranslation()
  const removeReference = useImagesStore((state) => state.removeReference)
  const addReferences = useImagesStore((state) => state.addReferences)
  const touch = useTouch()
  const fileInput = useRef<HTMLInputElement>(null)
  const [url, setUrl] = useState('')
  const [urlError, setUrlError] = useState(false)
  const { max, urlOnly } = referenceLimits(endpoint)
  // A model that takes none: the model field offers the models that do (ModelField), not "1 of 0".
  if (max === 0) return null
  const full = references.length >= max

  const addUrl = (): void => {
    const text = url.trim()
    let parsed: URL | null = null
    try {
      parsed = new URL(text)
    } catch {
      parsed = null
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
      setUrlError(true)
      return
    }
    addReferences([{ kind: 'url', url: parsed.href }])
    touch('references')
    setUrl('')
    setUrlError(false)
  }

  return (
    <fieldset
      className={`references ${dragging ? 'dragging' : ''}`}
      aria-describedby="images-references-error"
    >
      <legend>
        {t('images.references.title')}{' '}
        <span className="muted">{t('images.references.count', { n: references.length, max })}</span>
      </legend>
      {references.length > 0 && (
        <ul className="ref-list" aria-label={t('images.references.list')}>
          {references.map((ref, index) => (
            <li key={ref.kind === 'url' ? ref.url : ref.mediaId} className={`ref ref-${ref.kind}`}>
              {ref.kind === 'media' ? (
                <MediaThumb mediaId={ref.mediaId} alt={t('images.references.image', { n: index + 1 })} />
              ) : (
                <span className="ref-url" title={ref.url}>
                  <span aria-hidden="true">🔗</span> {hostOf(ref.url)}
                </span>
              )}
              <IconButton
                icon="close"
                className="ref-remove"
                label={t('images.references.remove', { n: index + 1 })}
                onClick={() => {
                  removeReference(index)
                  touch('references')
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <FieldMessage field="references" id="images-references" />
      {max > 0 && (
        <>
          {!urlOnly && (
            <div className="ref-actions">
              <button type="button" className="button small" disabled={full || busy} onClick={onPickLibrary}>
                {t('images.references.fromLibrary')}
              </button>
              <button
                type="button"
                className="button small"
                disabled={full || busy}
                onClick={() => fileInput.current?.click()}
              >
                {t('images.references.addFiles')}
              </button>
              <input
                ref={fileInput}
                type="file"
                accept={ACCEPT_ATTRIBUTE}
                multiple
                hidden
                aria-label={t('images.references.files')}
                onChange={(event) => {
                  onFiles([...(event.target.files ?? [])])
                  event.target.value = ''
                }}
              />
              <span className="field-hint">
                {busy ? t('images.references.adding') : t('images.references.dropHint')}
              </span>
            </div>
          )}
          <div className="ref-url-row">
            <label htmlFor="images-ref-url" className="visually-hidden">
              {t('images.references.address')}
            </label>
            <input
              id="images-ref-url"
              type="text"
              inputMode="url"
              placeholder={
                urlOnly
                  ? t('images.references.addressOnlyPlaceholder')
                  : t('images.references.addressPlaceholder')
              }
              value={url}
              disabled={full}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? 'images-ref-url-error' : undefined}
              onChange={(event) => setUrl(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault()
                  addUrl()
                }
              }}
            />
            <button
              type="button"
              className="button small"
              disabled={full || url.trim() === ''}
              onClick={addUrl}
            >
              {t('images.references.addAddress')}
            </button>
          </div>
          {urlError && (
            <p className="field-error" id="images-ref-url-error">
              {t('images.references.badAddress')}
            </p>
          )}
          {urlOnly && (
            <p className="field-hint">
              {t('images.references.fetchesItself', { endpoint: endpointInfo(endpoint, t).label })}
            </p>
          )}
        </>
      )}
    </fieldset>
  )
}
