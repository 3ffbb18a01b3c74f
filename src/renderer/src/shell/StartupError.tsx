import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'

export function StartupError({ message }: { message: string }): ReactElement {
  const { t } = useTranslation()
  return (
    <main className="startup-error" role="alert">
      <h1>{t('app.startFailed')}</h1>
      <p>{message}</p>
    </main>
  )
}
