/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useEffect, type ReactElement } from 'react'
import { endpointName } from '@shared/gateway/spec'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { ProgressBar } from '../../ui/ProgressBar'
import { changeBoard, reload } from './actions'
import { AddToBoardDialog, BoardsBar } from './Boards'
import { DetailPanel } from './DetailPanel'
import { DeleteDialog, ExportDialog } from './Dialogs'
import { ExportTray } from './ExportTray'
import { plural } from './format'
import { GalleryGrid } from './GalleryGrid'
import { EMPTY_SELECTION, selectAll, selectedCount } from './selection'
import { isFiltered, toFilter, useGalleryStore, type GalleryTab } from './store'
import { UsageView } from './UsageView'
import './gallery.css'

const TABS: { key: GalleryTab; label: string }[] = [
  { key: 'images', label: 'Images' },
  { key: 'usage', label: 'Usage' }
]

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
          {f.name ?? f.value} ({f.count})
        </option>
      ))}
    </select>
  )
}

function FilterBar(): ReactElement {
  const form = useGalleryStore((s) => s.form)
  const facets = useGalleryStore((s) => s.facets)
  const setForm = useGalleryStore((s) => s.setForm)
  const resetForm = useGalleryStore((s) => s.resetForm)
  return (
    <div className="gallery-filters" role="search" aria-label="Filter images">
      <input
        type="search"
        className="filter-search"
        aria-label="Search prompts"
        placeholder="Search prompts and revised prompts"
        value={form.text}
        onChange={(event) => setForm({ text: event.target.value })}
      />
      <FacetSelect
        label="Model"
        any="Any model"
        value={form.model}
        facets={facets?.models}
        onChange={(model) => setForm({ model })}
      />
      <FacetSelect
        label="Endpoint"
        any="Any endpoint"
        value={form.endpoint}
        facets={facets?.endpoints.map((facet) => ({ ...facet, name: endpointName(facet.value) }))}
        onChange={(endpoint) => setForm({ endpoint })}
      />
      <FacetSelect
        label="Gateway"
        any="Any gateway"
        value={form.profileId}
        facets={facets?.profiles}
        onChange={(profileId) => setForm({ profileId })}
      />
      <span className="filter-dates" role="group" aria-label="Created between">
        <span className="filter-dates-label" aria-hidden="true">
          Created
        </span>
        <input
          type="date"
          aria-label="From"
          value={form.fromDate}
          max={form.toDate || undefined}
          onChange={(event) => setForm({ fromDate: event.target.value })}
        />
        <span aria-hidden="true">–</span>
        <input
          type="date"
          aria-label="To"
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
        Favorites only
      </label>
      {isFiltered(form) && (
        <button type="button" className="button quiet" onClick={resetForm}>
          Clear filters
        </button>
      )}
    </div>
  )
}

function SelectionBar(): ReactElement {
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
  return (
    <div className="gallery-selection" aria-label="Selection" role="toolbar">
      <p className="gallery-count" aria-live="polite">
        {firstLoad ? (
          <span className="gallery-loading">
            Loading images…
            <ProgressBar progress={{ type: 'indeterminate', label: 'Loading' }} label="Loading the gallery" />
          </span>
        ) : count > 0 ? (
          <strong>
            {plural(count, 'selected image')} of {matching.toLocaleString()}
          </strong>
        ) : (
          <span>
            {plural(matching, 'image')}
            {isFiltered(form) ? ' match' : ''}
            {loading ? ' · loading…' : ''}
          </span>
        )}
      </p>
      <div className="selection-actions">
        {!all && matching > 0 && (
          <button
            type="button"
            className="button quiet"
            onClick={() => setSelection(selectAll(toFilter(form)), null)}
          >
            Select all{isFiltered(form) ? ' in filter' : ''}
          </button>
        )}
        {count > 0 && (
          <button type="button" className="button quiet" onClick={() => setSelection(EMPTY_SELECTION, null)}>
            Clear selection
          </button>
        )}
        {count > 0 && (
          <button type="button" className="button" onClick={() => setDialog('board')}>
            Add to board…
          </button>
        )}
        {count > 0 && form.boardId && (
          <button
            type="button"
            className="button quiet"
            onClick={() => void changeBoard(api, form.boardId, 'remove')}
          >
            Remove from this board
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={matching === 0}
          onClick={() => setDialog('export')}
        >
          {count > 0 ? 'Export selected…' : 'Export all…'}
        </button>
        <button
          type="button"
          className="button danger-quiet"
          disabled={count === 0}
          onClick={() => setDialog('delete')}
        >
          Delete selected…
        </button>
      </div>
    </div>
  )
}

function ImagesView(): ReactElement {
  const { api } = useConnection()
  const stale = useGalleryStore((s) => s.stale)
  const form = useGalleryStore((s) => s.form)
  const error = useGalleryStore((s) => s.error)
  const matching = useGalleryStore((s) => s.matching)
  const facets = useGalleryStore((s) => s.facets)
  const detailId = useGalleryStore((s) => s.detailId)
  const dialog = useGalleryStore((s) => s.dialog)
  const notice = useGalleryStore((s) => s.notice)

  const typing = useGalleryStore((s) => s.typing)
  useEffect(() => {
    if (!stale) return
    const timer = setTimeout(() => void reload(api), typing ? SEARCH_DEBOUNCE_MS : 0)
    return () => clearTimeout(timer)
  }, [api, stale, typing, form])

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const state = useGalleryStore.getState()
      if (event.key === 'Escape' && !state.dialog) state.setSelection(EMPTY_SELECTION, null)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const empty = matching === 0
  const nothingAtAll = empty && facets?.total === 0 && !isFiltered(form)
  const emptyBoard = empty && !!form.boardId && !isFiltered(form)

  return (
    <>
      {!nothingAtAll && <BoardsBar />}
      {!nothingAtAll && <FilterBar />}
      {!nothingAtAll && <SelectionBar />}
      {notice && (
        <div className="notice notice-ok gallery-notice" role="status">
          <p>{notice}</p>
          <button
            type="button"
            className="button small quiet"
            onClick={() => useGalleryStore.setState({ notice: null })}
          >
            OK
          </button>
        </div>
      )}
      {error && <ErrorNotice error={error} />}
      <div className={`gallery-body${detailId ? ' with-detail' : ''}`}>
        {nothingAtAll ? (
          <div className="empty-state">
            <p className="empty-title">No images yet</p>
            <p>Everything you generate on the Images, Edit and Video screens lands here, newest first.</p>
          </div>
        ) : emptyBoard ? (
          <div className="empty-state">
            <p className="empty-title">This board is empty</p>
            <p>Select images under All images and choose Add to board… to collect them here.</p>
          </div>
        ) : empty ? (
          <div className="empty-state">
            <p className="empty-title">No images match</p>
            <p>Try other words, another model or a wider date range.</p>
            <button type="button" className="button" onClick={() => useGalleryStore.getState().resetForm()}>
              Clear filters
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
    </>
  )
}

export function GalleryScreen(): ReactElement {
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
  return (
    <section className="screen gallery-screen" aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">Gallery</h1>
        <div role="tablist" aria-label="Gallery views" className="gallery-tabs">
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`gallery-tab-${t.key}`}
              aria-selected={tab === t.key}
              aria-controls={`gallery-panel-${t.key}`}
              className="gallery-tab"
              onClick={() => setTab(t.key)}
            >
              {t.label}
            </button>
          ))}
        </div>
      </header>
      <div
        role="tabpanel"
        id={`gallery-panel-${tab}`}
        aria-labelledby={`gallery-tab-${tab}`}
        className="gallery-panel"
      >
        {tab === 'images' ? <ImagesView /> : <UsageView />}
      </div>
      <ExportTray />
    </section>
  )
}
