import { useEffect, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JobGroupView } from '@shared/schemas/jobGroups'
import { useConnection } from '../../../store/app'
import { ErrorNotice } from '../../../ui/ErrorNotice'
import { loadBatches } from './actions'
import { BatchSheet } from './BatchSheet'
import { useBatchSheetStore } from './store'
import './batches.css'

const finished = (batch: JobGroupView): number =>
  batch.jobIds.length - (batch.counts.pending ?? 0) - (batch.counts.running ?? 0)

function BatchList(): ReactElement {
  const { t, i18n } = useTranslation()
  const batches = useBatchSheetStore((s) => s.batches) ?? []
  const openId = useBatchSheetStore((s) => s.openId)
  const open = useBatchSheetStore((s) => s.open)
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <nav className="batch-list" aria-label={t('gallery.batches.listLabel')}>
      <ul>
        {batches.map((batch) => (
          <li key={batch.id}>
            <button
              type="button"
              className={batch.id === openId ? 'batch-pick current' : 'batch-pick'}
              aria-current={batch.id === openId ? 'true' : undefined}
              onClick={() => open(batch.id)}
            >
              <span className="batch-pick-name">{batch.name}</span>
              <span className="batch-pick-facts">
                {t('gallery.batches.listFacts', {
                  screen: t(`gallery.batches.screen.${batch.screen}`),
                  date: date.format(batch.createdAt),
                  done: finished(batch),
                  total: batch.jobIds.length
                })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * Gallery › Batches: every batch and compare run, and the contact sheet of the one picked, where its images
 * are culled (kept or rejected), sent to a board and exported with the batch's rows.
 */
export function BatchesView(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const batches = useBatchSheetStore((s) => s.batches)
  const listError = useBatchSheetStore((s) => s.listError)
  const openId = useBatchSheetStore((s) => s.openId)

  useEffect(() => {
    void loadBatches(api)
    // A new batch, or one changing, is in the list without a reload (its counts come with it).
    let timer: ReturnType<typeof setTimeout> | null = null
    const off = api.on('groups.updated', () => {
      if (timer) return
      timer = setTimeout(() => {
        timer = null
        void loadBatches(api)
      }, 2_000)
    })
    return () => {
      off()
      if (timer) clearTimeout(timer)
    }
  }, [api])

  if (batches !== null && batches.length === 0 && !listError) {
    return (
      <div className="empty-state">
        <p className="empty-title">{t('gallery.batches.none')}</p>
        <p>{t('gallery.batches.noneText')}</p>
      </div>
    )
  }
  return (
    <div className="batches-view">
      <BatchList />
      <div className="batches-main">
        {listError && <ErrorNotice error={listError} />}
        {openId ? (
          <BatchSheet key={openId} id={openId} />
        ) : (
          <div className="empty-state">
            <p>{t('gallery.batches.pick')}</p>
          </div>
        )}
      </div>
    </div>
  )
}
