import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, SPOKEN_LANGUAGES } from '@shared/language'
import type { Settings } from '@shared/schemas/settings'
import { useAppStore, useConnection } from '../../store/app'
import { GatewaysSection } from './GatewaysSection'
import { LocationsSection } from './LocationsSection'
import { PresetsSection } from './PresetsSection'
import './settings.css'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { failureLine } from '../../ui/errorWords'

const themes: readonly Settings['theme'][] = ['system', 'light', 'dark']
const languages: readonly Settings['language'][] = ['system', ...SPOKEN_LANGUAGES]

export function SettingsScreen(): ReactElement {
  const { api } = useConnection()
  const info = useAppStore((state) => state.info)
  const settings = useAppStore((state) => state.settings)
  const setSettings = useAppStore((state) => state.setSettings)
  const [error, setError] = useState<string | null>(null)
  const { t } = useTranslation()

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
      setError(failureLine(t, result.error))
    }
  }

  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeader title={t('settings.title')} />
      <div className="screen-body settings">
        <GatewaysSection />
        <LocationsSection />
        <section className="card" aria-labelledby="appearance-title">
          <h2 id="appearance-title">{t('settings.appearance')}</h2>
          <fieldset className="radio-row">
            <legend>{t('settings.theme')}</legend>
            {themes.map((theme) => (
              <label key={theme} className="radio">
                <input
                  type="radio"
                  name="theme"
                  value={theme}
                  checked={settings?.theme === theme}
                  onChange={() => void update({ theme })}
                />
                {t(`settings.themes.${theme}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="radio-row">
            <legend>{t('settings.language')}</legend>
            {languages.map((language) => (
              <label key={language} className="radio">
                <input
                  type="radio"
                  name="language"
                  value={language}
                  checked={(settings?.language ?? 'system') === language}
                  onChange={() => void update({ language })}
                />
                <span lang={language === 'system' ? undefined : language}>
                  {language === 'system' ? t('settings.languages.system') : LANGUAGES[language].name}
                </span>
              </label>
            ))}
          </fieldset>
          <label className="check">
            <input
              type="checkbox"
              checked={settings?.notifyOnJobFinish ?? true}
              onChange={(event) => void update({ notifyOnJobFinish: event.target.checked })}
            />
            {t('settings.notifyOnJobFinish')}
          </label>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
        </section>
        <PresetsSection />
        <section className="card" aria-labelledby="about-title">
          <h2 id="about-title">{t('settings.about')}</h2>
          <dl className="facts">
            <dt>{t('settings.version')}</dt>
            <dd>{info?.version}</dd>
            <dt>{t('settings.runningAs')}</dt>
            <dd>{info?.host === 'electron' ? t('settings.desktopApp') : t('settings.webHost')}</dd>
            <dt>{t('settings.dataFolder')}</dt>
            <dd>
              <code>{info?.dataDir}</code>
            </dd>
          </dl>
        </section>
      </div>
    </section>
  )
}
