import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ModelView } from '@shared/schemas/profiles'
import type { ControlProps } from '../../ui/Field'
import { ModelPicker } from '../../ui/ModelPicker'
import { useUnavailableModels } from '../../ui/modelAvailability'
import { useLastUsed } from '../../ui/useLastUsed'
import { unlistedModelNotice } from '../../ui/useModels'
import { useEditStore } from './store'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * The Edit screen's model: the shared picker over the edit-capable models, and the screen's memory of its
 * last model and options across restarts; a remembered model the gateway dropped is said so.
 */
export function EditModelPicker({
  fieldProps,
  models,
  loading,
  ready,
  gateway,
  onNotice
}: {
  /** The id, description and validity ui/Field gives its control. */
  fieldProps: ControlProps
  models: ModelView[]
  loading: boolean
  ready: boolean
  gateway: string
  onNotice: (notice: string | null) => void
}): ReactElement {
  const { t } = useTranslation()
  const modelId = useEditStore((state) => state.model)
  const options = useEditStore((state) => state.options)
  const unavailable = useUnavailableModels()
  useLastUsed(
    'edit',
    { model: modelId, params: { n: options.n, outputFormat: options.outputFormat } },
    {
      models,
      ready,
      pristine: options.n === '' && options.outputFormat === '',
      restore: (model, params, remembered) => {
        const store = useEditStore.getState()
        if (model) store.setModel(model)
        else onNotice(unlistedModelNotice(remembered, gateway, t))
        store.setOptions({ n: text(params.n), outputFormat: text(params.outputFormat) })
      }
    }
  )
  return (
    <ModelPicker
      id={fieldProps.id}
      describedBy={fieldProps['aria-describedby']}
      invalid={fieldProps['aria-invalid']}
      models={models}
      value={modelId}
      unavailable={unavailable}
      placeholder={loading ? t('edit.form.loadingModels') : t('edit.form.noModel')}
      onChange={(picked) => {
        onNotice(null)
        useEditStore.getState().setModel(picked.id)
      }}
    />
  )
}
