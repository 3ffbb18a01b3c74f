import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import { placeOf } from '@shared/locations/place'
import {
  LocationSettings,
  type LocationCheck,
  type LocationKind,
  type LocationView
} from '@shared/schemas/locations'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'
import { failureLine } from '../../ui/errorWords'
import { SegmentedControl } from '../../ui/SegmentedControl'
import {
  addressMoved,
  draftOf,
  editDraft,
  emptyDraft,
  LOCATION_KINDS,
  problemWords,
  saveInputOf,
  settingsOf,
  testInputOf,
  type DraftField,
  type FieldErrors,
  type LocationDraft
} from './locationDraft'

/** The order a refused form's problems are met in, so the first one gets the focus. */
const FIELD_ORDER: readonly DraftField[] = [
  'endpoint',
  'region',
  'bucket',
  'prefix',
  'url',
  'path',
  'accessKeyId',
  'secretAccessKey',
  'username',
  'password',
  'name'
]

/** What Test connection answered, in the live region under the buttons. */
function CheckResult({ kind, check }: { kind: LocationKind; check: LocationCheck }): ReactElement {
  const { t } = useTranslation()
  if (check.ok)
    return (
      <div className="notice notice-ok">
        <p className="notice-title">{t('settings.locations.result.reached')}</p>
      </div>
    )
  return (
    <div className="notice notice-error">
      <p className="notice-title">{t('settings.locations.result.unreached')}</p>
      <p>{problemWords(t, kind, check)}</p>
      {check.status !== null && check.problem !== 'failed' && (
        <p className="notice-hint">{t('settings.locations.result.status', { status: check.status })}</p>
      )}
    </div>
  )
}

/**
 * Adds a location (`saved` null) or changes one. The secret fields start empty and are never filled from
 * the backend: left empty while editing, `credentials: null` keeps what is stored. What the form holds,
 * secrets included, lives in this component's state only and goes with it once saved or cancelled.
 */
/** How many gallery boards are linked to the saved location (none for a new one). */
function useLinkedBoards(saved: LocationView | null): number {
  const { api } = useConnection()
  const [linked, setLinked] = useState(0)
  const id = saved?.id ?? null
  useEffect(() => {
    if (id === null) return
    void api.call('team.boards', {}).then((result) => {
      if (result.ok) setLinked(result.value.filter((link) => link.locationId === id).length)
    })
  }, [api, id])
  return linked
}

export function LocationForm({
  saved,
  onSaved,
  onCancel
}: {
  saved: LocationView | null
  onSaved: (view: LocationView) => void
  onCancel: () => void
}): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const [draft, setDraft] = useState<LocationDraft>(() => (saved ? draftOf(saved) : emptyDraft()))
  /** Set by the first Test or Save: from then on each field's problem shows, and goes once fixed. */
  const [attempt, setAttempt] = useState<'test' | 'save' | null>(null)
  /** A refusal of the backend about one field (a name already taken). */
  const [refused, setRefused] = useState<FieldErrors>({})
  const [pending, setPending] = useState<'test' | 'save' | null>(null)
  const [result, setResult] = useState<LocationCheck | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const titleId = useId()
  const kindId = useId()
  const idPrefix = useId()
  const idOf = (field: DraftField): string => `${idPrefix}-${field}`

  // The form opens where the keyboard is: on the kind of a new location, the first field of a saved one.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input:checked, input')?.focus()
  }, [])

  const checked =
    attempt === 'save'
      ? saveInputOf(t, draft, saved)
      : attempt === 'test'
        ? testInputOf(t, draft, saved)
        : null
  const errors: FieldErrors = { ...(checked && !checked.ok ? checked.errors : {}), ...refused }
  const moved = addressMoved(draft, saved)
  // Another bucket, folder or server is another team library: the boards shared through this one are
  // unlinked on Save (they stay in the gallery). Said before Save, with how many.
  const linked = useLinkedBoards(saved)
  const settingsNow = LocationSettings.safeParse(settingsOf(draft))
  const elsewhere =
    saved !== null &&
    linked > 0 &&
    settingsNow.success &&
    placeOf(settingsNow.data) !== placeOf(saved.settings)

  const change = (patch: Partial<LocationDraft>): void => {
    setDraft((current) => editDraft(current, patch))
    if ('name' in patch) setRefused({})
    // A result is about the address and keys it was tested with.
    if (!('name' in patch)) setResult(null)
  }

  /** Moves the focus to the first field with a problem, so a keyboard or screen reader user lands on it. */
  const focusFirst = (found: FieldErrors): void => {
    const first = FIELD_ORDER.find((field) => found[field])
    if (first) document.getElementById(idOf(first))?.focus()
  }

  const test = async (): Promise<void> => {
    setAttempt('test')
    setError(null)
    const input = testInputOf(t, draft, saved)
    if (!input.ok) return focusFirst(input.errors)
    setPending('test')
    setResult(null)
    const answer = await api.call('locations.test', input.input)
    setPending(null)
    if (answer.ok) setResult(answer.value)
    else setError(answer.error)
  }

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    setAttempt('save')
    setError(null)
    const input = saveInputOf(t, draft, saved)
    if (!input.ok) return focusFirst(input.errors)
    setPending('save')
    const answer = await api.call('locations.save', input.input)
    setPending(null)
    if (answer.ok) return onSaved(answer.value)
    if (answer.error.words?.code === 'locationNameTaken') {
      setRefused({ name: failureLine(t, answer.error) })
      document.getElementById(idOf('name'))?.focus()
    } else setError(answer.error)
  }

  const text = (
    field: DraftField,
    options: {
      label: string
      hint?: string | undefined
      placeholder?: string
      secret?: boolean
      url?: boolean
      className?: string
    }
  ): ReactElement => (
    <Field
      id={idOf(field)}
      label={options.label}
      hint={options.hint}
      error={errors[field]}
      className={options.className}
    >
      <input
        type={options.secret ? 'password' : 'text'}
        value={draft[field]}
        placeholder={options.placeholder}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        {...(options.secret || field === 'accessKeyId' || field === 'username'
          ? { autoComplete: 'off' }
          : {})}
        {...(options.url ? { inputMode: 'url' as const } : {})}
        onChange={(event) => change({ [field]: event.target.value })}
      />
    </Field>
  )

  const keyHint = saved?.settings.kind === 's3' && saved.hasCredentials ? (saved.credentialHint ?? '') : null
  // Saved credentials are kept only on the server they were given for (P43): moved, the form says so.
  const keepHint = (words: string, otherwise?: string): string | undefined => (moved ? otherwise : words)
  const addressHint = (words: string): string => (moved ? t('settings.locations.form.movedServer') : words)

  return (
    <form
      ref={form}
      className="location-form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => void save(e)}
    >
      <h3 id={titleId}>
        {saved
          ? t('settings.locations.form.editTitle', { name: saved.name })
          : t('settings.locations.form.addTitle')}
      </h3>
      {!saved && (
        <div className="location-kind">
          <span id={kindId} className="location-kind-label">
            {t('settings.locations.form.kind')}
          </span>
          <SegmentedControl
            labelledBy={kindId}
            value={draft.kind}
            options={LOCATION_KINDS.map((kind) => ({
              value: kind,
              label: t(`settings.locations.kinds.${kind}`)
            }))}
            onChange={(kind) => {
              change({ kind })
              setAttempt(null)
            }}
          />
          <p className="field-hint">{t(`settings.locations.kindHints.${draft.kind}`)}</p>
        </div>
      )}

      {draft.kind === 's3' && (
        <div className="location-fields">
          {text('endpoint', {
            label: t('settings.locations.form.endpoint'),
            hint: addressHint(t('settings.locations.form.endpointHint')),
            placeholder: t('settings.locations.form.endpointPlaceholder'),
            url: true,
            className: 'span-4'
          })}
          {text('region', {
            label: t('settings.locations.form.region'),
            hint: t('settings.locations.form.regionHint'),
            placeholder: t('settings.locations.form.regionPlaceholder'),
            className: 'span-2'
          })}
          {text('bucket', { label: t('settings.locations.form.bucket'), className: 'span-3' })}
          {text('prefix', {
            label: t('settings.locations.form.prefix'),
            hint: t('settings.locations.form.prefixHint'),
            className: 'span-3'
          })}
          <div className="field span-6">
            <label className="check">
              <input
                type="checkbox"
                checked={draft.pathStyle}
                aria-describedby={`${idPrefix}-path-style-hint`}
                onChange={(event) => change({ pathStyle: event.target.checked })}
              />
              {t('settings.locations.form.pathStyle')}
            </label>
            <p id={`${idPrefix}-path-style-hint`} className="field-hint">
              {t('settings.locations.form.pathStyleHint')}
            </p>
          </div>
          {text('accessKeyId', {
            label: t('settings.locations.form.accessKeyId'),
            hint:
              keyHint !== null
                ? keepHint(
                    t('settings.locations.form.keepKeys', { hint: keyHint }),
                    t('settings.locations.form.keysHint')
                  )
                : t('settings.locations.form.keysHint'),
            className: 'span-3'
          })}
          {text('secretAccessKey', {
            label: t('settings.locations.form.secretAccessKey'),
            hint: saved?.hasCredentials ? keepHint(t('settings.locations.form.keepSecret')) : undefined,
            secret: true,
            className: 'span-3'
          })}
        </div>
      )}

      {draft.kind === 'webdav' && (
        <div className="location-fields">
          {text('url', {
            label: t('settings.locations.form.url'),
            hint: addressHint(t('settings.locations.form.urlHint')),
            placeholder: t('settings.locations.form.urlPlaceholder'),
            url: true,
            className: 'span-6'
          })}
          {text('username', {
            label: t('settings.locations.form.username'),
            hint: saved?.hasCredentials ? undefined : t('settings.locations.form.signInHint'),
            className: 'span-3'
          })}
          {text('password', {
            label: t('settings.locations.form.password'),
            hint: saved?.hasCredentials ? keepHint(t('settings.locations.form.keepPassword')) : undefined,
            secret: true,
            className: 'span-3'
          })}
        </div>
      )}

      {draft.kind === 'folder' && (
        <div className="location-fields">
          {text('path', {
            label: t('settings.locations.form.path'),
            hint: t('settings.locations.form.pathHint'),
            placeholder: t('settings.locations.form.pathPlaceholder'),
            className: 'span-6'
          })}
        </div>
      )}

      <div className="location-fields">
        {text('name', {
          label: t('settings.locations.form.name'),
          hint: t('settings.locations.form.nameHint'),
          className: 'span-3'
        })}
      </div>

      {elsewhere && (
        <p id={`${idPrefix}-elsewhere`} className="notice notice-warn">
          {t('settings.locations.form.elsewhere', { count: linked, name: saved.name })}
        </p>
      )}

      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}

      <div className="editor-actions">
        <button type="button" className="button" disabled={pending !== null} onClick={() => void test()}>
          {pending === 'test' ? t('settings.locations.form.testing') : t('settings.locations.form.test')}
        </button>
        <button
          type="submit"
          className="button primary"
          disabled={pending !== null}
          {...(elsewhere ? { 'aria-describedby': `${idPrefix}-elsewhere` } : {})}
        >
          {pending === 'save' ? t('settings.locations.form.saving') : t('settings.locations.form.save')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('settings.locations.form.cancel')}
        </button>
      </div>

      {/* Present from the start, so the answer of a test is read out when it arrives. */}
      <div role="status" className="location-result">
        {pending === 'test' && <p className="visually-hidden">{t('settings.locations.form.testing')}</p>}
        {result && <CheckResult kind={draft.kind} check={result} />}
      </div>
      {error && <ErrorNotice error={error} />}
    </form>
  )
}
