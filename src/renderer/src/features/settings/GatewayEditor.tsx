import { useState, type FormEvent, type ReactElement } from 'react'
import { keyRemovedMessage, type ModelCatalog, type ProfileView } from '@shared/schemas/profiles'
import type { AppError } from '@shared/result'
import { useConnection } from '../../store/app'
import { useProfilesStore } from '../../store/profiles'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { CancelCall } from './CancelCall'
import { ModelTable } from './ModelTable'

type Pending = 'key' | 'test' | 'activate' | 'advanced' | 'delete' | null

/** One profile opened: its key (write-only), a connection test, switching to it, advanced names, deletion. */
export function GatewayEditor({
  profile,
  onDeleted
}: {
  profile: ProfileView
  onDeleted: () => void
}): ReactElement {
  const { api } = useConnection()
  const [apiKey, setApiKey] = useState('')
  const [weakWarning, setWeakWarning] = useState<string | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [tested, setTested] = useState<ModelCatalog | null>(null)
  const [pending, setPending] = useState<Pending>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [fieldMap, setFieldMap] = useState(JSON.stringify(profile.fieldMap, null, 2))
  const [extraFields, setExtraFields] = useState(JSON.stringify(profile.extraFields, null, 2))
  const remote = profile.kind === 'remote'

  const run = async <T,>(
    what: Pending,
    fn: () => Promise<{ ok: true; value: T } | { ok: false; error: AppError }>
  ) => {
    setPending(what)
    setError(null)
    const result = await fn()
    setPending(null)
    if (!result.ok) setError(result.error)
    return result
  }

  const saveKey = async (event: FormEvent | null, acceptWeakProtection = false): Promise<void> => {
    event?.preventDefault()
    const result = await run('key', () =>
      api.call('secrets.setKey', { profileId: profile.id, apiKey, acceptWeakProtection })
    )
    if (result.ok) {
      setApiKey('')
      setWeakWarning(null)
    } else if (result.error.code === 'secrets.weak_protection') {
      setError(null)
      setWeakWarning(result.error.message)
    }
  }

  const test = async (): Promise<void> => {
    setTested(null)
    const result = await run('test', () => api.call('profiles.testConnection', { id: profile.id }))
    if (result.ok) setTested(result.value.catalog)
  }

  const saveAdvanced = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    let parsedMap: unknown
    let parsedExtras: unknown
    try {
      parsedMap = JSON.parse(fieldMap)
      parsedExtras = JSON.parse(extraFields)
    } catch (cause) {
      setError({ code: 'invalid_input', message: `That is not valid JSON: ${(cause as Error).message}` })
      return
    }
    await run('advanced', () =>
      api.call('profiles.update', { id: profile.id, fieldMap: parsedMap, extraFields: parsedExtras })
    )
  }

  const remove = async (): Promise<void> => {
    const result = await run('delete', () => api.call('profiles.delete', { id: profile.id }))
    if (result.ok) {
      useProfilesStore.getState().setProfiles(await api.invoke('profiles.list', {}))
      onDeleted()
    }
  }

  return (
    <div className="profile-editor" role="region" aria-label={`${profile.name} details`}>
      <div className="editor-actions">
        {!profile.active && (
          <button
            type="button"
            className="button primary"
            disabled={pending !== null}
            onClick={() => void run('activate', () => api.call('profiles.activate', { id: profile.id }))}
          >
            Use this gateway
          </button>
        )}
        <button type="button" className="button" disabled={pending !== null} onClick={() => void test()}>
          {pending === 'test' ? 'Testing…' : 'Test connection'}
        </button>
        {remote && !confirmDelete && (
          <button type="button" className="button danger-quiet" onClick={() => setConfirmDelete(true)}>
            Delete…
          </button>
        )}
      </div>

      {confirmDelete && (
        <div className="notice notice-warn" role="alertdialog" aria-label="Confirm deletion">
          <p>
            Delete <strong>{profile.name}</strong>? Its stored key and cached model list are removed too.
            Images you made with it stay in your library.
          </p>
          <div className="editor-actions">
            <button type="button" className="button danger" onClick={() => void remove()}>
              Delete gateway
            </button>
            <button type="button" className="button" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
          </div>
        </div>
      )}

      {remote && profile.keyRemoved && (
        // The address moved to another server, which took the key with it (issue 11): say so, ask again.
        <div className="notice notice-warn" role="alert">
          <p>{keyRemovedMessage(profile.keyRemoved.origin)}</p>
        </div>
      )}

      {remote && (
        <form className="field-row" onSubmit={(event) => void saveKey(event)}>
          <label className="field grow">
            <span>
              API key {profile.hasKey ? `(stored, ends in ${profile.keyLast4 ?? '?'})` : '(none stored)'}
            </span>
            <input
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={apiKey}
              placeholder={
                profile.hasKey
                  ? 'Enter a new key to replace it'
                  : profile.keyRemoved
                    ? `Paste the key for ${profile.keyRemoved.origin}`
                    : 'Paste the key for this gateway'
              }
              onChange={(event) => setApiKey(event.target.value)}
            />
          </label>
          <button
            type="submit"
            className="button primary"
            disabled={apiKey.trim().length === 0 || pending !== null}
          >
            Save key
          </button>
          {profile.hasKey && (
            <button
              type="button"
              className="button"
              disabled={pending !== null}
              onClick={() => void run('key', () => api.call('secrets.clearKey', { id: profile.id }))}
            >
              Remove key
            </button>
          )}
        </form>
      )}

      {weakWarning && (
        <div className="notice notice-warn" role="alertdialog" aria-label="Weak key protection">
          <p className="notice-title">This computer cannot lock the key away</p>
          <p>{weakWarning}. Anyone who can read your files as you could recover it.</p>
          <div className="editor-actions">
            <button type="button" className="button primary" onClick={() => void saveKey(null, true)}>
              Store the key anyway
            </button>
            <button type="button" className="button" onClick={() => setWeakWarning(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}

      {error && <ErrorNotice error={error} />}
      {tested && (
        <div className="notice notice-ok" role="status">
          <p className="notice-title">
            Connected: {tested.models.length} model{tested.models.length === 1 ? '' : 's'} available
          </p>
          <ModelTable models={tested.models} />
        </div>
      )}

      {remote && (
        <details className="advanced">
          <summary>Advanced: field names and extra JSON fields</summary>
          <p className="muted">
            Some gateways name hidden fields differently. Change a name here; extra fields are merged into
            requests of the endpoints that accept them.
          </p>
          <form onSubmit={(event) => void saveAdvanced(event)} className="advanced-form">
            <label className="field">
              <span>Field names</span>
              <textarea
                rows={8}
                spellCheck={false}
                value={fieldMap}
                onChange={(e) => setFieldMap(e.target.value)}
              />
            </label>
            <label className="field">
              <span>Extra JSON fields</span>
              <textarea
                rows={4}
                spellCheck={false}
                value={extraFields}
                onChange={(e) => setExtraFields(e.target.value)}
              />
            </label>
            <CancelCall profile={profile} fieldMapText={fieldMap} onFieldMap={setFieldMap} />
            <button type="submit" className="button" disabled={pending !== null}>
              Save advanced settings
            </button>
          </form>
        </details>
      )}
    </div>
  )
}
