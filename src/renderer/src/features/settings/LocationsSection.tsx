import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError, Result } from '@shared/result'
import type { LocationCheck, LocationView } from '@shared/schemas/locations'
import { useConnection } from '../../store/app'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { CleanUpDialog } from './CleanUpDialog'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { useNow } from '../../ui/useNow'
import { LocationForm } from './LocationForm'
import { TeamName } from './TeamName'
import { addressOf, agoWords, problemWords } from './locationDraft'

/** Where the keyboard goes once the list has changed under it. */
type FocusTarget = { to: 'row'; id: string } | { to: 'edit'; id: string } | { to: 'list' } | { to: 'add' }

/** One saved location: what and where it is, which keys it holds (never the secret), its last check. */
function LocationRow({
  location,
  check,
  checking,
  onCheck,
  onEdit,
  onCleanUp,
  onRemove,
  now
}: {
  location: LocationView
  check: LocationCheck | null
  checking: boolean
  onCheck: () => void
  onEdit: () => void
  onCleanUp: () => void
  onRemove: () => void
  now: number
}): ReactElement {
  const { t, i18n } = useTranslation()
  const { settings } = location
  const ago = (at: number): string => agoWords(t, i18n.language, at, now)
  const credentials =
    settings.kind === 'folder'
      ? null
      : !location.hasCredentials
        ? t(settings.kind === 's3' ? 'settings.locations.noCredentials' : 'settings.locations.noSignIn')
        : settings.kind === 's3'
          ? t('settings.locations.keyHint', { hint: location.credentialHint ?? '' })
          : t('settings.locations.user', { name: location.credentialHint ?? '' })
  const tone = checking || !check ? 'unknown' : check.ok ? 'ok' : 'problem'
  return (
    <>
      <div className="location-main">
        <span className="location-title">
          <span className="location-name">{location.name}</span>
          <span className="pill">{t(`settings.locations.kindsShort.${settings.kind}`)}</span>
          {credentials && (
            <span
              className={location.hasCredentials || settings.kind === 'webdav' ? 'pill' : 'pill pill-warn'}
            >
              {credentials}
            </span>
          )}
        </span>
        <span className="location-address">{addressOf(t, settings)}</span>
        {/* Read out when a check answers (Check again); not when the list is first shown. */}
        <span className={`location-state location-state-${tone}`} aria-live="polite">
          <span className="location-dot" aria-hidden="true" />
          <span>
            {checking
              ? t('settings.locations.state.checking')
              : !check
                ? t('settings.locations.state.notChecked')
                : check.ok
                  ? t('settings.locations.state.reached', { ago: ago(check.checkedAt) })
                  : t('settings.locations.state.unreached', {
                      problem: problemWords(t, settings.kind, check)
                    })}
            {!checking && check && !check.ok && (
              <span className="location-when">
                {t('ui.sentenceGap')}
                {t('settings.locations.state.checkedAgo', { ago: ago(check.checkedAt) })}
                {check.status !== null && check.problem !== 'failed' && (
                  <>
                    {t('ui.sentenceGap')}
                    {t('settings.locations.result.status', { status: check.status })}
                  </>
                )}
              </span>
            )}
          </span>
        </span>
      </div>
      <div className="location-actions">
        <button
          type="button"
          className="button small quiet"
          // Not `disabled`: the button keeps the keyboard's focus while the check runs.
          aria-disabled={checking || undefined}
          aria-label={t('settings.locations.checkAgainNamed', { name: location.name })}
          onClick={() => {
            if (!checking) onCheck()
          }}
        >
          {t('settings.locations.checkAgain')}
        </button>
        <button
          type="button"
          className="button small quiet"
          data-edit={location.id}
          aria-label={t('settings.locations.editNamed', { name: location.name })}
          onClick={onEdit}
        >
          {t('settings.locations.edit')}
        </button>
        <button
          type="button"
          className="button small quiet"
          aria-label={t('settings.locations.cleanUpNamed', { name: location.name })}
          onClick={onCleanUp}
        >
          {t('settings.locations.cleanUp')}
        </button>
        <button
          type="button"
          className="button small danger-quiet"
          aria-label={t('settings.locations.removeNamed', { name: location.name })}
          onClick={onRemove}
        >
          {t('settings.locations.remove')}
        </button>
      </div>
    </>
  )
}

/**
 * Settings › Team locations (RELIABILITY P42, P43): the bucket, WebDAV server or shared folder a team's
 * library lives in, each with its last check; a form adds or changes one, and removing one only makes this
 * computer forget it. Keys and passwords go in and never come back: the list shows a hint, never a secret,
 * and no secret is kept anywhere but in the open form's own state.
 */
export function LocationsSection(): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const [locations, setLocations] = useState<LocationView[] | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  /** The open form: a new location (`adding`), or the one being changed. */
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<string | null>(null)
  const [removing, setRemoving] = useState<LocationView | null>(null)
  const [cleaning, setCleaning] = useState<LocationView | null>(null)
  const [checking, setChecking] = useState<ReadonlySet<string>>(new Set())
  /** Checks made here with Check again, newer than the list's. */
  const [fresh, setFresh] = useState<Readonly<Record<string, LocationCheck>>>({})
  const [announced, setAnnounced] = useState('')
  /** Where the focus goes at the next render that can take it (a ref: asking for it renders nothing). */
  const focus = useRef<FocusTarget | null>(null)
  const section = useRef<HTMLElement>(null)
  const now = useNow(false)

  const take = useCallback((result: Result<LocationView[]>): void => {
    if (result.ok) {
      setLocations(result.value)
      setError(null)
    } else setError(result.error)
  }, [])
  const reload = (): Promise<void> => api.call('locations.list', {}).then(take)

  useEffect(() => {
    void api.call('locations.list', {}).then(take)
  }, [api, take])

  // Once the list shows what changed (and any dialog has given the focus back), the focus goes where asked.
  useEffect(() => {
    const target = focus.current
    const root = section.current
    if (!target || removing || !root) return
    const element =
      target.to === 'row'
        ? root.querySelector<HTMLElement>(`[data-location="${CSS.escape(target.id)}"]`)
        : target.to === 'edit'
          ? root.querySelector<HTMLElement>(`[data-edit="${CSS.escape(target.id)}"]`)
          : target.to === 'list'
            ? root.querySelector<HTMLElement>('.location-list')
            : root.querySelector<HTMLElement>('[data-add-location]')
    if (!element) return
    element.focus()
    focus.current = null
  }, [removing, locations, editing, adding])

  const check = async (location: LocationView): Promise<void> => {
    setChecking((ids) => new Set(ids).add(location.id))
    const result = await api.call('locations.test', {
      id: location.id,
      settings: location.settings,
      credentials: null
    })
    setChecking((ids) => {
      const next = new Set(ids)
      next.delete(location.id)
      return next
    })
    if (result.ok) setFresh((all) => ({ ...all, [location.id]: result.value }))
    else setError(result.error)
  }

  const saved = async (view: LocationView): Promise<void> => {
    setEditing(null)
    setAdding(false)
    setFresh((all) => {
      const rest = { ...all }
      delete rest[view.id]
      return rest
    })
    setAnnounced(t('settings.locations.saved', { name: view.name }))
    setLocations((all) => [...(all ?? []).filter((one) => one.id !== view.id), view])
    focus.current = { to: 'row', id: view.id }
    await reload()
  }

  const remove = async (location: LocationView): Promise<AppError | null> => {
    const result = await api.call('locations.remove', { id: location.id })
    if (!result.ok) return result.error
    setAnnounced(t('settings.locations.removed', { name: location.name }))
    const left = (locations ?? []).filter((one) => one.id !== location.id)
    setLocations(left)
    focus.current = left.length > 0 ? { to: 'list' } : { to: 'add' }
    await reload()
    return null
  }

  const list = locations ?? []

  return (
    <section ref={section} className="card" aria-labelledby="locations-title">
      <div className="card-head">
        <h2 id="locations-title">{t('settings.locations.title')}</h2>
        <p className="muted">{t('settings.locations.intro')}</p>
      </div>
      <TeamName />
      {error && <ErrorNotice error={error} />}
      {locations && list.length === 0 && !adding && <p className="muted">{t('settings.locations.empty')}</p>}
      {list.length > 0 && (
        <ul className="location-list" aria-label={t('settings.locations.list')} tabIndex={-1}>
          {list.map((location) => (
            <li key={location.id} className="location-row" data-location={location.id} tabIndex={-1}>
              <div className="location-line">
                <LocationRow
                  location={location}
                  check={fresh[location.id] ?? location.lastCheck}
                  checking={checking.has(location.id)}
                  now={now}
                  onCheck={() => void check(location)}
                  onEdit={() => {
                    setAdding(false)
                    setEditing(editing === location.id ? null : location.id)
                  }}
                  onCleanUp={() => setCleaning(location)}
                  onRemove={() => setRemoving(location)}
                />
              </div>
              {editing === location.id && (
                <LocationForm
                  saved={location}
                  onSaved={(view) => void saved(view)}
                  onCancel={() => {
                    focus.current = { to: 'edit', id: location.id }
                    setEditing(null)
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <LocationForm
          saved={null}
          onSaved={(view) => void saved(view)}
          onCancel={() => {
            focus.current = { to: 'add' }
            setAdding(false)
          }}
        />
      ) : (
        <div className="editor-actions">
          <button
            type="button"
            className="button"
            data-add-location
            onClick={() => {
              setEditing(null)
              setAdding(true)
            }}
          >
            {t('settings.locations.add')}
          </button>
        </div>
      )}
      <p role="status" className="visually-hidden">
        {announced}
      </p>
      {/* Closing gives the focus back to the row's Clean up button (the dialog's opener). */}
      {cleaning && <CleanUpDialog location={cleaning} onClose={() => setCleaning(null)} />}
      {removing && (
        <ConfirmDialog
          title={t('settings.locations.confirmRemove.title', { name: removing.name })}
          description={<p>{t('settings.locations.confirmRemove.body')}</p>}
          keepLabel={t('settings.locations.confirmRemove.keep')}
          confirmLabel={t('settings.locations.confirmRemove.confirm')}
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  )
}
