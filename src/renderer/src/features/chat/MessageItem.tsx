/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { memo, useId, useState, type ReactElement } from 'react'
import {
  isTruncated,
  STYLE_LABELS,
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

const NO_ENDPOINTS: readonly string[] = []

/** "‹ 2 / 3 ›": the other versions of a message (edits) or of a reply (regenerated), one click apart. */
function BranchNav({ message }: { message: ChatMessageView }): ReactElement | null {
  const { api } = useConnection()
  const branch = useChatStore((state) => state.branches[message.conversationId]?.[message.id])
  if (!branch) return null
  const what = message.role === 'user' ? 'version' : 'reply'
  const step = (label: string, glyph: string, target: string | null): ReactElement => (
    <button
      type="button"
      className="branch-step"
      aria-label={`${label} ${what}`}
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
      aria-label={`${what === 'version' ? 'Versions' : 'Replies'}: ${branch.index} of ${branch.count}`}
    >
      {step('Previous', '‹', branch.previousId)}
      <span aria-hidden="true">
        {branch.index} / {branch.count}
      </span>
      {step('Next', '›', branch.nextId)}
    </div>
  )
}

/** The sent text, editable: sending it starts a new branch; the current one is kept. */
function EditBox({ message, onDone }: { message: ChatMessageView; onDone: () => void }): ReactElement {
  const { api } = useConnection()
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
      aria-label="Edit message"
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      <textarea
        aria-label="Edited message"
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
        Sends this as a new version with a new reply; the current version and what followed it are kept.
      </p>
      <div className="edit-actions">
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
        <button
          type="submit"
          className="button primary"
          disabled={sending || (text.trim() === '' && message.attachments.length === 0)}
        >
          {sending ? 'Sending…' : 'Send edited message'}
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
        Again with {reply.model ?? 'the same model'}
      </button>
      {others.map((m) => (
        <button key={m.id} type="button" role="menuitem" className="button quiet" onClick={() => pick(m.id)}>
          With {m.id}
        </button>
      ))}
      {sameGateway && loading && others.length === 0 && <p className="muted">Loading models…</p>}
      {!sameGateway && (
        <p className="muted regen-note">Other models: switch to this conversation’s gateway first.</p>
      )}
    </div>
  )
}

function RegenerateMenu({ reply, disabled }: { reply: ChatMessageView; disabled: boolean }): ReactElement {
  const [open, setOpen] = useState(false)
  const conversation = useChatStore(selectCurrentConversation)
  const active = useProfilesStore(selectActiveProfile)
  const sameGateway = !conversation || !active || conversation.profileId === active.id
  if (disabled) {
    return (
      <button type="button" className="button quiet" disabled title="Wait for the reply that is arriving">
        Regenerate
      </button>
    )
  }
  return (
    <details
      className="chat-menu regen-menu"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="button quiet">Regenerate</summary>
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
  const args = prettyArguments(call.arguments)
  return (
    <section className="tool-call" aria-label={`Tool call ${call.name || '(unnamed)'}`}>
      <header className="tool-call-head">
        <span className="pill">Tool call</span>
        <code className="tool-call-name">{call.name || '…'}</code>
        {!args.complete && live && <span className="muted">arguments arriving…</span>}
      </header>
      <pre className="tool-call-args">{args.text}</pre>
      <p className="muted tool-call-note">Not run: Gateway Studio shows tool calls but does not run tools.</p>
    </section>
  )
}

/** A thumbnail box of the image's own shape (at most 160×120, small images at most doubled): no jump on load. */
function thumbBox(width: number | null, height: number | null): { width: number; height: number } {
  if (!width || !height) return { width: 120, height: 120 }
  const scale = Math.min(160 / width, 120 / height, 2)
  return { width: Math.round(width * scale), height: Math.round(height * scale) }
}

function StatusNote({ message }: { message: ChatMessageView }): ReactElement | null {
  switch (message.status) {
    case 'pending':
      return (
        <p className="chat-status" role="status">
          <span className="typing" aria-hidden="true" />
          Waiting for {message.model ?? 'the model'}…
        </p>
      )
    case 'streaming':
      return (
        <p className="chat-status" role="status">
          <span className="typing" aria-hidden="true" />
          Streaming
        </p>
      )
    case 'stopped':
      return (
        <p className="chat-status">
          <span className="pill pill-warn">Stopped</span> You stopped this reply; what arrived is kept.
        </p>
      )
    case 'interrupted':
      return (
        <p className="chat-status">
          <span className="pill pill-warn">Interrupted</span> The app closed before this reply finished.
        </p>
      )
    default:
      if (message.status === 'complete' && isTruncated(message.finishReason)) {
        return (
          <p className="chat-status">
            <span className="pill pill-warn">Cut short</span> The reply reached the max tokens limit.
          </p>
        )
      }
      return null
  }
}

function Usage({ message }: { message: ChatMessageView }): ReactElement | null {
  if (!message.usage) return null
  const parts = usageParts(message.style, message.usage)
  if (parts.length === 0) return null
  return (
    <dl className="usage" aria-label="Token usage">
      {parts.map((part) => (
        <div key={part.label}>
          <dt>{part.label}</dt>
          <dd>{part.value.toLocaleString()}</dd>
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
  const message = useChatStore((state) => state.messages[id])
  const [editing, setEditing] = useState(false)
  if (!message) return null
  const live = isLive(message)
  const mine = message.role === 'user'
  const canRetry = !mine && !live && isLast && message.status !== 'complete'
  return (
    <article
      className={`chat-message ${mine ? 'from-user' : 'from-model'}`}
      aria-label={mine ? 'Your message' : 'Reply'}
      aria-busy={live}
    >
      {!mine && (
        <header className="message-meta">
          <span className="message-author">{message.model ?? 'Model'}</span>
          {message.style && <span className="muted">{STYLE_LABELS[message.style]}</span>}
          {!message.streamed && !live && <span className="muted">· arrived whole</span>}
        </header>
      )}
      <div className="message-body">
        {message.attachments.length > 0 && (
          <ul className="message-images" aria-label="Attached images">
            {message.attachments.map((a) => (
              <li key={a.mediaId} style={thumbBox(a.width, a.height)}>
                <MediaThumb
                  mediaId={a.mediaId}
                  alt={`Attached image${a.width && a.height ? `, ${a.width}×${a.height}` : ''}`}
                />
              </li>
            ))}
          </ul>
        )}
        {message.reasoning !== '' && (
          <details className="reasoning">
            <summary>Thinking</summary>
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
                Retry
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
              title={busy ? 'Wait for the reply that is arriving' : 'Edit and send again as a new version'}
              onClick={() => setEditing(true)}
            >
              Edit
            </button>
          )}
          {!mine && <RegenerateMenu reply={message} disabled={busy} />}
          {message.text !== '' && (
            <button type="button" className="button quiet" onClick={() => void copyText(message.text)}>
              Copy
            </button>
          )}
          {message.text.trim() !== '' && (
            <button type="button" className="button quiet" onClick={() => sendToImageStudio(message.text)}>
              Send to image studio
            </button>
          )}
          {canRetry && !message.error && (
            <button type="button" className="button quiet" onClick={() => void retry(api, message.id)}>
              Retry
            </button>
          )}
        </footer>
      )}
    </article>
  )
})
