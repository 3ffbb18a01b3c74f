import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { TeamDeleteImpact } from '@shared/schemas/locations'

/** Boards named one by one; past them, how many more. */
const NAMED_BOARDS = 3

/**
 * What deleting images on team boards does to the team, as the delete dialog says it before either
 * answer: which team boards they are on, that deleting them here takes them off those boards for
 * teammates (who keep the images), and what "Delete for everyone" does beyond that.
 */
export function TeamDeleteWords({
  impact,
  selected
}: {
  impact: TeamDeleteImpact
  /** How many images are about to be deleted (one is "it"). */
  selected: number
}): ReactElement {
  const { t } = useTranslation()
  const named = impact.boards.slice(0, NAMED_BOARDS)
  const more = impact.boards.length - named.length
  return (
    <>
      {named.map((board) =>
        selected === 1 ? (
          <p key={board.boardId}>
            {t('gallery.deleteDialog.team.itOnBoard', { board: board.board, location: board.location })}
          </p>
        ) : (
          <p key={board.boardId}>
            {t('gallery.deleteDialog.team.onBoard', {
              count: board.images,
              board: board.board,
              location: board.location
            })}
          </p>
        )
      )}
      {more > 0 && <p>{t('gallery.deleteDialog.team.moreBoards', { count: more })}</p>}
      <p>
        {impact.boards.length === 1
          ? t('gallery.deleteDialog.team.hereBoard', { count: impact.onBoards })
          : t('gallery.deleteDialog.team.hereBoards', { count: impact.onBoards })}
      </p>
      {impact.inLibrary > 0 && (
        <p>
          {selected === 1
            ? t('gallery.deleteDialog.team.everyoneIt')
            : t('gallery.deleteDialog.team.everyoneThem', { count: impact.inLibrary })}
        </p>
      )}
    </>
  )
}
