import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { AppError } from '@shared/result'
import type { Board } from '@shared/schemas/boards'
import type { LocationView } from '@shared/schemas/locations'
import { useAppStore, useConnection } from '../../../store/app'
import { Dialog } from '../../../ui/Dialog'
import { ErrorNotice } from '../../../ui/ErrorNotice'
import { errorWords } from '../../../ui/errorWords'
import { ProgressBar } from '../../../ui/ProgressBar'
import { useGalleryStore } from '../store'
import { loadLocations, shareBoard } from './actions'
import { useTeamStore } from './store'

/** Where a location is, as its owner typed it: a path, a folder's address, a bucket. */
export function whereIs(location: LocationView): string {
  const settings = location.settings
  if (settings.kind === 'folder') return settings.path
  if (settings.kind === 'webdav') return settings.url
  return `${settings.bucket}/${settings.prefix}`
}

/** A failure of the team library in one block: which location, then our words for it. */
export function TeamFailureNotice({ title, error }: { title: string; error: AppError }): ReactElement {
  const { t } = useTranslation()
  const words = errorWords(t, error)
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{title}</p>
      {words.message !== null && <p>{words.message}</p>}
      {words.hint && <p className="notice-hint">{words.hint}</p>}
    </div>
  )
}

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
  const locations = useTeamStore((s) => s.locations)
  const [listError, setListError] = useState<AppError | null>(null)
  const [choice, setChoice] = useState<string>('')
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' })
  const open = useRef(true)
  const backgroundButton = useRef<HTMLButtonElement>(null)
  const doneButton = useRef<HTMLButtonElement>(null)

  // Read again on each opening: a location may have been added in Settings since the list was read.
  const [asked, setAsked] = useState(false)
  useEffect(() => {
    open.current = true
    void loadLocations(api).then((failure) => {
      setListError(failure)
      setAsked(true)
    })
    return () => {
      open.current = false
    }
  }, [api])

  // "None yet" only once this opening's answer says so; a list known from before is offered at once.
  const view =
    locations === null || listError !== null || (locations.length === 0 && !asked)
      ? 'loading'
      : locations.length === 0
        ? 'none'
        : 'list'
  // What the dialog shows changes once the list arrives: its first choice takes the focus then, as it does
  // when the dialog opens on it.
  useEffect(() => {
    document.querySelector<HTMLElement>('dialog.team-share [data-autofocus]')?.focus()
  }, [view])

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

  const openSettings = (): void => {
    onClose()
    useAppStore.getState().setScreen('settings')
  }

  const title = t('gallery.team.shareTitle', { board: board.name })

  if (view === 'loading' || locations === null)
    return (
      <Dialog title={title} onClose={onClose} closeOnBackdrop className="gallery-modal team-share">
        {listError ? (
          <ErrorNotice error={listError} />
        ) : (
          <p className="muted" role="status">
            {t('gallery.team.loading')}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('gallery.team.cancel')}
          </button>
        </div>
      </Dialog>
    )

  if (view === 'none')
    return (
      <Dialog title={title} onClose={onClose} closeOnBackdrop className="gallery-modal team-share">
        <p>{t('gallery.team.none')}</p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('gallery.team.cancel')}
          </button>
          <button type="button" className="button primary" data-autofocus onClick={openSettings}>
            {t('gallery.team.openSettings')}
          </button>
        </div>
      </Dialog>
    )

  const location = chosen?.name ?? ''
  const busy = phase.kind === 'sharing'
  return (
    <Dialog title={title} onClose={onClose} closeOnBackdrop={!busy} className="gallery-modal team-share">
      <form onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <fieldset className="board-choice team-locations" disabled={busy || phase.kind === 'shared'}>
          <legend>{t('gallery.team.location')}</legend>
          {locations.map((option) => (
            <label key={option.id} className="radio">
              <input
                type="radio"
                name="team-location"
                checked={option.id === chosen?.id}
                onChange={() => setChoice(option.id)}
                {...(option.id === chosen?.id ? { 'data-autofocus': true } : {})}
              />
              <span className="team-location">
                <span>{option.name}</span>
                <span className="muted team-location-where">
                  {t(`gallery.team.kinds.${option.settings.kind}`)} · {whereIs(option)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
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
