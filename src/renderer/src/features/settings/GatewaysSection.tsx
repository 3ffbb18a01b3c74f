import { useState, type FormEvent, type ReactElement } from 'react'
import type { AppError } from '@shared/result'
import { useConnection } from '../../store/app'
import { useProfilesStore } from '../../store/profiles'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { GatewayEditor } from './GatewayEditor'

/** Settings › Gateways: every profile, which one is in use, and a form to add one. */
export function GatewaysSection(): ReactElement {
  const { api } = useConnection()
  const profiles = useProfilesStore((state) => state.profiles)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [baseUrl, setBaseUrl] = useState('')
  const [addError, setAddError] = useState<AppError | null>(null)
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
        <h2 id="gateways-title">Gateways</h2>
        <p className="muted">
          The gateway in use serves every screen. The demo gateway runs on this computer and needs no key.
        </p>
      </div>
      <ul className="profile-list" aria-label="Gateway profiles">
        {profiles.map((profile) => (
          <li key={profile.id} className={profile.id === selectedId ? 'profile-row selected' : 'profile-row'}>
            <button
              type="button"
              className="profile-main"
              aria-expanded={profile.id === selectedId}
              aria-label={`${profile.name}${profile.active ? ' (in use)' : ''}`}
              onClick={() => setSelectedId(profile.id === selectedId ? null : profile.id)}
            >
              <span className="profile-name">{profile.name}</span>
              <span className="profile-url">{profile.baseUrl}</span>
            </button>
            <span className="profile-badges">
              {profile.active && <span className="pill pill-accent">In use</span>}
              {profile.kind === 'remote' && (
                <span className={profile.hasKey ? 'pill' : 'pill pill-warn'}>
                  {profile.hasKey
                    ? `Key ••••${profile.keyLast4 ?? ''}`
                    : profile.keyRemoved
                      ? 'Key removed'
                      : 'No key'}
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
        <h3 id="add-gateway-title">Add a gateway</h3>
        <div className="field-row">
          <label className="field">
            <span>Name</span>
            <input
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Team gateway"
            />
          </label>
          <label className="field grow">
            <span>Address</span>
            <input
              value={baseUrl}
              onChange={(event) => setBaseUrl(event.target.value)}
              placeholder="https://gateway.example.com/t/your-team"
              inputMode="url"
              spellCheck={false}
            />
          </label>
          <button type="submit" className="button primary" disabled={!name.trim() || !baseUrl.trim()}>
            Add gateway
          </button>
        </div>
        {addError && <ErrorNotice error={addError} />}
      </form>
    </section>
  )
}
