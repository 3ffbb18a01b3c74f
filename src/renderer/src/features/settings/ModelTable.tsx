import type { ReactElement } from 'react'
import type { ModelView } from '@shared/schemas/profiles'

export function ModelTable({ models }: { models: ModelView[] }): ReactElement {
  return (
    <table className="model-table">
      <thead>
        <tr>
          <th scope="col">Model</th>
          <th scope="col">Endpoints</th>
          <th scope="col">Billed per</th>
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
