import { useEffect, useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { Board } from '@shared/schemas/boards'
import { useConnection } from '../../store/app'
import { Dialog } from '../../ui/Dialog'
import { ErrorNotice } from '../../ui/ErrorNotice'
import {
  addToBoard,
  changeBoard,
  createBoard,
  deleteBoard,
  firstImagesShown,
  loadBoards,
  renameBoard
} from './actions'
import { FindBoardDialog } from './FindBoard'
import { selectedCount } from './selection'
import { useGalleryStore } from './store'
import { ReviewDialog } from './team/ReviewDialog'
import { pinBoard } from './team/actions'
import { ShareDialog } from './team/ShareDialog'
import { useTeamStore } from './team/store'
import { SyncFailures, SyncWithTeam } from './team/SyncWithTeam'
import { numberFormat } from '../../ui/intl'
import { listWords } from '../../ui/words'

/** A name field with its own submit, for a new board or a new name. */
function NameForm({
  label,
  initial = '',
  submitLabel,
  onSubmit,
  onCancel
}: {
  label: string
  initial?: string
  submitLabel: string
  onSubmit: (name: string) => Promise<AppError | null>
  onCancel: () => void
}): ReactElement {
  const { t } = useTranslation()
  const [name, setName] = useState(initial)
  const [error, setError] = useState<AppError | null>(null)
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    setError(await onSubmit(name))
  }
  return (
    <form className="board-name-form" onSubmit={(event) => void submit(event)}>
      <input
        aria-label={label}
        value={name}
        maxLength={80}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel()
        }}
      />
      <button type="submit" className="button small primary" disabled={!name.trim()}>
        {submitLabel}
      </button>
      <button type="button" className="button small quiet" onClick={onCancel}>
        {t('gallery.boards.cancel')}
      </button>
      {error && <ErrorNotice error={error} />}
    </form>
  )
}

/** Chips shown above the grid at most: more wrapped into lines that pushed the grid off the screen. */
export const CHIP_BOARDS = 12

/**
 * The boards that get a chip: all of them up to `CHIP_BOARDS`, else the first ones by name with the shown
 * board among them (the rest are one "All boards…" away).
 */
function chipsOf(boards: readonly Board[], current: Board | null): readonly Board[] {
  if (boards.length <= CHIP_BOARDS) return boards
  const first = boards.slice(0, CHIP_BOARDS)
  return !current || first.includes(current) ? first : [...first.slice(0, CHIP_BOARDS - 1), current]
}

/**
 * The boards above the grid: every image, or one board's; a new board; the shown board renamed
 * or deleted (its images stay in the gallery). A studio with dozens of boards finds the rest by name.
 */
export function BoardsBar(): ReactElement {
  const { t, i18n } = useTranslation()
  const { api } = useConnection()
  const boards = useGalleryStore((s) => s.boards)
  const shown = useGalleryStore((s) => s.form.boardId)
  const setForm = useGalleryStore((s) => s.setForm)
  const [editing, setEditing] = useState<'new' | 'rename' | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [sharing, setSharing] = useState(false)
  const [reviewing, setReviewing] = useState(false)
  const [finding, setFinding] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const locations = useTeamStore((s) => s.locations)
  const shared = useTeamStore((s) => s.shared)
  const pinned = useTeamStore((s) => s.pinned)
  // After the first screen of images, as the team locations (`firstImagesShown`).
  useEffect(() => {
    void firstImagesShown()
      .then(() => loadBoards(api))
      .then(setError)
  }, [api])
  const current = boards?.find((board) => board.id === shown) ?? null
  const chips = chipsOf(boards ?? [], current)
  /** The names of the locations a board is linked to, as far as this window knows (team/store.ts). */
  const teamOf = (boardId: string): string[] =>
    (shared[boardId] ?? []).flatMap((id) => locations?.find((location) => location.id === id)?.name ?? [])

  return (
    <div className="gallery-boards">
      {/* The boards and the shown board's actions wrap among themselves; Sync keeps the top right. */}
      <div className="gallery-boards-main">
        <ul className="board-chips" aria-label={t('gallery.boards.list')}>
          <li>
            <button
              type="button"
              className="board-chip"
              aria-pressed={shown === ''}
              onClick={() => setForm({ boardId: '' })}
            >
              {t('gallery.boards.all')}
            </button>
          </li>
          {chips.map((board) => {
            const team = teamOf(board.id)
            return (
              <li key={board.id}>
                <button
                  type="button"
                  className="board-chip"
                  aria-pressed={shown === board.id}
                  onClick={() => setForm({ boardId: board.id })}
                >
                  {board.name}{' '}
                  <span className="board-count">{numberFormat(i18n.language).format(board.count)}</span>
                  {team.length > 0 && (
                    <>
                      <span className="board-team" aria-hidden="true">
                        {t('gallery.team.mark')}
                      </span>
                      <span className="visually-hidden">
                        {t('gallery.team.sharedWith', { locations: listWords(t, team, 'and') })}
                      </span>
                    </>
                  )}
                </button>
              </li>
            )
          })}
          {chips.length < (boards?.length ?? 0) && (
            <li>
              <button type="button" className="button small quiet" onClick={() => setFinding(true)}>
                {t('gallery.boards.find', { count: boards?.length ?? 0 })}
              </button>
            </li>
          )}
          <li>
            {editing === 'new' ? (
              <NameForm
                label={t('gallery.boards.newName')}
                submitLabel={t('gallery.boards.create')}
                onCancel={() => setEditing(null)}
                onSubmit={async (name) => {
                  const created = await createBoard(api, name)
                  if (typeof created !== 'string') return created
                  setEditing(null)
                  setForm({ boardId: created })
                  return null
                }}
              />
            ) : (
              <button type="button" className="button small quiet" onClick={() => setEditing('new')}>
                {t('gallery.boards.new')}
              </button>
            )}
          </li>
        </ul>
        {current && editing !== 'new' && (
          <div
            className="board-actions"
            role="group"
            aria-label={t('gallery.boards.board', { name: current.name })}
          >
            {editing === 'rename' ? (
              <NameForm
                label={t('gallery.boards.name')}
                initial={current.name}
                submitLabel={t('gallery.boards.rename')}
                onCancel={() => setEditing(null)}
                onSubmit={async (name) => {
                  const failed = await renameBoard(api, current.id, name)
                  if (!failed) setEditing(null)
                  return failed
                }}
              />
            ) : confirmDelete ? (
              <span className="board-confirm" role="alert">
                {t('gallery.boards.deleteQuestion', { name: current.name, count: current.count })}
                <button
                  type="button"
                  className="button small danger"
                  onClick={() =>
                    void deleteBoard(api, current.id)
                      .then(setError)
                      .then(() => setConfirmDelete(false))
                  }
                >
                  {t('gallery.boards.delete')}
                </button>
                <button type="button" className="button small quiet" onClick={() => setConfirmDelete(false)}>
                  {t('gallery.boards.keep')}
                </button>
              </span>
            ) : (
              <>
                <button type="button" className="button small quiet" onClick={() => setEditing('rename')}>
                  {t('gallery.boards.renameMenu')}
                </button>
                <button type="button" className="button small quiet" onClick={() => setSharing(true)}>
                  {t('gallery.team.shareMenu')}
                </button>
                <button type="button" className="button small quiet" onClick={() => setReviewing(true)}>
                  {t('gallery.team.review.menu')}
                </button>
                {teamOf(current.id).length > 0 && (
                  <button
                    type="button"
                    className="button small quiet board-keep-files"
                    aria-pressed={pinned[current.id] === true}
                    title={t('gallery.team.keepFilesHint')}
                    onClick={() => void pinBoard(api, current.id, pinned[current.id] !== true).then(setError)}
                  >
                    {pinned[current.id] === true && <span aria-hidden="true">✓ </span>}
                    {t('gallery.team.keepFiles')}
                  </button>
                )}
                <button
                  type="button"
                  className="button small danger-quiet"
                  onClick={() => setConfirmDelete(true)}
                >
                  {t('gallery.boards.deleteMenu')}
                </button>
              </>
            )}
          </div>
        )}
      </div>
      <SyncWithTeam />
      {error && <ErrorNotice error={error} />}
      <SyncFailures />
      {sharing && current && <ShareDialog board={current} onClose={() => setSharing(false)} />}
      {reviewing && current && <ReviewDialog board={current} onClose={() => setReviewing(false)} />}
      {finding && boards && (
        <FindBoardDialog
          boards={boards}
          shown={shown}
          onChoose={(boardId) => setForm({ boardId })}
          onClose={() => setFinding(false)}
        />
      )}
    </div>
  )
}

/** "Add to board": the selection joins a board picked from the list, or a new one named here. */
/**
 * Images to put on a board from somewhere else than the gallery's selection (a batch's kept images): what
 * they are, what to do once they are on it, and how to close.
 */
export interface BoardTarget {
  ids: readonly string[]
  onDone: (changed: number, board: string) => void
  onClose: () => void
}

/** Puts the gallery's selection, or a target's images, on a board chosen or made here. */
export function AddToBoardDialog({ target }: { target?: BoardTarget } = {}): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const boards = useGalleryStore((s) => s.boards)
  const selected = useGalleryStore((s) => selectedCount(s.selection, s.matching ?? s.items.length))
  const count = target ? target.ids.length : selected
  // A board being looked at is not offered for its own images; a target's images come from no board.
  const shown = useGalleryStore((s) => (target ? '' : s.form.boardId))
  const close = (): void => (target ? target.onClose() : useGalleryStore.getState().setDialog(null))
  const others = (boards ?? []).filter((board) => board.id !== shown)
  const [choice, setChoice] = useState<string>(others[0]?.id ?? 'new')
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)

  // Opened away from the gallery's images (a batch), the boards may not be loaded yet.
  useEffect(() => {
    if (boards === null) void loadBoards(api)
  }, [api, boards])

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    setBusy(true)
    let boardId = choice
    if (choice === 'new') {
      const created = await createBoard(api, name)
      if (typeof created !== 'string') {
        setError(created)
        setBusy(false)
        return
      }
      boardId = created
    }
    if (!target) {
      const failed = await changeBoard(api, boardId, 'add')
      setBusy(false)
      setError(failed)
      return
    }
    const added = await addToBoard(api, boardId, target.ids)
    setBusy(false)
    if ('code' in added) return setError(added)
    target.onDone(added.changed, added.board)
    target.onClose()
  }

  return (
    <Dialog
      title={t('gallery.boards.addTitle', { count })}
      onClose={close}
      closeOnBackdrop
      className="gallery-modal"
    >
      <form onSubmit={(event) => void submit(event)}>
        <fieldset className="board-choice">
          <legend>{t('gallery.boards.choice')}</legend>
          {others.map((board) => (
            <label key={board.id} className="radio">
              <input
                type="radio"
                name="board"
                checked={choice === board.id}
                onChange={() => setChoice(board.id)}
              />
              {board.name}
              <span className="muted">
                {t('gallery.boards.count', { images: t('gallery.count.images', { count: board.count }) })}
              </span>
            </label>
          ))}
          <label className="radio">
            <input type="radio" name="board" checked={choice === 'new'} onChange={() => setChoice('new')} />
            {t('gallery.boards.newBoard')}
          </label>
          {choice === 'new' && (
            <input
              aria-label={t('gallery.boards.newName')}
              placeholder={t('gallery.boards.name')}
              value={name}
              maxLength={80}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </fieldset>
        {error && <ErrorNotice error={error} />}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={close}>
            {t('gallery.boards.cancel')}
          </button>
          <button
            type="submit"
            className="button primary"
            disabled={busy || (choice === 'new' && !name.trim())}
          >
            {t('gallery.boards.add')}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
