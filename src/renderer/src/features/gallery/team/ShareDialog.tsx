import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { AppError } from '@shared/result'
import type { Board } from '@shared/schemas/boards'
import { useConnection } from '../../../store/app'
import { Dialog } from '../../../ui/Dialog'
import { ProgressBar } from '../../../ui/ProgressBar'
import { TeamFailureNotice } from '../../../ui/TeamFailureNotice'
import { useGalleryStore } from '../store'
import { shareBoard } from './actions'
import { LocationChoice, LocationsPending, useTeamLocations } from './LocationChoice'

/** What sharing the board with the location does, said before Share. */
function WhatHappens({ t, board, location }: { t: TFunction; board: Board; location: string }): ReactElement {
  return (
    <ul className="team-what">
      <li>
        {board.count === 0
          ? t('gallery.team.whatGoesEmpty', { location })
          : t('gallery.team.whatGoes', { count: board.count, location })}
      </li>
      <li>{t('gallery.team.teammates', { location })}</li>
      <li>{t('gallery.team.bothWays')}</li>
      <li>{t('gallery.team.nothingDeleted')}</li>
    </ul>
  )
}

type Phase =
  { kind: 'choose' } | { kind: 'sharing' } | { kind: 'shared' } | { kind: 'failed'; error: AppError }

/**
 * "Share with team…": the board goes to one of the saved team locations. Without any, the dialog says what
 * a team location is and opens Settings to add one. Sharing can take a while (every image goes up): the
 * dialog may be closed meanwhile, and the gallery then says how it ended.
 */
export function ShareDialog({ board, onClose }: { board: Board; onClose: () => void }): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const { locations, view, listError } = useTeamLocations('team-share')
  const [choice, setChoice] = useState<string>('')
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' })
  const open = useRef(true)
  const backgroundButton = useRef<HTMLButtonElement>(null)
  const doneButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    open.current = true
    return () => {
      open.current = false
    }
  }, [])

  const chosen = locations?.find((location) => location.id === choice) ?? locations?.[0] ?? null
  // Share and Cancel give way to "Keep sharing in the background" while it runs, and to Done at the end:
  // the focus goes with them, never to the page behind.
  useEffect(() => {
    if (phase.kind === 'sharing') backgroundButton.current?.focus()
    if (phase.kind === 'shared') doneButton.current?.focus()
  }, [phase.kind])

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    if (!chosen || phase.kind === 'sharing') return
    setPhase({ kind: 'sharing' })
    const outcome = await shareBoard(api, board.id, chosen.id)
    const failed = 'code' in outcome
    if (open.current) {
      setPhase(failed ? { kind: 'failed', error: outcome } : { kind: 'shared' })
      return
    }
    // Closed while it ran: the gallery says how it ended.
    if (failed) useGalleryStore.setState({ error: outcome })
    else
      useGalleryStore.setState({
        notice: { type: 'shared', board: board.name, location: chosen.name }
      })
  }

  const title = t('gallery.team.shareTitle', { board: board.name })

  if (view !== 'list' || locations === null)
    return (
      <Dialog title={title} onClose={onClose} closeOnBackdrop className="gallery-modal team-share">
        <LocationsPending
          view={view === 'none' ? 'none' : 'loading'}
          listError={listError}
          onClose={onClose}
        />
      </Dialog>
    )

  const location = chosen?.name ?? ''
  const busy = phase.kind === 'sharing'
  return (
    <Dialog title={title} onClose={onClose} closeOnBackdrop={!busy} className="gallery-modal team-share">
      <form onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <LocationChoice
          locations={locations}
          chosen={chosen}
          onChoose={setChoice}
          disabled={busy || phase.kind === 'shared'}
          name="team-location"
        />
        <WhatHappens t={t} board={board} location={location} />
        <div className="team-share-state" role="status">
          {busy && (
            <>
              <p>
                {t('gallery.team.sharing', {
                  images: t('gallery.count.images', { count: board.count }),
                  location
                })}
              </p>
              <ProgressBar
                progress={{ type: 'indeterminate', label: t('gallery.team.sharingLabel') }}
                label={t('gallery.team.sharingLabel')}
              />
              <p className="muted">{t('gallery.team.sharingSlow')}</p>
            </>
          )}
          {phase.kind === 'shared' && (
            <p className="team-shared">{t('gallery.team.shared', { location, board: board.name })}</p>
          )}
        </div>
        {phase.kind === 'failed' && (
          <TeamFailureNotice title={t('gallery.team.shareFailed', { location })} error={phase.error} />
        )}
        <div className="dialog-actions">
          {phase.kind === 'shared' ? (
            <button type="button" ref={doneButton} className="button primary" onClick={onClose}>
              {t('gallery.team.done')}
            </button>
          ) : busy ? (
            <button type="button" ref={backgroundButton} className="button" onClick={onClose}>
              {t('gallery.team.background')}
            </button>
          ) : (
            <>
              <button type="button" className="button" onClick={onClose}>
                {t('gallery.team.cancel')}
              </button>
              <button type="submit" className="button primary" disabled={!chosen}>
                {t('gallery.team.share')}
              </button>
            </>
          )}
        </div>
      </form>
    </Dialog>
  )
}
