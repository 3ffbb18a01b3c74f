import { useId, useMemo, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { ChatStyle, stylesFor } from '@shared/schemas/chat'
import type { ModelView } from '@shared/schemas/profiles'
import { useConnection } from '../../store/app'
import { ModelPicker } from '../../ui/ModelPicker'
import { useUnavailableModels, type ModelAttempt } from '../../ui/modelAvailability'
import { useLastUsed } from '../../ui/useLastUsed'
import { SegmentedControl } from '../../ui/SegmentedControl'
import { selectCurrentConversation, useChatStore } from './store'
import { chooseModel, chooseStyle } from './actions'
import { styleLabel } from './words'

/** What the replies loaded so far say about their models: a 503 or 403 marks one in the picker. */
function useChatAttempts(): ModelAttempt[] {
  const messages = useChatStore((state) => state.messages)
  return useMemo(
    () =>
      Object.values(messages).flatMap((m): ModelAttempt[] =>
        m.role !== 'assistant' || !m.model
          ? []
          : m.status === 'complete'
            ? [{ model: m.model, at: m.updatedAt, failure: null }]
            : m.status === 'error' && m.error?.code.startsWith('gateway.')
              ? [{ model: m.model, at: m.updatedAt, failure: m.error.code.slice('gateway.'.length) }]
              : []
      ),
    [messages]
  )
}

/**
 * The chat's last model, style and settings come back after a restart, into a new chat; the
 * tools are left out (they are long JSON, and belong to what is being built, not to the picker).
 */
function useChatMemory(
  models: ModelView[],
  ready: boolean,
  model: string | null,
  style: ChatStyle | null
): void {
  const settings = useChatStore((state) => (selectCurrentConversation(state) ?? state.draft).settings)
  const pristine = useChatStore((state) => state.draft.model === null)
  const { temperature, maxTokens, stream } = settings
  useLastUsed(
    'chat',
    { model, params: { style, temperature, maxTokens, stream } },
    {
      models,
      ready,
      pristine,
      restore: (remembered, params) => {
        const state = useChatStore.getState()
        const picked = models.find((m) => m.id === remembered)
        const savedStyle = ChatStyle.safeParse(params.style)
        const styles = picked ? stylesFor(picked.supportedEndpoints) : []
        const num = (value: unknown): number | null => (typeof value === 'number' ? value : null)
        state.setDraft({
          ...(picked && {
            model: picked.id,
            style:
              savedStyle.success && styles.includes(savedStyle.data) ? savedStyle.data : (styles[0] ?? null)
          }),
          settings: {
            ...state.draft.settings,
            temperature: num(params.temperature),
            maxTokens: num(params.maxTokens),
            stream: typeof params.stream === 'boolean' ? params.stream : state.draft.settings.stream
          }
        })
      }
    }
  )
}

/**
 * The model picker (only models with a chat-style endpoint) and the style the conversation uses: the
 * model's only style as a label, or a choice between the styles it supports.
 */
export function ModelBar({
  models,
  loading,
  model,
  style,
  onOtherGateway,
  ready = false
}: {
  models: ModelView[]
  loading: boolean
  /** The listing has arrived: the remembered model can be put back (or known to be gone). */
  ready?: boolean
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
  const unavailable = useUnavailableModels(useChatAttempts())
  useChatMemory(models, ready, model, style)

  return (
    <div className="model-bar">
      <div className="field model-field">
        <label htmlFor={selectId}>{t('chat.model.label')}</label>
        <ModelPicker
          id={selectId}
          models={models}
          value={model}
          onChange={(picked) => void chooseModel(api, picked)}
          unavailable={unavailable}
          placeholder={
            loading
              ? t('chat.loadingModels')
              : models.length === 0
                ? t('chat.model.noModels')
                : t('chat.model.pick')
          }
          unlistedText={
            listed || model === null
              ? undefined
              : onOtherGateway
                ? t('chat.model.onGateway', { model, gateway: onOtherGateway })
                : loading
                  ? t('chat.model.checking', { model })
                  : t('chat.model.unlisted', { model })
          }
        />
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
