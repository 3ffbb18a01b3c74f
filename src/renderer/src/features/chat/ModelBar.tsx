/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useId, type ReactElement } from 'react'
import { STYLE_LABELS, stylesFor, type ChatStyle } from '@shared/schemas/chat'
import type { ModelView } from '@shared/schemas/profiles'
import { useConnection } from '../../store/app'
import { chooseModel, chooseStyle } from './actions'

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
  const selectId = useId()
  const current = models.find((m) => m.id === model)
  const styles = current ? stylesFor(current.supportedEndpoints) : style ? [style] : []
  const listed = model === null || current !== undefined

  return (
    <div className="model-bar">
      <div className="field model-field">
        <label htmlFor={selectId}>Model</label>
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
                ? 'Loading models…'
                : models.length === 0
                  ? 'No chat models on this gateway'
                  : 'Pick a model…'}
            </option>
          )}
          {!listed && model !== null && (
            <option value={model}>
              {model}
              {onOtherGateway ? ` (on ${onOtherGateway})` : loading ? ' (checking…)' : ' (not listed)'}
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
            Style
          </span>
          <div className="segmented" role="radiogroup" aria-labelledby={`${selectId}-style`}>
            {styles.map((s) => (
              <label key={s} className={s === style ? 'segment selected' : 'segment'}>
                <input
                  type="radio"
                  name="chat-style"
                  value={s}
                  checked={s === style}
                  onChange={() => void chooseStyle(api, s)}
                />
                {STYLE_LABELS[s]}
              </label>
            ))}
          </div>
        </div>
      ) : (
        style && (
          <div className="style-choice">
            <span className="style-label">Style</span>
            <span className="pill pill-accent" aria-label={`Style: ${STYLE_LABELS[style]}`}>
              {STYLE_LABELS[style]}
            </span>
          </div>
        )
      )}
    </div>
  )
}
