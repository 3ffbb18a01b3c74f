import { memo, useId, useState, type ReactElement } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import {
  isTruncated,
  stylesFor,
  usageParts,
  type ChatMessageView,
  type ToolCallView
} from '@shared/schemas/chat'
import { useConnection } from '../../store/app'
import { selectActiveProfile, useProfilesStore } from '../../store/profiles'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { MediaThumb } from '../../ui/MediaThumb'
import { useModels } from '../../ui/useModels'
import { copyText, editAndResend, regenerate, retry, sendToImageStudio, showBranch } from './actions'
import { MarkdownView } from './Markdown'
import { isLive } from './model'
import { selectCurrentConversation, useChatStore } from './store'
import { formatNumber, styleLabel, usageLabel } from './words'

const NO_ENDPOINTS: readonly string[] = []

/** "‹ 2 / 3 ›": the other versions of a message (edits) or of a reply (regenerated), one click apart. */
function BranchNav({ message }: { message: ChatMessageView }): ReactElement | null {
  const { api } = useConnection()
  const { t } = useTranslation()
  const branch = useChatStore((state) => state.branches[message.conversationId]?.[message.id])
  if (!branch) return null
  const versions = message.role === 'user'
  const step = (label: string, glyph: string, target: string | null): ReactElement => (
    <button
      type="button"
      className="branch-step"
      aria-label={label}
      disabled={!target}
      onClick={() => target && void showBranch(api, target)}
    >
      {glyph}
    </button>
  )
  return (
    <div
      className="branch-nav"
      role="group"
      aria-label={t(versions ? 'chat.branch.versions' : 'chat.branch.replies', {
        index: branch.index,
        total: branch.count
      })}
    >
      {step(
        t(versions ? 'chat.branch.previousVersion' : 'chat.branch.previousReply'),
        '‹',
        branch.previousId
      )}
      <span aria-hidden="true">
        {branch.index} / {branch.count}
      </span>
      {step(t(versions ? 'chat.branch.nextVersion' : 'chat.branch.nextReply'), '›', branch.nextId)}
    </div>
  )
}

/** The sent text, editable: sending it starts a new branch; the current one is kept. */
function EditBox({ message, onDone }: { message: ChatMessageView; onDone: () => void }): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const [text, setText] = useState(message.text)
  const [sending, setSending] = useState(false)
  const noteId = useId()
  const send = async (): Promise<void> => {
    setSending(true)
    const sent = await editAndResend(api, message, text)
    setSending(false)
    if (sent) onDone()
  }
  return (
    <form
      className="edit-box"
      aria-label={t('chat.editBox.label')}
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      <textarea
        aria-label={t('chat.editBox.field')}
        aria-describedby={noteId}
        value={text}
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone()
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            void send()
          }
        }}
      />
      <p id={noteId} className="muted edit-note">
        {t('chat.editBox.note')}
      </p>
      <div className="edit-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('chat.cancel')}
        </button>
        <button
          type="submit"
          className="button primary"
          disabled={sending || (text.trim() === '' && message.attachments.length === 0)}
        >
          {sending ? t('chat.composer.sending') : t('chat.editBox.send')}
        </button>
      </div>
    </form>
  )
}

/** The chat models to regenerate with: listed only once the menu opens. */
function RegenerateChoices({
  reply,
  sameGateway
}: {
  reply: ChatMessageView
  sameGateway: boolean
}): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const { models, loading } = useModels(NO_ENDPOINTS)
  const others = sameGateway
    ? models.filter((m) => m.id !== reply.model && stylesFor(m.supportedEndpoints).length > 0)
    : []
  const pick = (model?: string): void => {
    void regenerate(api, reply, model)
  }
  return (
    <div className="regen-items" role="menu">
      <button type="button" role="menuitem" className="button quiet" onClick={() => pick()}>
        {reply.model ? t('chat.regenerate.again', { model: reply.model }) : t('chat.regenerate.sameModel')}
      </button>
      {others.map((m) => (
        <button key={m.id} type="button" role="menuitem" className="button quiet" onClick={() => pick(m.id)}>
          {t('chat.regenerate.with', { model: m.id })}
        </button>
      ))}
      {sameGateway && loading && others.length === 0 && <p className="muted">{t('chat.loadingModels')}</p>}
      {!sameGateway && <p className="muted regen-note">{t('chat.regenerate.otherGateway')}</p>}
    </div>
  )
}

function RegenerateMenu({ reply, disabled }: { reply: ChatMessageView; disabled: boolean }): ReactElement {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const conversation = useChatStore(selectCurrentConversation)
  const active = useProfilesStore(selectActiveProfile)
  const sameGateway = !conversation || !active || conversation.profileId === active.id
  if (disabled) {
    return (
      <button type="button" className="button quiet" disabled title={t('chat.message.wait')}>
        {t('chat.regenerate.button')}
      </button>
    )
  }
  return (
    <details
      className="chat-menu regen-menu"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="button quiet">{t('chat.regenerate.button')}</summary>
      {open && (
        <div className="chat-menu-items">
          <RegenerateChoices reply={reply} sameGateway={sameGateway} />
        </div>
      )}
    </details>
  )
}

function prettyArguments(text: string): { text: string; complete: boolean } {
  if (text.trim() === '') return { text: '{}', complete: true }
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), complete: true }
  } catch {
    // Still arriving (or cut): shown as it is.
    return { text, complete: false }
  }
}

function ToolCall({ call, live }: { call: ToolCallView; live: boolean }): ReactElement {
  const { t } = useTranslation()
  const args = prettyArguments(call.arguments)
  return (
    <section
      className="tool-call"
      aria-label={t('chat.tool.label', { name: call.name || t('chat.tool.unnamed') })}
    >
      <header className="tool-call-head">
        <span className="pill">{t('chat.tool.pill')}</span>
        <code className="tool-call-name">{call.name || '…'}</code>
        {!args.complete && live && <span className="muted">{t('chat.tool.arriving')}</span>}
      </header>
      <pre className="tool-call-args">{args.text}</pre>
      <p className="muted tool-call-note">{t('chat.tool.notRun')}</p>
    </section>
  )
}

/** A thumbnail box of the image's own shape (at most 160×120, small images at most doubled): no jump on load. */
function thumbBox(width: number | null, height: number | null): { width: number; height: number } {
  if (!width || !height) return { width: 120, height: 120 }
  const scale = Math.min(160 / width, 120 / height, 2)
  return { width: Math.round(width * scale), height: Math.round(height * scale) }
}

/** The status pill and its sentence, one message in the catalog (`<pill>Stopped</pill> You stopped…`). */
const PILL = { pill: <span className="pill pill-warn" /> }

function StatusNote({ message }: { message: ChatMessageView }): ReactElement | null {
  const { t } = useTranslation()
  switch (message.status) {
    case 'pending':
      return (
        <p className="chat-status" role="status">
          <span className="typing" aria-hidden="true" />
          {message.model ? t('chat.status.waiting', { model: message.model }) : t('chat.status.waitingModel')}
        </p>
      )
    case 'streaming':
      return (
        <p className="chat-status" role="status">
          <span className="typing" aria-hidden="true" />
          {t('chat.status.streaming')}
        </p>
      )
    case 'stopped':
      return (
        <p className="chat-status">
          <Trans i18nKey="chat.status.stopped" components={PILL} />
        </p>
      )
    case 'interrupted':
      return (
        <p className="chat-status">
          <Trans i18nKey="chat.status.interrupted" components={PILL} />
        </p>
      )
    default:
      if (message.status === 'complete' && isTruncated(message.finishReason)) {
        return (
          <p className="chat-status">
            <Trans i18nKey="chat.status.cutShort" components={PILL} />
          </p>
        )
      }
      return null
  }
}

function Usage({ message }: { message: ChatMessageView }): ReactElement | null {
  const { t, i18n } = useTranslation()
  if (!message.usage) return null
  const parts = usageParts(message.style, message.usage)
  if (parts.length === 0) return null
  return (
    <dl className="usage" aria-label={t('chat.usage.label')}>
      {parts.map((part) => (
        <div key={part.label}>
          <dt>{usageLabel(t, part.label)}</dt>
          <dd>{formatNumber(part.value, i18n.language)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** One message of the conversation, subscribed to its own entry only (a streaming reply re-renders alone). */
export const MessageItem = memo(function MessageItem({
  id,
  isLast,
  busy
}: {
  id: string
  isLast: boolean
  /** A reply of this conversation is arriving: no edit or new reply until it ends. */
  busy: boolean
}): ReactElement | null {
  const { api } = useConnection()
  const { t } = useTranslation()
  const message = useChatStore((state) => state.messages[id])
  const [editing, setEditing] = useState(false)
  if (!message) return null
  const live = isLive(message)
  const mine = message.role === 'user'
  const canRetry = !mine && !live && isLast && message.status !== 'complete'
  return (
    <article
      className={`chat-message ${mine ? 'from-user' : 'from-model'}`}
      aria-label={mine ? t('chat.message.mine') : t('chat.message.reply')}
      aria-busy={live}
    >
      {!mine && (
        <header className="message-meta">
          <span className="message-author">{message.model ?? t('chat.message.model')}</span>
          {message.style && <span className="muted">{styleLabel(t, message.style)}</span>}
          {!message.streamed && !live && <span className="muted">{t('chat.message.arrivedWhole')}</span>}
        </header>
      )}
      <div className="message-body">
        {message.attachments.length > 0 && (
          <ul className="message-images" aria-label={t('chat.message.images')}>
            {message.attachments.map((a) => (
              <li key={a.mediaId} style={thumbBox(a.width, a.height)}>
                <MediaThumb
                  mediaId={a.mediaId}
                  alt={
                    a.width && a.height
                      ? t('chat.message.imageSized', { width: a.width, height: a.height })
                      : t('chat.message.image')
                  }
                />
              </li>
            ))}
          </ul>
        )}
        {message.reasoning !== '' && (
          <details className="reasoning">
            <summary>{t('chat.message.thinking')}</summary>
            <p>{message.reasoning}</p>
          </details>
        )}
        {mine && editing ? (
          <EditBox message={message} onDone={() => setEditing(false)} />
        ) : mine ? (
          <p className="user-text">{message.text}</p>
        ) : (
          message.text !== '' && <MarkdownView text={message.text} />
        )}
        {message.toolCalls.map((call) => (
          <ToolCall key={call.id} call={call} live={live} />
        ))}
      </div>
      <StatusNote message={message} />
      {message.error && (
        <ErrorNotice error={message.error}>
          {canRetry && (
            <div className="notice-actions">
              <button type="button" className="button" onClick={() => void retry(api, message.id)}>
                {t('chat.message.retry')}
              </button>
            </div>
          )}
        </ErrorNotice>
      )}
      {!mine && <Usage message={message} />}
      {!editing && <BranchNav message={message} />}
      {!live && !editing && (
        <footer className="message-actions">
          {mine && (
            <button
              type="button"
              className="button quiet"
              disabled={busy}
              title={busy ? t('chat.message.wait') : t('chat.message.editTitle')}
              onClick={() => setEditing(true)}
            >
              {t('chat.message.edit')}
            </button>
          )}
          {!mine && <RegenerateMenu reply={message} disabled={busy} />}
          {message.text !== '' && (
            <button type="button" className="button quiet" onClick={() => void copyText(message.text)}>
              {t('chat.message.copy')}
            </button>
          )}
          {message.text.trim() !== '' && (
            <button type="button" className="button quiet" onClick={() => sendToImageStudio(message.text)}>
              {t('chat.message.toImages')}
            </button>
          )}
          {canRetry && !message.error && (
            <button type="button" className="button quiet" onClick={() => void retry(api, message.id)}>
              {t('chat.message.retry')}
            </button>
          )}
        </footer>
      )}
    </article>
  )
})
