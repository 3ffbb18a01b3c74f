import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ModelView } from '@shared/schemas/profiles'

export function ModelTable({ models }: { models: ModelView[] }): ReactElement {
  const { t } = useTranslation()
  return (
    <table className="model-table">
      <thead>
        <tr>
          <th scope="col">{t('models.model')}</th>
          <th scope="col">{t('models.endpoints')}</th>
          <th scope="col">{t('models.billedPer')}</th>
        </tr>
      </thead>
      <tbody>
        {models.map((model) => (
          <tr key={model.id}>
            <td>
              <code>{model.id}</code>
            </td>
            <td>{model.supportedEndpoints.join(', ')}</td>
            <td>{model.billingUnit ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
