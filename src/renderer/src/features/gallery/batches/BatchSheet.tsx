import { useVirtualizer } from '@tanstack/react-virtual'
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement
} from 'react'
import { useTranslation } from 'react-i18next'
import type { Verdict } from '@shared/schemas/batches'
import type { GalleryItem } from '@shared/schemas/gallery'
import { GalleryStage, neighboursOf } from '../../../media/GalleryStage'
import { useWidth } from '../../../media/useWidth'
import { useConnection } from '../../../store/app'
import { ErrorNotice } from '../../../ui/ErrorNotice'
import { BatchMoney } from '../../../jobs/money/BatchMoney'
import { PublishBatchDialog } from '../../../jobs/batch/PublishBatchDialog'
import { loadBoards } from '../actions'
import { AddToBoardDialog } from '../Boards'
import { ExportDialog } from '../Dialogs'
import { useTeamStore } from '../team/store'
import { loadSheet, setVerdict } from './actions'
import {
  countSheet,
  imageIds,
  layoutSheet,
  moveFocus,
  SHEET_SHOWS,
  showCounts,
  type SheetGrouping,
  type SheetLayout,
  type SheetMove,
  type SheetShow,
  type SheetTile
} from './sheetModel'
import { SheetTileCell } from './SheetTile'
import { useBatchSheetStore } from './store'
import '../../../media/mediaChecker.css'

/** A tile's square, its caption and the gap to the next row, in CSS pixels. */
const CELL = 156
const CAPTION = 24
const GAP = 12
const TILE_ROW = CELL + CAPTION + GAP
const HEADING_ROW = 44
const PADDING = 16
/** A changed batch is read again at most this often while its jobs finish. */
const RELOAD_MS = 1_000

const MOVES: Record<string, SheetMove> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'home',
  End: 'end'
}
/** The culling keys designers know from Lightroom and Photo Mechanic: P (or K) keeps, X rejects, U clears. */
const VERDICT_KEYS: Record<string, Verdict | null> = { p: 'kept', k: 'kept', x: 'rejected', u: null }

const asItem = (tile: SheetTile): GalleryItem | null =>
  tile.result
    ? {
        id: tile.result.id,
        jobId: tile.job.id,
        mediaId: tile.result.mediaId,
        width: tile.result.width,
        height: tile.result.height,
        model: tile.job.model,
        prompt: tile.job.prompt,
        favorite: false,
        rating: 0,
        createdAt: 0
      }
    : null

/** The show filter as chips, each with how many tiles it holds. */
function ShowChips({ counts }: { counts: Record<SheetShow, number> }): ReactElement {
  const { t } = useTranslation()
  const show = useBatchSheetStore((s) => s.show)
  const setShow = useBatchSheetStore((s) => s.setShow)
  return (
    <fieldset className="sheet-chips">
      <legend className="sheet-sr-only">{t('gallery.batches.show')}</legend>
      {SHEET_SHOWS.map((value) => (
        <label key={value} className={show === value ? 'sheet-chip on' : 'sheet-chip'}>
          <input type="radio" name="sheet-show" checked={show === value} onChange={() => setShow(value)} />
          {t(`gallery.batches.shows.${value}`, { count: counts[value] })}
        </label>
      ))}
    </fieldset>
  )
}

/** Reads the open batch again when its jobs change, at most once a second. */
function useLiveSheet(id: string): void {
  const { api } = useConnection()
  useEffect(() => {
    void loadSheet(api)
    let timer: ReturnType<typeof setTimeout> | null = null
    const off = api.on('groups.updated', (view) => {
      if (view.id !== id || timer) return
      timer = setTimeout(() => {
        timer = null
        void loadSheet(api)
      }, RELOAD_MS)
    })
    return () => {
      off()
      if (timer) clearTimeout(timer)
    }
  }, [api, id])
}

/**
 * A batch's contact sheet: every job's images in square cells, gathered under its prompt or its model,
 * virtualized by row so a batch of 10,000 draws a screenful. Culling is by keyboard (arrows move, P or K
 * keeps, X rejects, U clears, Enter shows the image large) and each mark moves on to the next image, as a
 * photo editor's culling view does; the kept images go to a board or an export in one action.
 */
export function BatchSheet({ id }: { id: string }): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  useLiveSheet(id)
  const sheet = useBatchSheetStore((s) => s.sheet)
  const error = useBatchSheetStore((s) => s.error)
  const grouping = useBatchSheetStore((s) => s.grouping)
  const setGrouping = useBatchSheetStore((s) => s.setGrouping)
  const show = useBatchSheetStore((s) => s.show)
  const focusKey = useBatchSheetStore((s) => s.focusKey)
  const setFocus = useBatchSheetStore((s) => s.setFocus)
  const dialog = useBatchSheetStore((s) => s.dialog)
  const setDialog = useBatchSheetStore((s) => s.setDialog)
  const notice = useBatchSheetStore((s) => s.notice)
  const [markError, setMarkError] = useState<Awaited<ReturnType<typeof setVerdict>>>(null)
  const [staged, setStaged] = useState<string | null>(null)
  const [scrollRef, width] = useWidth<HTMLDivElement>()
  const gridRef = useRef<HTMLDivElement>(null)
  const jobs = useMemo(() => sheet?.jobs ?? [], [sheet])

  const columns = Math.max(1, Math.floor((width - PADDING * 2 + GAP) / (CELL + GAP)))
  const layout: SheetLayout = useMemo(
    () => layoutSheet(jobs, { grouping, show, columns }),
    [jobs, grouping, show, columns]
  )
  const counts = useMemo(() => countSheet(jobs), [jobs])
  const chipCounts = useMemo(() => showCounts(jobs), [jobs])
  const focusIndex = Math.max(
    0,
    layout.tiles.findIndex((tile) => tile.key === focusKey)
  )

  // One function per layout: a new one makes the virtualizer measure every row again, on every render.
  const keyOf = useCallback((index: number) => layout.rows[index]?.key ?? index, [layout])

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's API is used as documented
  const virtualizer = useVirtualizer({
    count: layout.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (layout.rows[index]?.kind === 'heading' ? HEADING_ROW : TILE_ROW),
    getItemKey: keyOf,
    paddingStart: PADDING,
    paddingEnd: PADDING,
    overscan: 3
  })
  useEffect(() => virtualizer.measure(), [virtualizer, layout])

  /**
   * Moves the keyboard to tile `index`: its row scrolled into view (it may not be drawn yet), then the tile
   * focused once drawn, unless a key pressed since moved on: a late frame focusing a tile left behind
   * would take the keyboard back to it, and the next mark would fall on the wrong image.
   */
  const focusTile = (index: number): void => {
    const tile = layout.tiles[index]
    if (!tile) return
    setFocus(tile.key)
    virtualizer.scrollToIndex(layout.rowOf[index] ?? 0, { align: 'auto' })
    requestAnimationFrame(() => {
      if (useBatchSheetStore.getState().focusKey !== tile.key) return
      gridRef.current?.querySelector<HTMLElement>(`[data-tile="${CSS.escape(tile.key)}"]`)?.focus()
    })
  }

  const mark = (tile: SheetTile, verdict: Verdict | null, advance: boolean): void => {
    if (!tile.result) return
    const index = layout.tiles.indexOf(tile)
    // The next image's key now, before the mark can take this one out of a filtered sheet.
    const next = advance ? layout.tiles[index + 1] : undefined
    void setVerdict(api, [tile.result.id], verdict).then(setMarkError)
    if (next) focusTile(index + 1)
  }

  // One function for every tile, so a mark draws again only the tiles it changed.
  const markByMouse = useCallback(
    (tile: SheetTile, verdict: Verdict | null): void => {
      if (tile.result) void setVerdict(api, [tile.result.id], verdict).then(setMarkError)
    },
    [api]
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const move = MOVES[event.key]
    if (move) {
      event.preventDefault()
      focusTile(moveFocus(layout, focusIndex, move))
      return
    }
    const tile = layout.tiles[focusIndex]
    if (!tile) return
    const key = event.key.toLowerCase()
    if (key in VERDICT_KEYS) {
      event.preventDefault()
      mark(tile, VERDICT_KEYS[key] ?? null, true)
    } else if (event.key === 'Enter' && tile.result) {
      event.preventDefault()
      setStaged(tile.result.id)
    }
  }

  const images = useMemo(() => layout.tiles.map(asItem).filter((item) => item !== null), [layout])
  const neighbours = useMemo(() => {
    const index = images.findIndex((item) => item.id === staged)
    return index < 0 ? [] : neighboursOf((i) => images[i], index, images.length)
  }, [images, staged])

  const kept = useMemo(() => imageIds(jobs, 'kept'), [jobs])
  const all = useMemo(() => imageIds(jobs, 'all'), [jobs])
  const group = sheet?.group

  return (
    <div className="sheet">
      <header className="sheet-header">
        <div className="sheet-title">
          <h2>{group?.name ?? t('gallery.batches.loading')}</h2>
          {sheet && (
            <p className="sheet-facts">
              {[
                t('gallery.count.jobs', { count: counts.jobs }),
                t('gallery.count.images', { count: counts.images }),
                t('gallery.batches.keptCount', { count: counts.kept }),
                t('gallery.batches.rejectedCount', { count: counts.rejected }),
                ...(counts.failed > 0 ? [t('gallery.batches.failedCount', { count: counts.failed })] : []),
                ...(counts.open > 0 ? [t('gallery.batches.openCount', { count: counts.open })] : [])
              ].join(' · ')}
            </p>
          )}
          {sheet && counts.jobs > 0 && (
            <progress
              className="sheet-progress"
              max={counts.jobs}
              value={counts.jobs - counts.open}
              aria-label={t('gallery.batches.progress', {
                done: counts.jobs - counts.open,
                total: counts.jobs
              })}
            />
          )}
          {group && <BatchMoney groupId={group.id} version={JSON.stringify(group.counts)} />}
        </div>
        <div className="sheet-actions">
          <button
            type="button"
            className="button"
            disabled={kept.length === 0}
            onClick={() => setDialog('board')}
          >
            {t('gallery.batches.keptToBoard', { count: kept.length })}
          </button>
          <button
            type="button"
            className="button"
            disabled={all.length === 0}
            onClick={() => setDialog('export')}
          >
            {t('gallery.batches.export')}
          </button>
          {group && group.screen !== 'video' && (
            <button type="button" className="button" onClick={() => setDialog('publish')}>
              {t('queue.batches.publish.menu')}
            </button>
          )}
        </div>
      </header>
      <div className="sheet-toolbar" role="toolbar" aria-label={t('gallery.batches.toolbar')}>
        <label className="sheet-grouping">
          {t('gallery.batches.groupBy')}
          <select value={grouping} onChange={(event) => setGrouping(event.target.value as SheetGrouping)}>
            <option value="prompt">{t('gallery.batches.byPrompt')}</option>
            <option value="model">{t('gallery.batches.byModel')}</option>
          </select>
        </label>
        <ShowChips counts={chipCounts} />
        <p className="sheet-keys" id="sheet-keys">
          {t('gallery.batches.keys')}
        </p>
      </div>
      {notice && (
        <div className="notice notice-ok sheet-notice" role="status">
          <p>{notice}</p>
          <button
            type="button"
            className="button small quiet"
            onClick={() => useBatchSheetStore.getState().setNotice(null)}
          >
            {t('gallery.notices.ok')}
          </button>
        </div>
      )}
      {error && <ErrorNotice error={error} />}
      {markError && <ErrorNotice error={markError} />}
      <div ref={scrollRef} className="sheet-scroll">
        {sheet && layout.tiles.length === 0 ? (
          <div className="empty-state">
            <p className="empty-title">{t(`gallery.batches.empty.${show}`)}</p>
          </div>
        ) : (
          <div
            ref={gridRef}
            role="group"
            aria-label={t('gallery.batches.sheetLabel', { name: group?.name ?? '' })}
            aria-describedby="sheet-keys"
            className="sheet-grid"
            style={{ height: virtualizer.getTotalSize() }}
            onKeyDown={onKeyDown}
          >
            {width > 0 &&
              virtualizer.getVirtualItems().map((item) => {
                const row = layout.rows[item.index]
                if (!row) return null
                return (
                  <div
                    key={item.key}
                    className={row.kind === 'heading' ? 'sheet-heading' : 'sheet-row'}
                    style={{ transform: `translateY(${item.start}px)`, height: item.size }}
                  >
                    {row.kind === 'heading' ? (
                      <h3 title={row.title}>
                        <span className="sheet-heading-title">{row.title}</span>
                        <span className="sheet-heading-count">
                          {t('gallery.batches.headingCount', { count: row.tiles, kept: row.kept })}
                        </span>
                      </h3>
                    ) : (
                      row.tiles.map((tile, column) => (
                        <SheetTileCell
                          key={tile.key}
                          tile={tile}
                          grouping={grouping}
                          focused={row.first + column === focusIndex}
                          onFocus={setFocus}
                          onVerdict={markByMouse}
                        />
                      ))
                    )}
                  </div>
                )
              })}
          </div>
        )}
      </div>
      {staged !== null && (
        <GalleryStage
          neighbours={neighbours}
          currentId={staged}
          onNavigate={setStaged}
          onClose={() => setStaged(null)}
        />
      )}
      {dialog === 'board' && (
        <AddToBoardDialog
          target={{
            ids: kept,
            onDone: (changed, board) =>
              useBatchSheetStore
                .getState()
                .setNotice(t('gallery.batches.addedToBoard', { count: changed, board })),
            onClose: () => setDialog(null)
          }}
        />
      )}
      {dialog === 'export' && group && (
        <ExportDialog batch={{ id: group.id, name: group.name, kept, all, onClose: () => setDialog(null) }} />
      )}
      {dialog === 'publish' && group && (
        <PublishBatchDialog
          batch={{ id: group.id, name: group.name, hasImages: all.length > 0 }}
          onPublished={(outcome, locationId) => {
            // The board may be new here: the boards read again, and marked as the team's.
            useTeamStore.getState().markShared(outcome.boardId, locationId)
            void loadBoards(api)
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  )
}
