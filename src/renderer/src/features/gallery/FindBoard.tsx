import { useId, useMemo, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { Board } from '@shared/schemas/boards'
import { Dialog } from '../../ui/Dialog'
import { numberFormat } from '../../ui/intl'

/**
 * Every board, found by name: what the chips above the grid cannot all show once a studio keeps dozens
 * of boards (the chips stay on one line). Typing narrows the list to the names holding what is typed, in
 * any case; choosing one shows it, as its chip would.
 */
export function FindBoardDialog({
  boards,
  shown,
  onChoose,
  onClose
}: {
  boards: readonly Board[]
  shown: string
  onChoose: (boardId: string) => void
  onClose: () => void
}): ReactElement {
  const { t, i18n } = useTranslation()
  const [text, setText] = useState('')
  const inputId = useId()
  const found = useMemo(() => {
    const wanted = text.trim().toLocaleLowerCase(i18n.language)
    return wanted === ''
      ? boards
      : boards.filter((board) => board.name.toLocaleLowerCase(i18n.language).includes(wanted))
  }, [boards, text, i18n.language])
  return (
    <Dialog title={t('gallery.boards.findTitle')} onClose={onClose} closeOnBackdrop className="find-board">
      <label htmlFor={inputId}>{t('gallery.boards.findLabel')}</label>
      <input
        id={inputId}
        type="search"
        value={text}
        data-autofocus
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      {found.length === 0 ? (
        <p className="muted" role="status">
          {t('gallery.boards.findNone', { text: text.trim() })}
        </p>
      ) : (
        <ul className="find-board-list" aria-label={t('gallery.boards.list')}>
          {found.map((board) => (
            <li key={board.id}>
              <button
                type="button"
                className="board-chip"
                aria-pressed={board.id === shown}
                onClick={() => {
                  onChoose(board.id)
                  onClose()
                }}
              >
                {board.name}{' '}
                <span className="board-count">{numberFormat(i18n.language).format(board.count)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  )
}
