import { useEffect, useId, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { GalleryDetail } from '@shared/schemas/gallery'
import { useConnection } from '../store/app'
import { copyImageAndStory } from './clipboardImage'
import { copyPath, rememberExitFile } from './exitCopy'
import { storyText } from './storyText'
import './exitActions.css'

type Copying = 'idle' | 'copying' | 'copied' | 'failed'

/**
 * "Save as…" and "Copy image" for a Gallery image (its details panel and its stage). Save as is a link to
 * the image's copy, which carries its story inside (or, for a file with content credentials, is a zip of
 * the untouched file and its story: said before it is saved). Copy image puts the picture and, as text,
 * its prompt and settings on the clipboard, which keeps no metadata. What the copy is called comes with
 * the details (`detail.exit`), read from the image's file once by `gallery.get`.
 */
export function ExitActions({ detail }: { detail: GalleryDetail }): ReactElement {
  const { t } = useTranslation()
  const { mediaUrl } = useConnection()
  const saveHint = useId()
  const copyHint = useId()
  const [copying, setCopying] = useState<Copying>('idle')
  const file = detail.exit ?? null

  useEffect(() => {
    if (file) rememberExitFile(detail.id, file)
  }, [detail.id, file])

  const zipped = file ? file.sidecar : detail.credentials === true
  const copy = (): void => {
    setCopying('copying')
    copyImageAndStory(mediaUrl(detail.mediaId), storyText(t, detail)).then(
      () => setCopying('copied'),
      () => setCopying('failed')
    )
  }

  return (
    <div className="exit-actions" role="group" aria-label={t('gallery.exit.label')}>
      <div className="exit-buttons">
        {/* The server names the file; the attribute makes the link a download, not a page. */}
        <a
          className="button"
          href={copyPath(detail.id)}
          download={file?.fileName ?? ''}
          aria-describedby={saveHint}
        >
          {t('gallery.exit.saveAs')}
        </a>
        <button
          type="button"
          className="button"
          disabled={copying === 'copying'}
          aria-describedby={copyHint}
          onClick={copy}
        >
          {copying === 'copying' ? t('gallery.exit.copying') : t('gallery.exit.copyImage')}
        </button>
      </div>
      <p id={saveHint} className="muted exit-hint">
        {zipped ? t('gallery.exit.saveAsZip') : t('gallery.exit.saveAsHint')}
      </p>
      <p id={copyHint} className="muted exit-hint">
        {t('gallery.exit.copyImageHint')}
      </p>
      <p role="status" className={copying === 'failed' ? 'exit-said field-error' : 'exit-said'}>
        {copying === 'copied' && t('gallery.exit.copied')}
        {copying === 'failed' && t('gallery.exit.copyFailed')}
      </p>
    </div>
  )
}
