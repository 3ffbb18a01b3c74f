import type { AppInfo } from '@shared/schemas/app'
import type { Settings } from '@shared/schemas/settings'

/** What `app.info` says in a renderer test: a web host on Linux; each test changes what it looks at. */
export const testInfo = (patch: Partial<AppInfo> = {}): AppInfo => ({
  name: 'Gateway Studio',
  version: '0.1.0',
  dataDir: '/data',
  host: 'web',
  platform: 'linux',
  userName: 'ana',
  ...patch
})

/** Settings as a fresh install has them, in English and light; each test changes what it looks at. */
export const testSettings = (patch: Partial<Settings> = {}): Settings => ({
  theme: 'light',
  language: 'en',
  notifyOnJobFinish: true,
  exportNameTemplate: '{date}_{model}_{index}',
  teamName: '',
  ...patch
})
