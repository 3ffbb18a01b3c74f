import { useCallback, useEffect, useMemo, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { patchSettings, stylesFor, type ChatSettingsPatch, type ConversationView } from '@shared/schemas/chat'
import { useConnection } from '../../store/app'
import { notify } from '../../store/notifications'
import { selectActiveProfile, useProfilesStore } from '../../store/profiles'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { GatewayLine } from '../../ui/GatewayLine'
import { useClearUnlisted, useModels } from '../../ui/useModels'
import { exportMarkdown, loadConversation, loadList, remove, rename, updateConversation } from './actions'
import { Composer } from './Composer'
import { ConversationList } from './ConversationList'
import { MessageList } from './MessageList'
import { isLive } from './model'
import { ModelBar } from './ModelBar'
import { SettingsPanel } from './SettingsPanel'
import { composerKey, selectCurrentConversation, useChatStore } from './store'
import { useGatewayName } from './words'
import './chat.css'
import './chatMessages.css'
import './chatMarkdown.css'
import './chatComposer.css'

const NO_IDS: readonly string[] = []
const EXPORTS = [
  ['download', 'chat.header.downloadMarkdown'],
  ['copy', 'chat.header.copyMarkdown']
] as const

function TitleBar({ conversation }: { conversation: ConversationView | undefined }): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const [editing, setEditing] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const settingsOpen = useChatStore((state) => state.settingsOpen)
  const setSettingsOpen = useChatStore((state) => state.setSettingsOpen)

  const save = async (): Promise<void> => {
    if (!conversation || editing === null || editing.trim() === '') return
    if (await rename(api, conversation.id, editing.trim())) setEditing(null)
  }

  return (
    <header className="screen-header chat-header">
      {editing !== null && conversation ? (
        <form
          className="chat-rename"
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
        >
          <input
            aria-label={t('chat.header.titleLabel')}
            value={editing}
            maxLength={200}
            autoFocus
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setEditing(null)}
          />
          <button type="submit" className="button primary" disabled={editing.trim() === ''}>
            {t('chat.header.save')}
          </button>
          <button type="button" className="button" onClick={() => setEditing(null)}>
            {t('chat.cancel')}
          </button>
        </form>
      ) : (
        <div className="screen-title-block chat-title-block">
          <h1 id="screen-title" className="chat-title" title={conversation?.title}>
            {conversation?.title ?? t('chat.header.newChat')}
          </h1>
          <p className="muted">
            <GatewayLine output="chat" />
          </p>
        </div>
      )}
      <div className="chat-header-actions">
        <button
          type="button"
          className="button"
          aria-expanded={settingsOpen}
          aria-controls="chat-settings"
          onClick={() => setSettingsOpen(!settingsOpen)}
        >
          {t('chat.header.settings')}
        </button>
        {conversation && editing === null && (
          <>
            <button type="button" className="button" onClick={() => setEditing(conversation.title)}>
              {t('chat.header.rename')}
            </button>
            <details className="chat-menu">
              <summary className="button">{t('chat.header.export')}</summary>
              <div className="chat-menu-items">
                {EXPORTS.map(([how, key]) => (
                  <button
                    key={how}
                    type="button"
                    className="button quiet"
                    onClick={() => void exportMarkdown(api, conversation.id, how)}
                  >
                    {t(key)}
                  </button>
                ))}
              </div>
            </details>
            <button type="button" className="button danger-quiet" onClick={() => setConfirming(true)}>
              {t('chat.header.delete')}
            </button>
          </>
        )}
      </div>
      {confirming && conversation && (
        <ConfirmDialog
          title={t('chat.header.deleteTitle')}
          description={t('chat.header.deleteBody', {
            title: conversation.title,
            count: conversation.messageCount
          })}
          keepLabel={t('chat.cancel')}
          confirmLabel={t('chat.header.deleteConfirm')}
          onConfirm={() => void remove(api, conversation.id)}
          onClose={() => setConfirming(false)}
        />
      )}
    </header>
  )
}

function EmptyState({ hasModel }: { hasModel: boolean }): ReactElement {
  const { t } = useTranslation()
  return (
    <div className="chat-empty">
      <p className="empty-title">{t('chat.empty.title')}</p>
      <p className="muted">{hasModel ? t('chat.empty.withModel') : t('chat.empty.withoutModel')}</p>
      <ul className="chat-empty-tips muted">
        <li>{t('chat.empty.tipImage')}</li>
        <li>{t('chat.empty.tipSettings')}</li>
        <li>{t('chat.empty.tipSearch')}</li>
      </ul>
    </div>
  )
}

/**
 * Chat's short confirmations and refusals ("Markdown copied.") go to the app's toasts in the sidebar's
 * foot, where they never lie over the composer.
 */
function Notice(): null {
  const notice = useChatStore((state) => state.notice)
  const setNotice = useChatStore((state) => state.setNotice)
  useEffect(() => {
    if (!notice) return
    notify({ id: `chat:${Date.now()}`, tone: 'info', title: notice, body: '' })
    setNotice(null)
  }, [notice, setNotice])
  return null
}

function ConversationPane(): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const conversation = useChatStore(selectCurrentConversation)
  const currentId = useChatStore((state) => state.currentId)
  const draft = useChatStore((state) => state.draft)
  const setDraft = useChatStore((state) => state.setDraft)
  const settingsOpen = useChatStore((state) => state.settingsOpen)
  const ids = useChatStore((state) => (currentId ? (state.messageIds[currentId] ?? NO_IDS) : NO_IDS))
  const loadError = useChatStore((state) => (currentId ? state.loadErrors[currentId] : undefined))
  const earlier = useChatStore((state) => (currentId ? (state.earlier[currentId] ?? 0) : 0))
  const lastId = ids.at(-1)
  const liveReplyId = useChatStore((state) => (lastId && isLive(state.messages[lastId]) ? lastId : null))
  const activeProfile = useProfilesStore(selectActiveProfile)
  const { models, loading, ready, gateway, error: modelsError, refresh } = useModels(NO_IDS)
  const gatewayInUse = useGatewayName(activeProfile?.id)
  const madeOn = useGatewayName(conversation?.profileId, conversation?.profileName)
  const chatModels = useMemo(() => models.filter((m) => stylesFor(m.supportedEndpoints).length > 0), [models])
  const modelNotice = useChatStore((state) => state.modelNotice)
  const setModelNotice = useChatStore((state) => state.setModelNotice)

  // A new chat's model comes from the gateway in use: after a switch or a new key, one it does not list
  // is let go with a notice, never sent. The notice keeps the model, and says it in the
  // language of the moment.
  const clearDraftModel = useCallback(() => {
    const dropped = useChatStore.getState().draft.model
    setDraft({ model: null, style: null })
    if (dropped) setModelNotice({ model: dropped })
  }, [setDraft, setModelNotice])
  useClearUnlisted(conversation ? null : draft.model, { models: chatModels, ready, gateway }, clearDraftModel)

  const otherGateway =
    conversation && activeProfile && conversation.profileId !== activeProfile.id ? madeOn : null
  // An open conversation keeps its model on record; when the gateway in use no longer lists it, nothing
  // is sent until another is picked.
  const conversationUnlisted =
    conversation !== undefined &&
    otherGateway === null &&
    ready &&
    !chatModels.some((m) => m.id === conversation.model)
  const model = conversationUnlisted ? null : (conversation?.model ?? draft.model)
  const style = conversationUnlisted ? null : (conversation?.style ?? draft.style)
  const lineNotice = conversationUnlisted
    ? t('chat.model.notListed', { model: conversation.model, gateway: gatewayInUse })
    : !conversation && modelNotice
      ? t('chat.model.letGo', { model: modelNotice.model, gateway: gatewayInUse })
      : null
  const saveSettings = (patch: ChatSettingsPatch): void => {
    if (conversation) void updateConversation(api, conversation.id, { settings: patch })
    else setDraft({ settings: patchSettings(draft.settings, patch) })
  }
  const saveSystemPrompt = (systemPrompt: string): void => {
    if (conversation) void updateConversation(api, conversation.id, { systemPrompt })
    else setDraft({ systemPrompt })
  }

  return (
    <div className="conversation-view">
      <TitleBar conversation={conversation} />
      <div className="chat-controls">
        <ModelBar
          models={chatModels}
          loading={loading}
          ready={ready}
          model={model}
          style={style}
          onOtherGateway={otherGateway}
        />
        {lineNotice && (
          <p className="model-notice" role="status">
            {lineNotice}
          </p>
        )}
        {otherGateway && (
          <p className="muted chat-gateway-note">{t('chat.model.madeOn', { gateway: otherGateway })}</p>
        )}
        {modelsError && (
          <ErrorNotice error={modelsError}>
            <div className="notice-actions">
              <button type="button" className="button" onClick={refresh}>
                {t('chat.tryAgain')}
              </button>
            </div>
          </ErrorNotice>
        )}
      </div>
      {settingsOpen && style && (
        <div id="chat-settings" className="chat-settings-wrap">
          <SettingsPanel
            key={conversation?.id ?? 'new'}
            style={style}
            systemPrompt={conversation?.systemPrompt ?? draft.systemPrompt}
            settings={conversation?.settings ?? draft.settings}
            onSystemPrompt={saveSystemPrompt}
            onSettings={saveSettings}
          />
        </div>
      )}
      {loadError && currentId && (
        <div className="chat-load-error">
          <ErrorNotice error={loadError}>
            <div className="notice-actions">
              <button type="button" className="button" onClick={() => void loadConversation(api, currentId)}>
                {t('chat.tryAgain')}
              </button>
            </div>
          </ErrorNotice>
        </div>
      )}
      {ids.length > 0 ? (
        <MessageList ids={ids} earlier={earlier} busy={liveReplyId !== null} />
      ) : (
        <EmptyState hasModel={model !== null} />
      )}
      <Composer
        composerKey={composerKey(currentId)}
        liveReplyId={liveReplyId}
        canSend={
          model !== null &&
          style !== null &&
          (conversation !== undefined || chatModels.some((m) => m.id === model))
        }
        placeholder={model ? t('chat.composer.placeholder', { model }) : t('chat.composer.pickFirst')}
      />
      <Notice />
    </div>
  )
}

/** Chat: conversations on the left, the open one on the right. */
export function ChatScreen(): ReactElement {
  const { api } = useConnection()
  const listLoaded = useChatStore((state) => state.listLoaded)
  const currentId = useChatStore((state) => state.currentId)
  const listError = useChatStore((state) => state.listError)

  useEffect(() => {
    if (!listLoaded) void loadList(api)
  }, [api, listLoaded])
  // Coming back to the screen (or to a conversation) reads it fresh: events only fill what is loaded.
  useEffect(() => {
    if (currentId) void loadConversation(api, currentId)
  }, [api, currentId])

  return (
    <section className="screen chat-screen" aria-labelledby="screen-title">
      <ConversationList />
      {listError ? (
        <div className="chat-load-error">
          <ErrorNotice error={listError} />
        </div>
      ) : (
        <ConversationPane />
      )}
    </section>
  )
}
