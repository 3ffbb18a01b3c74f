import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { Board } from '@shared/schemas/boards'
import type { LocationView } from '@shared/schemas/locations'
import { useConnection } from '../../../store/app'
import { TeamSendDialog, useTeamSend } from '../../../ui/TeamSendDialog'
import { useGalleryStore } from '../store'
import { shareBoard, type TeamOutcome } from './actions'
import { useTeamLocations } from './useTeamLocations'

/** What sharing the board with the location does, said before Share. */
function whatHappens(t: TFunction, board: Board, location: string): string[] {
  return [
    board.count === 0
      ? t('gallery.team.whatGoesEmpty', { location })
      : t('gallery.team.whatGoes', { count: board.count, location }),
    t('gallery.team.teammates', { location }),
    t('gallery.team.bothWays'),
    t('gallery.team.nothingDeleted')
  ]
}

/**
 * "Share with team…": the board goes to one of the saved team locations. Without any, the dialog says what
 * a team location is and opens Settings to add one. Sharing can take a while (every image goes up): the
 * dialog may be closed meanwhile, and the gallery then says how it ended.
 */
export function ShareDialog({ board, onClose }: { board: Board; onClose: () => void }): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const list = useTeamLocations('team-share')
  const { state, start } = useTeamSend<TeamOutcome>()

  const share = async (location: LocationView): Promise<void> => {
    const { result, open } = await start(async () => {
      const outcome = await shareBoard(api, board.id, location.id)
      return 'code' in outcome ? { ok: false, error: outcome } : { ok: true, value: outcome }
    })
    if (open) return
    // Closed while it ran: the gallery says how it ended.
    if (!result.ok) useGalleryStore.setState({ error: result.error })
    else useGalleryStore.setState({ notice: { type: 'shared', board: board.name, location: location.name } })
  }

  return (
    <TeamSendDialog
      title={t('gallery.team.shareTitle', { board: board.name })}
      className="gallery-modal team-share"
      list={list}
      none={t('gallery.team.none')}
      pickerName="team-location"
      state={state}
      words={(location) => ({
        what: whatHappens(t, board, location),
        submit: t('gallery.team.share'),
        cancel: t('gallery.team.cancel'),
        sending: t('gallery.team.sharing', {
          images: t('gallery.count.images', { count: board.count }),
          location
        }),
        sendingLabel: t('gallery.team.sharingLabel'),
        slow: t('gallery.team.sharingSlow'),
        background: t('gallery.team.background'),
        sent: t('gallery.team.shared', { location, board: board.name }),
        done: t('gallery.team.done'),
        failed: t('gallery.team.shareFailed', { location })
      })}
      onSubmit={(location) => void share(location)}
      onClose={onClose}
    />
  )
}
