import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { SNIPPET_MARK_END, SNIPPET_MARK_START, type ConversationView } from '@shared/schemas/chat'
import { useConnection } from '../../store/app'
import { openConversation, search } from './actions'
import { useChatStore } from './store'
import { styleLabel, useGatewayName, when } from './words'

/** A search snippet with the matched words marked; the marks are private-use characters, never HTML. */
function Snippet({ text }: { text: string }): ReactElement {
  const parts: ReactElement[] = []
  let rest = text
  let key = 0
  while (rest.length > 0) {
    const start = rest.indexOf(SNIPPET_MARK_START)
    if (start === -1) break
    const end = rest.indexOf(SNIPPET_MARK_END, start)
    if (end === -1) break
    parts.push(<span key={key++}>{rest.slice(0, start)}</span>)
    parts.push(<mark key={key++}>{rest.slice(start + 1, end)}</mark>)
    rest = rest.slice(end + 1)
  }
  parts.push(
    <span key={key++}>{rest.replaceAll(SNIPPET_MARK_START, '').replaceAll(SNIPPET_MARK_END, '')}</span>
  )
  return <span className="conversation-snippet">{parts}</span>
}

function Entry({
  conversation,
  current,
  snippet
}: {
  conversation: ConversationView
  current: boolean
  snippet?: string
}): ReactElement {
  const { api } = useConnection()
  const { t, i18n } = useTranslation()
  const gateway = useGatewayName(conversation.profileId, conversation.profileName)
  return (
    <li>
      <button
        type="button"
        className="conversation-entry"
        aria-current={current ? 'true' : undefined}
        onClick={() => openConversation(api, conversation.id)}
      >
        <span className="conversation-title">{conversation.title}</span>
        {snippet !== undefined && <Snippet text={snippet} />}
        <span className="conversation-meta">
          <span className="conversation-model">{conversation.model}</span>
        </span>
        <span className="conversation-meta">
          <span className="conversation-profile">{gateway}</span>
          <span aria-hidden="true">·</span>
          <span title={styleLabel(t, conversation.style)}>{when(conversation.updatedAt, i18n.language)}</span>
        </span>
      </button>
    </li>
  )
}

/** Every conversation, newest first, with full-text search over all messages and a way to start anew. */
export function ConversationList(): ReactElement {
  const { api } = useConnection()
  const conversations = useChatStore((state) => state.conversations)
  const currentId = useChatStore((state) => state.currentId)
  const query = useChatStore((state) => state.query)
  const hits = useChatStore((state) => state.hits)
  const loaded = useChatStore((state) => state.listLoaded)
  const { t } = useTranslation()

  return (
    <aside className="conversation-pane" aria-label={t('chat.list.label')}>
      <div className="conversation-tools">
        <button type="button" className="button primary new-chat" onClick={() => openConversation(api, null)}>
          {t('chat.list.newChat')}
        </button>
        <input
          type="search"
          aria-label={t('chat.list.search')}
          placeholder={t('chat.list.searchPlaceholder')}
          value={query}
          onChange={(event) => void search(api, event.target.value)}
        />
      </div>
      {hits !== null ? (
        hits.length === 0 ? (
          <p className="muted conversation-empty">{t('chat.list.noHits', { query: query.trim() })}</p>
        ) : (
          <ul className="conversation-list" aria-label={t('chat.list.hits')}>
            {hits.map((hit) => (
              <Entry
                key={hit.conversation.id}
                conversation={hit.conversation}
                current={hit.conversation.id === currentId}
                snippet={hit.snippet}
              />
            ))}
          </ul>
        )
      ) : conversations.length === 0 ? (
        <p className="muted conversation-empty">{loaded ? t('chat.list.none') : t('chat.list.loading')}</p>
      ) : (
        <ul className="conversation-list" aria-label={t('chat.list.history')}>
          {conversations.map((c) => (
            <Entry key={c.id} conversation={c} current={c.id === currentId} />
          ))}
        </ul>
      )}
    </aside>
  )
}
