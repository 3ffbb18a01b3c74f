import { memo, type ReactElement } from 'react'
import {
  isTruncated,
  STYLE_LABELS,
  usageParts,
  type ChatMessageView,
  type ToolCallView
} from '@shared/schemas/chat'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { MediaThumb } from '../../ui/MediaThumb'
import { copyText, retry, sendToImageStudio } from './actions'
import { MarkdownView } from './Markdown'
import { isLive } from './model'
import { useChatStore } from './store'

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
  isLast
}: {
  id: string
  isLast: boolean
}): ReactElement | null {
  const { api } = useConnection()
  const message = useChatStore((state) => state.messages[id])
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
        {mine ? (
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
      {!live && (message.text.trim() !== '' || (canRetry && !message.error)) && (
        <footer className="message-actions">
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
