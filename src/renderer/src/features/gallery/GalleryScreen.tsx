import { useEffect, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { ProgressBar } from '../../ui/ProgressBar'
import { TabPanel, Tabs } from '../../ui/Tabs'
import { galleryKey } from '../../ui/galleryKeys'
import { changeBoard, firstImagesShown, reload } from './actions'
import { AddToBoardDialog, BoardsBar } from './Boards'
import { DetailPanel } from './DetailPanel'
import { DeleteDialog, ExportDialog } from './Dialogs'
import { ExportTray } from './ExportTray'
import { GalleryGrid } from './GalleryGrid'
import { followImport } from './imports/folder'
import { ImportDialog } from './imports/ImportDialog'
import { ImportStatus } from './imports/ImportStatus'
import { ImportTray } from './imports/ImportTray'
import { SkippedList } from './imports/SkippedList'
import { useImportsStore } from './imports/store'
import { useImportDrop } from './imports/useImportDrop'
import { EMPTY_SELECTION, selectAll, selectedCount } from './selection'
import { isFiltered, toFilter, useGalleryStore, type GalleryTab } from './store'
import { loadLocations } from './team/actions'
import { SyncFailures, SyncWithTeam } from './team/SyncWithTeam'
import { UsageView } from './UsageView'
import { BatchesView } from './batches/BatchesView'
import { noticeText, useGatewayName } from './words'
import { endpointWords } from '../../ui/words'
import './gallery.css'

const TABS = {
  images: 'gallery.tabs.images',
  batches: 'gallery.tabs.batches',
  usage: 'gallery.tabs.usage'
} as const satisfies Record<GalleryTab, string>

/** Text search waits for a pause in typing; the other filters apply at once. */
const SEARCH_DEBOUNCE_MS = 250

/** A filter picker listing what the gallery holds, with counts. */
function FacetSelect({
  label,
  any,
  value,
  facets = [],
  onChange
}: {
  label: string
  any: string
  value: string
  facets?: { value: string; count: number; name?: string }[]
  onChange: (value: string) => void
}): ReactElement {
  const { t } = useTranslation()
  return (
    <select
      className={value ? 'filter-select active' : 'filter-select'}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{any}</option>
      {facets.map((f) => (
        <option key={f.value} value={f.value}>
          {t('gallery.filters.facet', { name: f.name ?? f.value, count: f.count })}
        </option>
      ))}
    </select>
  )
}

function FilterBar(): ReactElement {
  const { t } = useTranslation()
  const gatewayName = useGatewayName()
  const form = useGalleryStore((s) => s.form)
  const facets = useGalleryStore((s) => s.facets)
  const setForm = useGalleryStore((s) => s.setForm)
  const resetForm = useGalleryStore((s) => s.resetForm)
  return (
    <div className="gallery-filters" role="search" aria-label={t('gallery.filters.label')}>
      <input
        type="search"
        className="filter-search"
        aria-label={t('gallery.filters.search')}
        placeholder={t('gallery.filters.searchPlaceholder')}
        value={form.text}
        onChange={(event) => setForm({ text: event.target.value })}
      />
      <FacetSelect
        label={t('gallery.filters.model')}
        any={t('gallery.filters.anyModel')}
        value={form.model}
        facets={facets?.models}
        onChange={(model) => setForm({ model })}
      />
      <FacetSelect
        label={t('gallery.filters.endpoint')}
        any={t('gallery.filters.anyEndpoint')}
        value={form.endpoint}
        facets={facets?.endpoints.map((facet) => ({ ...facet, name: endpointWords(t, facet.value) }))}
        onChange={(endpoint) => setForm({ endpoint })}
      />
      <FacetSelect
        label={t('gallery.filters.gateway')}
        any={t('gallery.filters.anyGateway')}
        value={form.profileId}
        facets={facets?.profiles.map((facet) => ({ ...facet, name: gatewayName(facet.value, facet.name) }))}
        onChange={(profileId) => setForm({ profileId })}
      />
      <span className="filter-dates" role="group" aria-label={t('gallery.filters.createdBetween')}>
        <span className="filter-dates-label" aria-hidden="true">
          {t('gallery.filters.created')}
        </span>
        <input
          type="date"
          aria-label={t('gallery.filters.from')}
          value={form.fromDate}
          max={form.toDate || undefined}
          onChange={(event) => setForm({ fromDate: event.target.value })}
        />
        <span aria-hidden="true">–</span>
        <input
          type="date"
          aria-label={t('gallery.filters.to')}
          value={form.toDate}
          min={form.fromDate || undefined}
          onChange={(event) => setForm({ toDate: event.target.value })}
        />
      </span>
      <label className="check favorites-check">
        <input
          type="checkbox"
          checked={form.favoritesOnly}
          onChange={(event) => setForm({ favoritesOnly: event.target.checked })}
        />
        {t('gallery.filters.favoritesOnly')}
      </label>
      {isFiltered(form) && (
        <button type="button" className="button quiet" onClick={resetForm}>
          {t('gallery.filters.clear')}
        </button>
      )}
    </div>
  )
}

function SelectionBar(): ReactElement {
  const { t } = useTranslation()
  const selection = useGalleryStore((s) => s.selection)
  const matching = useGalleryStore((s) => s.matching ?? s.items.length)
  // Nothing counted yet: the first load of the gallery (at 100,000 images, most of a second).
  const firstLoad = useGalleryStore((s) => s.matching === null && s.loading)
  const form = useGalleryStore((s) => s.form)
  const loading = useGalleryStore((s) => s.loading)
  const setSelection = useGalleryStore((s) => s.setSelection)
  const setDialog = useGalleryStore((s) => s.setDialog)
  const { api } = useConnection()
  const count = selectedCount(selection, matching)
  const all = selection.mode === 'all' && count === matching
  const shown = isFiltered(form)
    ? t('gallery.selection.matching', { count: matching })
    : t('gallery.count.images', { count: matching })
  return (
    <div className="gallery-selection" aria-label={t('gallery.selection.label')} role="toolbar">
      <p className="gallery-count" aria-live="polite">
        {firstLoad ? (
          <span className="gallery-loading">
            {t('gallery.selection.loadingImages')}
            <ProgressBar
              progress={{ type: 'indeterminate', label: t('gallery.selection.loading') }}
              label={t('gallery.selection.loadingGallery')}
            />
          </span>
        ) : count > 0 ? (
          <strong>{t('gallery.selection.selectedOf', { count, total: matching })}</strong>
        ) : (
          <span>{loading ? t('gallery.selection.stillLoading', { shown }) : shown}</span>
        )}
      </p>
      <div className="selection-actions">
        {!all && matching > 0 && (
          <button
            type="button"
            className="button quiet"
            onClick={() => setSelection(selectAll(toFilter(form)), null)}
          >
            {isFiltered(form) ? t('gallery.selection.selectAllInFilter') : t('gallery.selection.selectAll')}
          </button>
        )}
        {count > 0 && (
          <button type="button" className="button quiet" onClick={() => setSelection(EMPTY_SELECTION, null)}>
            {t('gallery.selection.clear')}
          </button>
        )}
        {count > 0 && (
          <button type="button" className="button" onClick={() => setDialog('board')}>
            {t('gallery.selection.addToBoard')}
          </button>
        )}
        {count > 0 && form.boardId && (
          <button
            type="button"
            className="button quiet"
            onClick={() => void changeBoard(api, form.boardId, 'remove')}
          >
            {t('gallery.selection.removeFromBoard')}
          </button>
        )}
        <button type="button" className="button" onClick={() => setDialog('import')}>
          {t('gallery.imports.open')}
        </button>
        <button
          type="button"
          className="button"
          disabled={matching === 0}
          onClick={() => setDialog('export')}
        >
          {count > 0 ? t('gallery.selection.exportSelected') : t('gallery.selection.exportAll')}
        </button>
        <button
          type="button"
          className="button danger-quiet"
          disabled={count === 0}
          onClick={() => setDialog('delete')}
        >
          {t('gallery.selection.deleteSelected')}
        </button>
      </div>
    </div>
  )
}

function ImagesView(): ReactElement {
  const { t } = useTranslation()
  const { api, mediaUrl } = useConnection()
  const stale = useGalleryStore((s) => s.stale)
  const form = useGalleryStore((s) => s.form)
  const error = useGalleryStore((s) => s.error)
  const matching = useGalleryStore((s) => s.matching)
  const facets = useGalleryStore((s) => s.facets)
  const detailId = useGalleryStore((s) => s.detailId)
  const dialog = useGalleryStore((s) => s.dialog)
  const notice = useGalleryStore((s) => s.notice)
  const drop = useImportDrop()

  // Settings may have added or removed a team location since the gallery was last shown.
  // After the first screen of images: the locations' answer would hold the main thread as they come back.
  useEffect(() => {
    void firstImagesShown().then(() => loadLocations(api))
  }, [api])

  const typing = useGalleryStore((s) => s.typing)
  useEffect(() => {
    if (!stale) return
    const timer = setTimeout(() => void reload(api, mediaUrl), typing ? SEARCH_DEBOUNCE_MS : 0)
    return () => clearTimeout(timer)
  }, [api, mediaUrl, stale, typing, form])

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const state = useGalleryStore.getState()
      // An Escape inside any dialog (the keyboard help, Settings' dialogs) is that dialog's, to close it.
      const inDialog = event.target instanceof Element && event.target.closest('dialog') !== null
      if (galleryKey(event)?.kind === 'clearSelection' && !state.dialog && !inDialog)
        state.setSelection(EMPTY_SELECTION, null)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const empty = matching === 0
  const nothingAtAll = empty && facets?.total === 0 && !isFiltered(form)
  const emptyBoard = empty && !!form.boardId && !isFiltered(form)

  return (
    // Images dropped anywhere on the view are imported (and pasted ones: useImportDrop).
    <div
      className={drop.dragging ? 'gallery-images dragging' : 'gallery-images'}
      onDragOver={drop.onDragOver}
      onDragLeave={drop.onDragLeave}
      onDrop={drop.onDrop}
    >
      {!nothingAtAll && <BoardsBar />}
      {!nothingAtAll && <FilterBar />}
      {!nothingAtAll && <SelectionBar />}
      <ImportStatus />
      {notice && (
        <div className="notice notice-ok gallery-notice" role="status">
          <div className="gallery-notice-text">
            <p>{noticeText(t, notice)}</p>
            {notice.type === 'imported' && <SkippedList skipped={notice.skipped} />}
          </div>
          <button
            type="button"
            className="button small quiet"
            onClick={() => useGalleryStore.setState({ notice: null })}
          >
            {t('gallery.notices.ok')}
          </button>
        </div>
      )}
      {error && <ErrorNotice error={error} />}
      <div className={`gallery-body${detailId ? ' with-detail' : ''}`}>
        {nothingAtAll ? (
          <div className="empty-state">
            <p className="empty-title">{t('gallery.empty.nothingTitle')}</p>
            <p>{t('gallery.empty.nothingText')}</p>
            <div className="empty-actions">
              <button
                type="button"
                className="button"
                onClick={() => useGalleryStore.getState().setDialog('import')}
              >
                {t('gallery.imports.open')}
              </button>
              {/* A teammate's first sync starts from an empty gallery. */}
              <SyncWithTeam small={false} />
            </div>
            <SyncFailures />
          </div>
        ) : emptyBoard ? (
          <div className="empty-state">
            <p className="empty-title">{t('gallery.empty.boardTitle')}</p>
            <p>{t('gallery.empty.boardText')}</p>
          </div>
        ) : empty ? (
          <div className="empty-state">
            <p className="empty-title">{t('gallery.empty.noMatchTitle')}</p>
            <p>{t('gallery.empty.noMatchText')}</p>
            <button type="button" className="button" onClick={() => useGalleryStore.getState().resetForm()}>
              {t('gallery.filters.clear')}
            </button>
          </div>
        ) : (
          <GalleryGrid />
        )}
        {detailId && <DetailPanel key={detailId} id={detailId} />}
      </div>
      {dialog === 'export' && <ExportDialog />}
      {dialog === 'delete' && <DeleteDialog />}
      {dialog === 'board' && <AddToBoardDialog />}
      {dialog === 'import' && <ImportDialog />}
      {drop.dragging && (
        <div className="import-drop" aria-hidden="true">
          <p>{t('gallery.imports.dropHere')}</p>
        </div>
      )}
    </div>
  )
}

export function GalleryScreen(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const tab = useGalleryStore((s) => s.tab)
  const setTab = useGalleryStore((s) => s.setTab)

  // An export keeps running in the backend when the page reloads: pick its progress up again.
  useEffect(() => {
    void api.call('gallery.exports', {}).then((result) => {
      if (!result.ok) return
      for (const progress of result.value)
        if (progress.status === 'running') useGalleryStore.getState().upsertExport(progress)
    })
  }, [api])
  // So does a folder import; one already shown gets its end, which may have passed while the link was down.
  useEffect(() => {
    void api.call('gallery.imports', {}).then((result) => {
      if (!result.ok) return
      const shown = useImportsStore.getState().folders
      for (const progress of result.value)
        if (progress.status === 'running' || progress.importId in shown) followImport(progress)
    })
  }, [api])
  return (
    <section className="screen gallery-screen" aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">{t('gallery.title')}</h1>
        <Tabs
          idBase="gallery"
          label={t('gallery.views')}
          tabs={(Object.keys(TABS) as GalleryTab[]).map((key) => ({ value: key, label: t(TABS[key]) }))}
          value={tab}
          onChange={setTab}
          className="gallery-tabs"
        />
      </header>
      <TabPanel idBase="gallery" value={tab} className="gallery-panel">
        {tab === 'images' ? <ImagesView /> : tab === 'batches' ? <BatchesView /> : <UsageView />}
      </TabPanel>
      <div className="gallery-trays">
        <ImportTray />
        <ExportTray />
      </div>
    </section>
  )
}
