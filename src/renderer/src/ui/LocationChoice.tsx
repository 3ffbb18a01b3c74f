import { useEffect, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { LocationView } from '@shared/schemas/locations'
import { useAppStore } from '../store/app'
import { ErrorNotice } from './ErrorNotice'
import './locationChoice.css'

/**
 * The team location picker of every dialog that sends something to one: a board shared with the team or
 * for review (Gallery), a batch published (Queue and Gallery › Batches).
 */

/** Where a location is, as its owner typed it: a path, a folder's address, a bucket. */
export function whereIs(location: LocationView): string {
  const settings = location.settings
  if (settings.kind === 'folder') return settings.path
  if (settings.kind === 'webdav') return settings.url
  return `${settings.bucket}/${settings.prefix}`
}

export type LocationListView = 'loading' | 'none' | 'list'

/**
 * The saved team locations for a dialog: `load` reads them again on each opening (a location may have been
 * added in Settings since) into `locations`, and "none yet" is said only once this opening's answer says
 * so. `load` must keep its identity between renders.
 */
export function useLocationList(
  dialogClass: string,
  locations: LocationView[] | null,
  load: () => Promise<AppError | null>
): { locations: LocationView[] | null; view: LocationListView; listError: AppError | null } {
  const [listError, setListError] = useState<AppError | null>(null)
  const [asked, setAsked] = useState(false)
  useEffect(() => {
    void load().then((failure) => {
      setListError(failure)
      setAsked(true)
    })
  }, [load])
  const view: LocationListView =
    locations === null || listError !== null || (locations.length === 0 && !asked)
      ? 'loading'
      : locations.length === 0
        ? 'none'
        : 'list'
  // What the dialog shows changes once the list arrives: its first choice takes the focus then, as it does
  // when the dialog opens on it.
  useEffect(() => {
    document.querySelector<HTMLElement>(`dialog.${dialogClass} [data-autofocus]`)?.focus()
  }, [view, dialogClass])
  return { locations, view, listError }
}

/**
 * What a location dialog holds while the list is read, or when there is no location yet (`none` says what a
 * team location is, with the way to Settings). Inside the dialog's own `Dialog`, so the same dialog stays
 * open when the list arrives.
 */
export function LocationsPending({
  view,
  listError,
  none,
  onClose
}: {
  view: 'loading' | 'none'
  listError: AppError | null
  none: string
  onClose: () => void
}): ReactElement {
  const { t } = useTranslation()
  const openSettings = (): void => {
    onClose()
    useAppStore.getState().setScreen('settings')
  }
  return (
    <>
      {view === 'none' ? (
        <p>{none}</p>
      ) : listError ? (
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
        {view === 'none' && (
          <button type="button" className="button primary" data-autofocus onClick={openSettings}>
            {t('gallery.team.openSettings')}
          </button>
        )}
      </div>
    </>
  )
}

/** One saved location to pick, each with its kind and where it is. */
export function LocationChoice({
  locations,
  chosen,
  onChoose,
  disabled,
  name
}: {
  locations: readonly LocationView[]
  chosen: LocationView | null
  onChoose: (id: string) => void
  disabled: boolean
  name: string
}): ReactElement {
  const { t } = useTranslation()
  return (
    <fieldset className="team-locations" disabled={disabled}>
      <legend>{t('gallery.team.location')}</legend>
      {locations.map((option) => (
        <label key={option.id} className="radio">
          <input
            type="radio"
            name={name}
            checked={option.id === chosen?.id}
            onChange={() => onChoose(option.id)}
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
  )
}
