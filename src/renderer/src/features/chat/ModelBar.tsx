import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { stylesFor, type ChatStyle } from '@shared/schemas/chat'
import type { ModelView } from '@shared/schemas/profiles'
import { useConnection } from '../../store/app'
import { SegmentedControl } from '../../ui/SegmentedControl'
import { chooseModel, chooseStyle } from './actions'
import { styleLabel } from './words'

/**
 * The model picker (only models with a chat-style endpoint) and the style the conversation uses: the
 * model's only style as a label, or a choice between the styles it supports.
 */
export function ModelBar({
  models,
  loading,
  model,
  style,
  onOtherGateway
}: {
  models: ModelView[]
  loading: boolean
  model: string | null
  style: ChatStyle | null
  /** The conversation was made on a gateway other than the one in use. */
  onOtherGateway: string | null
}): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const selectId = useId()
  const current = models.find((m) => m.id === model)
  const styles = current ? stylesFor(current.supportedEndpoints) : style ? [style] : []
  const listed = model === null || current !== undefined

  return (
    <div className="model-bar">
      <div className="field model-field">
        <label htmlFor={selectId}>{t('chat.model.label')}</label>
        <select
          id={selectId}
          value={model ?? ''}
          onChange={(event) => {
            const picked = models.find((m) => m.id === event.target.value)
            if (picked) void chooseModel(api, picked)
          }}
        >
          {model === null && (
            <option value="" disabled>
              {loading
                ? t('chat.loadingModels')
                : models.length === 0
                  ? t('chat.model.noModels')
                  : t('chat.model.pick')}
            </option>
          )}
          {!listed && model !== null && (
            <option value={model}>
              {onOtherGateway
                ? t('chat.model.onGateway', { model, gateway: onOtherGateway })
                : loading
                  ? t('chat.model.checking', { model })
                  : t('chat.model.unlisted', { model })}
            </option>
          )}
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.id}
            </option>
          ))}
        </select>
      </div>
      {styles.length > 1 ? (
        <div className="style-choice">
          <span className="style-label" id={`${selectId}-style`}>
            {t('chat.model.style')}
          </span>
          <SegmentedControl
            labelledBy={`${selectId}-style`}
            options={styles.map((s) => ({ value: s, label: styleLabel(t, s) }))}
            value={style}
            onChange={(s) => void chooseStyle(api, s)}
          />
        </div>
      ) : (
        style && (
          <div className="style-choice">
            <span className="style-label">{t('chat.model.style')}</span>
            <span
              className="pill pill-accent"
              aria-label={t('chat.model.styleIs', { style: styleLabel(t, style) })}
            >
              {styleLabel(t, style)}
            </span>
          </div>
        )
      )}
    </div>
  )
}
