import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { connect } from './api'
import { App } from './App'
import { i18n, resolveLanguage } from './i18n'
import { bridgeEvents, followLink } from './shell/bridge'
import { StartupError } from './shell/StartupError'
import { useAppStore } from './store/app'
import { useProfilesStore } from './store/profiles'
import './styles/app.css'

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement)
  try {
    const connection = await connect()
    const [info, settings, profiles, storage] = await Promise.all([
      connection.api.invoke('app.info', {}),
      connection.api.invoke('settings.get', {}),
      connection.api.invoke('profiles.list', {}),
      connection.api.invoke('app.storage', {})
    ])
    // The first paint is already in the chosen language (the App follows later changes).
    await i18n.changeLanguage(resolveLanguage(settings.language, navigator.languages))
    useProfilesStore.getState().setProfiles(profiles)
    bridgeEvents(connection)
    useAppStore.getState().setConnection(connection, info, settings)
    useAppStore.getState().setStorage(storage)
    followLink(connection)
    root.render(
      <StrictMode>
        <App />
      </StrictMode>
    )
  } catch (error) {
    root.render(<StartupError message={error instanceof Error ? error.message : String(error)} />)
  }
}

void start()
