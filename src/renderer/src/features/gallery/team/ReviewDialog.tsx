import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { Board } from '@shared/schemas/boards'
import type { ExportProfile } from '@shared/schemas/gallery'
import { REVIEW_LINK_LIFETIMES, type LocationView, type ReviewShare } from '@shared/schemas/locations'
import { useConnection } from '../../../store/app'
import { Dialog } from '../../../ui/Dialog'
import { ErrorNotice } from '../../../ui/ErrorNotice'
import { copyPrompt } from '../../../ui/clipboard'
import { dateFormat } from '../../../ui/intl'
import { openLink } from '../../../ui/openLink'
import { ProgressBar } from '../../../ui/ProgressBar'
import { LocationChoice, LocationsPending } from '../../../ui/LocationChoice'
import { useTeamLocations } from './useTeamLocations'
import { TeamFailureNotice } from '../../../ui/TeamFailureNotice'
import '../../../ui/teamSend.css'

type Lifetime = (typeof REVIEW_LINK_LIFETIMES)[number]

type Phase =
  | { kind: 'choose' }
  | { kind: 'making' }
  | { kind: 'made'; share: ReviewShare }
  | { kind: 'failed'; error: AppError; location: string }

/** A review page's row: where, how much, what it shows, and whether its link still works. */
function ShareRow({
  share,
  locations,
  onTakeDown,
  busy
}: {
  share: ReviewShare
  locations: readonly LocationView[]
  onTakeDown: (share: ReviewShare) => void
  busy: boolean
}): ReactElement {
  const { t, i18n } = useTranslation()
  const dates = dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const location =
    locations.find((l) => l.id === share.locationId)?.name ?? t('gallery.team.review.goneLocation')
  const state =
    share.state === 'live'
      ? share.expiresAt === null
        ? t('gallery.team.review.states.liveUntilTakenDown')
        : t('gallery.team.review.states.live', { date: dates.format(share.expiresAt) })
      : share.state === 'expired'
        ? t('gallery.team.review.states.expired', { date: dates.format(share.expiresAt ?? share.createdAt) })
        : t(`gallery.team.review.states.${share.state}`)
  return (
    <li className={`review-share review-${share.state}`}>
      <span className="review-share-what">
        <span>
          {t('gallery.team.review.row', {
            location,
            images: t('gallery.count.images', { count: share.images }),
            profile: t(`gallery.team.review.profileShort.${share.profile}`),
            date: dates.format(share.createdAt)
          })}
        </span>
        <span className="muted">{state}</span>
      </span>
      {share.state !== 'revoked' && (
        <span className="review-share-actions">
          {share.link !== null && <CopyLink link={share.link} />}
          <button
            type="button"
            className="button small danger-quiet"
            disabled={busy}
            onClick={() => onTakeDown(share)}
          >
            {share.state === 'live'
              ? t('gallery.team.review.takeDown')
              : t('gallery.team.review.removeFiles')}
          </button>
        </span>
      )}
    </li>
  )
}

/** "Copy link", saying beside it whether the clipboard took it. */
function CopyLink({ link, primary = false }: { link: string; primary?: boolean }): ReactElement {
  const { t } = useTranslation()
  const [said, setSaid] = useState('')
  const copy = (): Promise<void> => copyPrompt(link, setSaid, t)
  return (
    <>
      <button
        type="button"
        className={`button small${primary ? ' primary' : ''}`}
        onClick={() => void copy()}
      >
        {t('gallery.team.review.copy')}
      </button>
      <span className="muted review-copied" role="status">
        {said}
      </span>
    </>
  )
}

/**
 * "Share for review…": the board goes to a team location as a web page for people who do not have the app
 * (docs/ARCHITECTURE.md §6.1). The user picks where, what reviewers see, and on a bucket how long the link
 * works; the dialog then gives the link, and lists the board's review pages with a way to take each down.
 */
export function ReviewDialog({ board, onClose }: { board: Board; onClose: () => void }): ReactElement {
  const { t, i18n } = useTranslation()
  const { api } = useConnection()
  const { locations, view, listError } = useTeamLocations('team-review')
  const [choice, setChoice] = useState('')
  const [profile, setProfile] = useState<ExportProfile>('full')
  const [lifetime, setLifetime] = useState<Lifetime>(604_800)
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' })
  const [shares, setShares] = useState<ReviewShare[] | null>(null)
  const [takingDown, setTakingDown] = useState<string | null>(null)
  const [takeDownError, setTakeDownError] = useState<AppError | null>(null)
  const linkField = useRef<HTMLInputElement>(null)

  const loadShares = useCallback(
    (): Promise<void> =>
      api.call('team.reviewShares', { boardId: board.id }).then((result) => {
        if (result.ok) setShares(result.value)
      }),
    [api, board.id]
  )
  useEffect(() => {
    void api.call('team.reviewShares', { boardId: board.id }).then((result) => {
      if (result.ok) setShares(result.value)
    })
  }, [api, board.id])
  // The link is what the user came for: it takes the focus, selected, ready to copy.
  useEffect(() => {
    if (phase.kind === 'made') linkField.current?.select()
  }, [phase])

  const chosen = locations?.find((location) => location.id === choice) ?? locations?.[0] ?? null
  const title = t('gallery.team.review.title', { board: board.name })
  if (view !== 'list' || locations === null)
    return (
      <Dialog title={title} onClose={onClose} closeOnBackdrop className="gallery-modal team-review">
        <LocationsPending
          view={view === 'none' ? 'none' : 'loading'}
          listError={listError}
          none={t('gallery.team.none')}
          onClose={onClose}
        />
      </Dialog>
    )

  const making = phase.kind === 'making'
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    if (!chosen || making) return
    setPhase({ kind: 'making' })
    const result = await api.call('team.shareForReview', {
      locationId: chosen.id,
      boardId: board.id,
      profile,
      lifetimeSeconds: lifetime,
      language: i18n.language === 'zh-CN' ? 'zh-CN' : 'en',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone
    })
    setPhase(
      result.ok
        ? { kind: 'made', share: result.value }
        : { kind: 'failed', error: result.error, location: chosen.name }
    )
    await loadShares()
  }

  const takeDown = async (share: ReviewShare): Promise<void> => {
    setTakingDown(share.id)
    setTakeDownError(null)
    const result = await api.call('team.revokeShare', { shareId: share.id })
    if (!result.ok) setTakeDownError(result.error)
    setTakingDown(null)
    if (phase.kind === 'made' && phase.share.id === share.id) setPhase({ kind: 'choose' })
    await loadShares()
  }

  const expires = chosen?.settings.kind === 's3'
  const link = phase.kind === 'made' ? phase.share.link : null
  return (
    <Dialog title={title} onClose={onClose} closeOnBackdrop={!making} className="gallery-modal team-review">
      <p className="muted">{t('gallery.team.review.intro')}</p>
      <form onSubmit={(event) => void submit(event)} aria-busy={making}>
        <LocationChoice
          locations={locations}
          chosen={chosen}
          onChoose={setChoice}
          disabled={making}
          name="review-location"
        />
        <fieldset className="board-choice" disabled={making}>
          <legend>{t('gallery.team.review.what')}</legend>
          {(['full', 'public'] as const).map((option) => (
            <label key={option} className="radio">
              <input
                type="radio"
                name="review-profile"
                checked={profile === option}
                onChange={() => setProfile(option)}
              />
              <span>{t(`gallery.team.review.profiles.${option}`)}</span>
            </label>
          ))}
        </fieldset>
        {expires ? (
          <label className="field review-lifetime">
            <span>{t('gallery.team.review.lifetime')}</span>
            <select
              value={lifetime}
              disabled={making}
              onChange={(event) => setLifetime(Number(event.target.value) as Lifetime)}
            >
              {REVIEW_LINK_LIFETIMES.map((seconds) => (
                <option key={seconds} value={seconds}>
                  {t(`gallery.team.review.lifetimes.s${seconds}`)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p className="muted">{t('gallery.team.review.noExpiry')}</p>
        )}
        <div className="team-send-state" role="status">
          {making && (
            <>
              <p>
                {t('gallery.team.review.making', {
                  images: t('gallery.count.images', { count: board.count }),
                  location: chosen?.name ?? ''
                })}
              </p>
              <ProgressBar
                progress={{ type: 'indeterminate', label: t('gallery.team.review.makingLabel') }}
                label={t('gallery.team.review.makingLabel')}
              />
            </>
          )}
          {link !== null && <p className="team-send-done">{t('gallery.team.review.made')}</p>}
        </div>
        {link !== null && (
          <div className="review-link">
            <input
              ref={linkField}
              readOnly
              value={link}
              aria-label={t('gallery.team.review.link')}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyLink link={link} primary />
            {link.startsWith('https:') && (
              <button type="button" className="button small" onClick={() => void openLink(api, link)}>
                {t('gallery.team.review.open')}
              </button>
            )}
          </div>
        )}
        {phase.kind === 'failed' && (
          <TeamFailureNotice
            title={t('gallery.team.review.failed', { location: phase.location })}
            error={phase.error}
          />
        )}
        <div className="dialog-actions">
          {/* With a link to send, closing is what comes next; another page is still one click away. */}
          <button type="button" className={`button${link !== null ? ' primary' : ''}`} onClick={onClose}>
            {t('gallery.team.review.close')}
          </button>
          <button
            type="submit"
            className={`button${link === null ? ' primary' : ''}`}
            disabled={!chosen || making}
          >
            {t('gallery.team.review.create')}
          </button>
        </div>
      </form>
      <section className="review-shares" aria-label={t('gallery.team.review.pages')}>
        <h3>{t('gallery.team.review.pages')}</h3>
        {takeDownError && <ErrorNotice error={takeDownError} />}
        {shares === null ? null : shares.length === 0 ? (
          <p className="muted">{t('gallery.team.review.nonePages')}</p>
        ) : (
          <ul>
            {shares.map((share) => (
              <ShareRow
                key={share.id}
                share={share}
                locations={locations}
                busy={takingDown !== null}
                onTakeDown={(s) => void takeDown(s)}
              />
            ))}
          </ul>
        )}
      </section>
    </Dialog>
  )
}
