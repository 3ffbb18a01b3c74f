import { useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { ProfileView } from '@shared/schemas/profiles'
import { useConnection } from '../../store/app'
import { useProfilesStore } from '../../store/profiles'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'
import { GatewayEditor } from './GatewayEditor'

/** Settings › Gateways: every profile, which one is in use, and a form to add one. */
export function GatewaysSection(): ReactElement {
  const { api } = useConnection()
  const profiles = useProfilesStore((state) => state.profiles)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [baseUrl, setBaseUrl] = useState('')
  const [addError, setAddError] = useState<AppError | null>(null)
  const { t } = useTranslation()
  // The built-in gateway's name is ours to translate; a gateway the user named keeps its name.
  const shownName = (profile: { kind: string; name: string }): string =>
    profile.kind === 'demo' ? t('gateways.demoName') : profile.name
  const shownAddress = (profile: { kind: string; baseUrl: string }): string =>
    profile.kind === 'demo' ? t('gateways.builtIn') : profile.baseUrl
  // The row's spoken name starts with what it shows (WCAG 2.5.3: name, then address), then whether it is in use.
  const rowName = (profile: ProfileView): string => {
    const shown = `${shownName(profile)} ${shownAddress(profile)}`
    return profile.active ? t('gateways.inUseName', { name: shown }) : shown
  }
  const selected = profiles.find((profile) => profile.id === selectedId) ?? null

  const add = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    const result = await api.call('profiles.create', { name, baseUrl })
    if (!result.ok) {
      setAddError(result.error)
      return
    }
    setAddError(null)
    setName('')
    setBaseUrl('')
    useProfilesStore.getState().setProfiles(await api.invoke('profiles.list', {}))
    setSelectedId(result.value.id)
  }

  return (
    <section className="card" aria-labelledby="gateways-title">
      <div className="card-head">
        <h2 id="gateways-title">{t('gateways.title')}</h2>
        <p className="muted">{t('gateways.intro')}</p>
      </div>
      <ul className="profile-list" aria-label={t('gateways.profiles')}>
        {profiles.map((profile) => (
          <li key={profile.id} className={profile.id === selectedId ? 'profile-row selected' : 'profile-row'}>
            <button
              type="button"
              className="profile-main"
              aria-expanded={profile.id === selectedId}
              aria-label={rowName(profile)}
              onClick={() => setSelectedId(profile.id === selectedId ? null : profile.id)}
            >
              <span className="profile-name">{shownName(profile)}</span>{' '}
              <span className="profile-url">{shownAddress(profile)}</span>
            </button>
            <span className="profile-badges">
              {profile.active && <span className="pill pill-accent">{t('gateways.inUse')}</span>}
              {profile.kind === 'remote' && (
                <span className={profile.hasKey ? 'pill' : 'pill pill-warn'}>
                  {profile.hasKey
                    ? t('gateways.keyEndsIn', { last4: profile.keyLast4 ?? '' })
                    : profile.keyRemoved
                      ? t('gateways.keyRemoved')
                      : t('gateways.noKey')}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {selected && (
        <GatewayEditor key={selected.id} profile={selected} onDeleted={() => setSelectedId(null)} />
      )}
      <form className="add-profile" onSubmit={(event) => void add(event)} aria-labelledby="add-gateway-title">
        <h3 id="add-gateway-title">{t('gateways.add')}</h3>
        <div className="field-row">
          <Field label={t('gateways.name')}>
            <input
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder={t('gateways.namePlaceholder')}
            />
          </Field>
          <Field label={t('gateways.address')} className="grow">
            <input
              value={baseUrl}
              onChange={(event) => setBaseUrl(event.target.value)}
              placeholder={t('gateways.addressPlaceholder')}
              inputMode="url"
              spellCheck={false}
            />
          </Field>
          <button type="submit" className="button primary" disabled={!name.trim() || !baseUrl.trim()}>
            {t('gateways.addButton')}
          </button>
        </div>
        {addError && <ErrorNotice error={addError} />}
      </form>
    </section>
  )
}
