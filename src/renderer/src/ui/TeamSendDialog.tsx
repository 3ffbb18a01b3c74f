import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react'
import type { AppError, Result } from '@shared/result'
import type { LocationView } from '@shared/schemas/locations'
import { Dialog } from './Dialog'
import { LocationChoice, LocationsPending, type useLocationList } from './LocationChoice'
import { ProgressBar } from './ProgressBar'
import { TeamFailureNotice } from './TeamFailureNotice'
import './teamSend.css'

/** Where a dialog that sends something to a team location is: choosing, sending, sent or failed. */
export type TeamSend<T> =
  | { kind: 'choose' }
  | { kind: 'sending' }
  | { kind: 'sent'; outcome: T }
  | { kind: 'failed'; error: AppError }

/**
 * A dialog's send to a team location: `start` runs it and the dialog shows how it goes; the answer comes
 * back with whether the dialog was still open, since one closed meanwhile has the screen say how it ended.
 */
export function useTeamSend<T>(): {
  state: TeamSend<T>
  start: (send: () => Promise<Result<T>>) => Promise<{ result: Result<T>; open: boolean }>
} {
  const [state, setState] = useState<TeamSend<T>>({ kind: 'choose' })
  const open = useRef(true)
  useEffect(() => {
    open.current = true
    return () => {
      open.current = false
    }
  }, [])
  const start = useCallback(async (send: () => Promise<Result<T>>) => {
    setState({ kind: 'sending' })
    const result = await send()
    if (open.current)
      setState(result.ok ? { kind: 'sent', outcome: result.value } : { kind: 'failed', error: result.error })
    return { result, open: open.current }
  }, [])
  return { state, start }
}

/** What the form says at each step, in the words of what it sends (a board shared, a batch published). */
export interface TeamSendWords {
  /** What happens, said before anything does. */
  what: readonly string[]
  submit: string
  cancel: string
  /** While it runs: what goes where, the progress bar's name, and that it takes a while. */
  sending: string
  sendingLabel: string
  slow: string
  background: string
  /** Once sent (only read then). */
  sent: string
  done: string
  /** A failure notice's title. */
  failed: string
}

/**
 * A dialog that sends something to a saved team location (a board shared, a batch published). While the
 * saved locations are read, or when there is none (`none` says what one is, with the way to Settings), it
 * says so; then the location picker (the first location chosen), what will happen, how it goes, a failure
 * in our words, and the buttons of each step. It may be closed while it sends, never by a click beside it.
 */
export function TeamSendDialog<T>({
  title,
  className,
  list,
  none,
  pickerName,
  state,
  words,
  onSubmit,
  onClose
}: {
  title: string
  className: string
  /** The saved locations, as `useLocationList` reads them. */
  list: ReturnType<typeof useLocationList>
  none: string
  pickerName: string
  state: TeamSend<T>
  /** The words for the location chosen, by its name. */
  words: (location: string) => TeamSendWords
  onSubmit: (location: LocationView) => void
  onClose: () => void
}): ReactElement {
  const { locations, view, listError } = list
  const [choice, setChoice] = useState('')
  const backgroundButton = useRef<HTMLButtonElement>(null)
  const doneButton = useRef<HTMLButtonElement>(null)
  // Send and Cancel give way to "… in the background" while it runs and to Done at the end: the focus goes
  // with them, never to the page behind.
  useEffect(() => {
    if (state.kind === 'sending') backgroundButton.current?.focus()
    if (state.kind === 'sent') doneButton.current?.focus()
  }, [state.kind])

  if (view !== 'list' || locations === null)
    return (
      <Dialog title={title} onClose={onClose} closeOnBackdrop className={className}>
        <LocationsPending
          view={view === 'none' ? 'none' : 'loading'}
          listError={listError}
          none={none}
          onClose={onClose}
        />
      </Dialog>
    )

  const chosen = locations.find((location) => location.id === choice) ?? locations[0] ?? null
  const said = words(chosen?.name ?? '')
  const busy = state.kind === 'sending'
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    if (chosen && !busy) onSubmit(chosen)
  }
  return (
    <Dialog title={title} onClose={onClose} closeOnBackdrop={!busy} className={className}>
      <form className="team-send" onSubmit={submit} aria-busy={busy}>
        <LocationChoice
          locations={locations}
          chosen={chosen}
          onChoose={setChoice}
          disabled={busy || state.kind === 'sent'}
          name={pickerName}
        />
        <ul className="team-send-what">
          {said.what.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="team-send-state" role="status">
          {busy && (
            <>
              <p>{said.sending}</p>
              <ProgressBar
                progress={{ type: 'indeterminate', label: said.sendingLabel }}
                label={said.sendingLabel}
              />
              <p className="muted">{said.slow}</p>
            </>
          )}
          {state.kind === 'sent' && <p className="team-send-done">{said.sent}</p>}
        </div>
        {state.kind === 'failed' && <TeamFailureNotice title={said.failed} error={state.error} />}
        <div className="dialog-actions">
          {state.kind === 'sent' ? (
            <button type="button" ref={doneButton} className="button primary" onClick={onClose}>
              {said.done}
            </button>
          ) : busy ? (
            <button type="button" ref={backgroundButton} className="button" onClick={onClose}>
              {said.background}
            </button>
          ) : (
            <>
              <button type="button" className="button" onClick={onClose}>
                {said.cancel}
              </button>
              <button type="submit" className="button primary" disabled={!chosen}>
                {said.submit}
              </button>
            </>
          )}
        </div>
      </form>
    </Dialog>
  )
}
