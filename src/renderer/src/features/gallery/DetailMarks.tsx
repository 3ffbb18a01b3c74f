import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { Verdict } from '@shared/schemas/batches'
import { NOTE_MAX } from '@shared/schemas/gallery'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'
import { saveNote } from './actions'

const STARS = [1, 2, 3, 4, 5] as const

/** How long typing must pause before a note is saved (leaving the field saves at once). */
export const NOTE_PAUSE_MS = 800

/** A count shows under the note from here on, so its limit never comes as a surprise. */
const NEAR_LIMIT = NOTE_MAX - 400

/**
 * Five stars as a radio group of native radios. The arrow keys move the stars ourselves (as the app's
 * segmented control does), so no browser turns an arrow into a click; a click, or Space, on the lit star
 * takes the stars off, and 0 to 5 typed in the group set them as the grid's keys do.
 */
export function StarRating({
  value,
  onChange
}: {
  value: number
  onChange: (rating: number) => void
}): ReactElement {
  const { t } = useTranslation()
  const name = useId()
  const hintId = useId()
  const inputs = useRef<(HTMLInputElement | null)[]>([])

  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const next = /^[0-5]$/.test(event.key) ? Number(event.key) : starAfter(event.key, value)
    if (next === null) return
    event.preventDefault()
    if (next !== value) onChange(next)
    // With no stars the first one keeps the keyboard, as an unchosen radio group's first radio does.
    inputs.current[Math.max(next, 1) - 1]?.focus()
  }

  return (
    <fieldset className="detail-stars" aria-describedby={hintId} onKeyDown={onKeyDown}>
      <legend>{t('gallery.marks.rating')}</legend>
      <div className="detail-stars-row">
        {STARS.map((star) => (
          <label
            key={star}
            className={star <= value ? 'detail-star lit' : 'detail-star'}
            title={star === value ? t('gallery.marks.clearTitle') : undefined}
          >
            <input
              ref={(element) => {
                inputs.current[star - 1] = element
              }}
              type="radio"
              name={name}
              value={star}
              checked={star === value}
              onChange={() => onChange(star)}
              // A radio already chosen fires no change: its click is the one that takes the stars off.
              onClick={() => {
                if (star === value) onChange(0)
              }}
            />
            {/* Filled and outlined, so a lit star never rests on its colour alone (WCAG 1.4.1). */}
            <span aria-hidden="true">{star <= value ? '★' : '☆'}</span>
            <span className="visually-hidden">{t('gallery.marks.stars', { count: star })}</span>
          </label>
        ))}
        <span className="detail-stars-words" aria-hidden="true">
          {value === 0 ? t('gallery.marks.none') : t('gallery.marks.stars', { count: value })}
        </span>
      </div>
      <p id={hintId} className="visually-hidden">
        {t('gallery.marks.hint')}
      </p>
    </fieldset>
  )
}

/** Where an arrow key, Home or End takes the stars from `value` (no wrapping: 5 is the end); null for other keys. */
function starAfter(key: string, value: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowUp') return Math.min(5, value + 1)
  if (key === 'ArrowLeft' || key === 'ArrowDown') return Math.max(1, value - 1)
  if (key === 'Home') return 1
  if (key === 'End') return 5
  return null
}

type NoteState = 'idle' | 'saving' | 'saved'

/**
 * An image's note: saved after a pause in typing and on leaving the field, and before the panel shows
 * another image. A note over the limit is not sent: the field says so, and by how much. A note changed
 * elsewhere (a teammate's, brought by a sync) replaces the one shown unless there are unsaved words here.
 */
export function ImageNote({ id, saved }: { id: string; saved: string }): ReactElement {
  const { t, i18n } = useTranslation()
  const { api } = useConnection()
  const [text, setText] = useState(saved)
  const [state, setState] = useState<NoteState>('idle')
  const [error, setError] = useState<AppError | null>(null)
  // What the backend holds, what is typed, and the save under way: read by the timer and on unmount.
  const stored = useRef(saved)
  const latest = useRef(saved)
  const running = useRef<Promise<void>>(Promise.resolve())
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const save = (): void => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    // One save at a time, in order: a later one never lands before an earlier one.
    running.current = running.current.then(async () => {
      const note = latest.current
      if (note === stored.current || note.length > NOTE_MAX) return
      setState('saving')
      const failure = await saveNote(api, id, note)
      setError(failure)
      if (!failure) stored.current = note
      setState(!failure && latest.current === note ? 'saved' : 'idle')
    })
  }
  // The latest `save` for the unmount below, which must not see the first render's.
  const saveRef = useRef(save)
  useEffect(() => {
    saveRef.current = save
  })
  useEffect(() => () => saveRef.current(), [])

  useEffect(() => {
    if (latest.current !== stored.current) return
    stored.current = saved
    latest.current = saved
    setText(saved)
  }, [saved])

  const tooLong = text.length > NOTE_MAX
  const count = (value: number): string => value.toLocaleString(i18n.language)
  const words = { count: count(text.length), max: count(NOTE_MAX) }
  return (
    <div className="detail-note">
      <Field
        label={t('gallery.marks.note')}
        error={tooLong ? t('gallery.marks.tooLong', words) : undefined}
        hint={text.length >= NEAR_LIMIT ? t('gallery.marks.length', words) : undefined}
      >
        <textarea
          value={text}
          rows={3}
          placeholder={t('gallery.marks.notePlaceholder')}
          onChange={(event) => {
            latest.current = event.target.value
            setText(event.target.value)
            setState('idle')
            if (timer.current) clearTimeout(timer.current)
            timer.current = setTimeout(save, NOTE_PAUSE_MS)
          }}
          onBlur={save}
        />
      </Field>
      <p className="detail-note-state" role="status">
        {state === 'saving' ? t('gallery.marks.saving') : state === 'saved' ? t('gallery.marks.saved') : ''}
      </p>
      {error && <ErrorNotice error={error} />}
    </div>
  )
}

/**
 * Keep or reject, as a batch's contact sheet marks them (and a teammate's reach this gallery): two toggle
 * buttons, the pressed one pressed again takes the mark off.
 */
export function VerdictChoice({
  value,
  onChange
}: {
  value: Verdict | null
  onChange: (verdict: Verdict | null) => void
}): ReactElement {
  const { t } = useTranslation()
  return (
    <div className="detail-verdict" role="group" aria-label={t('gallery.marks.verdict')}>
      {(['kept', 'rejected'] as const).map((verdict) => (
        <button
          key={verdict}
          type="button"
          className={`button small detail-verdict-${verdict}`}
          aria-pressed={value === verdict}
          onClick={() => onChange(value === verdict ? null : verdict)}
        >
          {t(`gallery.marks.${verdict}`)}
        </button>
      ))}
    </div>
  )
}
