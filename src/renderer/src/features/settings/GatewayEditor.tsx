import { useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ModelCatalog, ProfileView } from '@shared/schemas/profiles'
import type { AppError } from '@shared/result'
import { useConnection } from '../../store/app'
import { useProfilesStore } from '../../store/profiles'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { failureLine } from '../../ui/errorWords'
import { Field } from '../../ui/Field'
import { CancelCall } from './CancelCall'
import { LaneLimits } from './LaneLimits'
import { ModelTable } from './ModelTable'
import { PricesSection } from './PricesSection'
import { SpendingCaps } from './SpendingCaps'

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
  /** The refusal that asks before storing under weak protection; its reason is worded as it renders. */
  const [weakWarning, setWeakWarning] = useState<AppError | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [tested, setTested] = useState<ModelCatalog | null>(null)
  const [pending, setPending] = useState<Pending>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [fieldMap, setFieldMap] = useState(JSON.stringify(profile.fieldMap, null, 2))
  const [extraFields, setExtraFields] = useState(JSON.stringify(profile.extraFields, null, 2))
  const remote = profile.kind === 'remote'
  const { t } = useTranslation()

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
      setWeakWarning(result.error)
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
      setError({
        code: 'invalid_input',
        message: t('gateways.notJson', { reason: (cause as Error).message })
      })
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
    <div
      className="profile-editor"
      role="region"
      aria-label={t('gateways.details', { name: remote ? profile.name : t('gateways.demoName') })}
    >
      <div className="editor-actions">
        {!profile.active && (
          <button
            type="button"
            className="button primary"
            disabled={pending !== null}
            onClick={() => void run('activate', () => api.call('profiles.activate', { id: profile.id }))}
          >
            {t('gateways.use')}
          </button>
        )}
        <button type="button" className="button" disabled={pending !== null} onClick={() => void test()}>
          {pending === 'test' ? t('gateways.testing') : t('gateways.test')}
        </button>
        {remote && (
          <button type="button" className="button danger-quiet" onClick={() => setConfirmDelete(true)}>
            {t('gateways.delete')}
          </button>
        )}
      </div>

      {confirmDelete && (
        <ConfirmDialog
          title={t('gateways.confirmDeletion', { name: profile.name })}
          description={<p>{t('gateways.deleteQuestion')}</p>}
          keepLabel={t('gateways.keep')}
          confirmLabel={t('gateways.deleteGateway')}
          onConfirm={remove}
          onClose={() => setConfirmDelete(false)}
        />
      )}

      {remote && profile.keyRemoved && (
        // The address moved to another server, which took the key with it: say so, ask again.
        <div className="notice notice-warn" role="alert">
          <p>{t('errors.backend.keyRemoved', { origin: profile.keyRemoved.origin })}</p>
        </div>
      )}

      {remote && (
        <form className="field-row" onSubmit={(event) => void saveKey(event)}>
          <label className="field grow">
            <span>
              {profile.hasKey
                ? t('gateways.apiKeyStored', { last4: profile.keyLast4 ?? '?' })
                : t('gateways.apiKeyNone')}
            </span>
            <input
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={apiKey}
              placeholder={
                profile.hasKey
                  ? t('gateways.keyReplace')
                  : profile.keyRemoved
                    ? t('gateways.keyForOrigin', { origin: profile.keyRemoved.origin })
                    : t('gateways.keyForGateway')
              }
              onChange={(event) => setApiKey(event.target.value)}
            />
          </label>
          <button
            type="submit"
            className="button primary"
            disabled={apiKey.trim().length === 0 || pending !== null}
          >
            {t('gateways.saveKey')}
          </button>
          {profile.hasKey && (
            <button
              type="button"
              className="button"
              disabled={pending !== null}
              onClick={() => void run('key', () => api.call('secrets.clearKey', { id: profile.id }))}
            >
              {t('gateways.removeKey')}
            </button>
          )}
        </form>
      )}

      {weakWarning && (
        <ConfirmDialog
          title={t('gateways.weakProtection')}
          description={
            <>
              <p className="notice-title">{t('gateways.weakTitle')}</p>
              <p>{t('gateways.weakBody', { reason: failureLine(t, weakWarning) })}</p>
            </>
          }
          tone="primary"
          keepLabel={t('gateways.cancel')}
          confirmLabel={t('gateways.storeAnyway')}
          onConfirm={() => saveKey(null, true)}
          onClose={() => setWeakWarning(null)}
        />
      )}

      {error && <ErrorNotice error={error} />}
      {tested && (
        <div className="notice notice-ok" role="status">
          <p className="notice-title">{t('gateways.connected', { count: tested.models.length })}</p>
          <ModelTable models={tested.models} />
        </div>
      )}

      {remote && (
        <details className="advanced">
          <summary>{t('gateways.advanced')}</summary>
          <p className="muted">{t('gateways.advancedIntro')}</p>
          <form onSubmit={(event) => void saveAdvanced(event)} className="advanced-form">
            <Field label={t('gateways.fieldNames')}>
              <textarea
                rows={8}
                spellCheck={false}
                value={fieldMap}
                onChange={(e) => setFieldMap(e.target.value)}
              />
            </Field>
            <Field label={t('gateways.extraFields')}>
              <textarea
                rows={4}
                spellCheck={false}
                value={extraFields}
                onChange={(e) => setExtraFields(e.target.value)}
              />
            </Field>
            <CancelCall profile={profile} fieldMapText={fieldMap} onFieldMap={setFieldMap} />
            <button type="submit" className="button" disabled={pending !== null}>
              {t('gateways.saveAdvanced')}
            </button>
          </form>
        </details>
      )}
      <LaneLimits profileId={profile.id} />
      <PricesSection profileId={profile.id} />
      <SpendingCaps profileId={profile.id} />
    </div>
  )
}
