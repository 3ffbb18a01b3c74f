import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ModelView } from '@shared/schemas/profiles'
import { ModelPicker } from '../../ui/ModelPicker'
import { useUnavailableModels } from '../../ui/modelAvailability'
import { useLastUsed } from '../../ui/useLastUsed'
import { unlistedModelNotice } from '../../ui/useModels'
import { emptyVideoDraft, type VideoDraft } from './form'
import { useVideoStore } from './store'

/** The parameters remembered across restarts: the look of a video, not its prompt, seed or first frame. */
const REMEMBERED = ['duration', 'width', 'height', 'resolution', 'ratio', 'watermark', 'audio'] as const
type Remembered = Pick<VideoDraft, (typeof REMEMBERED)[number]>

/**
 * The Video screen's model: the shared picker over the models with the video endpoint, and the screen's
 * memory of its last model and parameters across restarts.
 */
export function VideoModelPicker({
  fieldProps,
  models,
  modelId,
  loading,
  ready,
  gateway
}: {
  fieldProps: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }
  models: ModelView[]
  /** The model shown: the chosen one, or the first listed while none is. */
  modelId: string
  loading: boolean
  ready: boolean
  gateway: string
}): ReactElement {
  const { t } = useTranslation()
  const draft = useVideoStore((state) => state.draft)
  const unavailable = useUnavailableModels()
  const params = Object.fromEntries(REMEMBERED.map((key) => [key, draft[key]])) as Remembered
  useLastUsed(
    'video',
    { model: modelId, params },
    {
      models,
      ready,
      pristine: REMEMBERED.every((key) => draft[key] === emptyVideoDraft[key]),
      restore: (model, saved, remembered) => {
        const store = useVideoStore.getState()
        const patch: Partial<VideoDraft> = {}
        for (const key of REMEMBERED) {
          const value = saved[key]
          if (typeof value !== 'string') continue
          if (key === 'watermark' || key === 'audio') {
            if (value === 'on' || value === 'off' || value === 'default') patch[key] = value
          } else patch[key] = value
        }
        store.edit({ ...patch, ...(model ? { model } : {}) })
        if (!model) store.setModelNotice(unlistedModelNotice(remembered, gateway, t))
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
      disabled={models.length === 0}
      placeholder={loading ? t('video.form.loadingModels') : t('video.form.noModel')}
      onChange={(picked) => {
        const store = useVideoStore.getState()
        store.setModelNotice(null)
        store.edit({ model: picked.id })
      }}
    />
  )
}
