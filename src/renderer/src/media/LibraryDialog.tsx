import { useCallback, useEffect, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { LibraryImage } from '@shared/schemas/library'
import { useConnection } from '../store/app'
import { ErrorNotice } from '../ui/ErrorNotice'
import { MediaThumb } from '../ui/MediaThumb'
import { Dialog } from '../ui/Dialog'
import './media.css'

const PAGE = 48

/**
 * Pick images from the library (generated results and the user's own files, newest first). With
 * `limit` 1 a click picks at once; otherwise images are toggled and added together.
 */
export function LibraryDialog({
  title,
  limit,
  onPick,
  onClose
}: {
  title: string
  limit: number
  onPick: (images: LibraryImage[]) => void
  onClose: () => void
}): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const [items, setItems] = useState<LibraryImage[]>([])
  const [hasMore, setHasMore] = useState(false)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<AppError | null>(null)
  const [chosen, setChosen] = useState<string[]>([])

  const fetchPage = useCallback(
    (before?: number) => api.call('library.recent', { limit: PAGE, ...(before ? { before } : {}) }),
    [api]
  )
  const apply = useCallback((result: Awaited<ReturnType<typeof fetchPage>>, append: boolean): void => {
    setLoading(false)
    if (!result.ok) {
      setError(result.error)
      return
    }
    setError(null)
    setItems((current) => (append ? [...current, ...result.value.items] : result.value.items))
    setHasMore(result.value.hasMore)
  }, [])
  const loadOlder = (): void => {
    setLoading(true)
    void fetchPage(items[items.length - 1]?.createdAt).then((result) => apply(result, true))
  }

  useEffect(() => {
    let live = true
    void fetchPage().then((result) => live && apply(result, false))
    return () => {
      live = false
    }
  }, [fetchPage, apply])

  const single = limit === 1
  const toggle = (image: LibraryImage): void => {
    if (single) {
      onPick([image])
      return
    }
    setChosen((current) =>
      current.includes(image.mediaId)
        ? current.filter((id) => id !== image.mediaId)
        : current.length < limit
          ? [...current, image.mediaId]
          : current
    )
  }

  return (
    <Dialog labelledBy="library-dialog-title" onClose={onClose} closeOnBackdrop className="library-dialog">
      <header className="dialog-head">
        <h2 id="library-dialog-title">{title}</h2>
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {t('media.library.close')}
        </button>
      </header>
      {error && <ErrorNotice error={error} />}
      {!loading && items.length === 0 && !error && (
        <div className="empty-state compact">
          <p className="empty-title">{t('media.library.emptyTitle')}</p>
          <p>{t('media.library.emptyText')}</p>
        </div>
      )}
      <ul className="library-grid" aria-label={t('media.library.images')}>
        {items.map((image) => {
          const picked = chosen.includes(image.mediaId)
          const name = image.prompt ? `“${image.prompt}”` : t('media.library.imported')
          const size = image.width && image.height ? `, ${image.width}×${image.height}` : ''
          return (
            <li key={image.mediaId}>
              <button
                type="button"
                className="library-item"
                aria-pressed={single ? undefined : picked}
                aria-label={`${name}${size}`}
                disabled={!single && !picked && chosen.length >= limit}
                onClick={() => toggle(image)}
              >
                <MediaThumb mediaId={image.mediaId} alt="" />
                {picked && (
                  <span className="library-check" aria-hidden="true">
                    {chosen.indexOf(image.mediaId) + 1}
                  </span>
                )}
              </button>
            </li>
          )
        })}
      </ul>
      <footer className="dialog-foot">
        {hasMore && (
          <button type="button" className="button" disabled={loading} onClick={loadOlder}>
            {t('media.library.showOlder')}
          </button>
        )}
        {loading && <span className="muted">{t('media.library.loading')}</span>}
        {!single && (
          <>
            <span className="muted grow">{t('media.library.chosen', { chosen: chosen.length, limit })}</span>
            <button
              type="button"
              className="button primary"
              disabled={chosen.length === 0}
              onClick={() => onPick(chosen.flatMap((id) => items.find((item) => item.mediaId === id) ?? []))}
            >
              {chosen.length === 1
                ? t('media.library.addOne')
                : t('media.library.addMany', { count: chosen.length })}
            </button>
          </>
        )}
      </footer>
    </Dialog>
  )
}
