import { useState, type ReactElement } from 'react'
import type { Settings } from '@shared/schemas/settings'
import { useAppStore, useConnection } from '../../store/app'
import { GatewaysSection } from './GatewaysSection'
import { ScreenHeader } from '../../ui/ScreenHeader'

const themeLabels: Record<Settings['theme'], string> = {
  system: 'Follow the system',
  light: 'Light',
  dark: 'Dark'
}

export function SettingsScreen(): ReactElement {
  const { api } = useConnection()
  const info = useAppStore((state) => state.info)
  const settings = useAppStore((state) => state.settings)
  const setSettings = useAppStore((state) => state.setSettings)
  const [error, setError] = useState<string | null>(null)

  // Optimistic: the control reflects the click at once and rolls back if the backend refuses.
  const update = async (patch: Partial<Settings>): Promise<void> => {
    const before = settings
    if (before) setSettings({ ...before, ...patch })
    const result = await api.call('settings.update', patch)
    if (result.ok) {
      setSettings(result.value)
      setError(null)
    } else {
      if (before) setSettings(before)
      setError(result.error.message)
    }
  }

  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeader title="Settings" />
      <div className="screen-body settings">
        <GatewaysSection />
        <section className="card" aria-labelledby="appearance-title">
          <h2 id="appearance-title">Appearance</h2>
          <fieldset className="radio-row">
            <legend>Theme</legend>
            {(Object.keys(themeLabels) as Settings['theme'][]).map((theme) => (
              <label key={theme} className="radio">
                <input
                  type="radio"
                  name="theme"
                  value={theme}
                  checked={settings?.theme === theme}
                  onChange={() => void update({ theme })}
                />
                {themeLabels[theme]}
              </label>
            ))}
          </fieldset>
          <label className="check">
            <input
              type="checkbox"
              checked={settings?.notifyOnJobFinish ?? true}
              onChange={(event) => void update({ notifyOnJobFinish: event.target.checked })}
            />
            Tell me when a long image or video job finishes
          </label>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
        </section>
        <section className="card" aria-labelledby="about-title">
          <h2 id="about-title">About</h2>
          <dl className="facts">
            <dt>Version</dt>
            <dd>{info?.version}</dd>
            <dt>Running as</dt>
            <dd>{info?.host === 'electron' ? 'Desktop app' : 'Web host (browser tab)'}</dd>
            <dt>Data folder</dt>
            <dd>
              <code>{info?.dataDir}</code>
            </dd>
          </dl>
        </section>
      </div>
    </section>
  )
}
