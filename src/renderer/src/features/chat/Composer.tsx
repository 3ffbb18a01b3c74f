import { useRef, type ClipboardEvent, type KeyboardEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { IconButton } from '../../ui/IconButton'
import { shortcutProps } from '../../ui/shortcuts'
import { addImages, removeImage, send, stop } from './actions'
import { selectComposer, useChatStore } from './store'

/** The message box: text, attached or pasted images, and Send (Stop while a reply arrives). */
export function Composer({
  composerKey,
  liveReplyId,
  canSend,
  placeholder
}: {
  composerKey: string
  /** The reply now arriving in this conversation, if any: Send becomes Stop. */
  liveReplyId: string | null
  canSend: boolean
  placeholder: string
}): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const composer = useChatStore(selectComposer(composerKey))
  const updateComposer = useChatStore((state) => state.updateComposer)
  const fileInput = useRef<HTMLInputElement>(null)
  // Stop takes Send's place: a double click on Send must not stop the reply it just asked for.
  const sentAt = useRef(0)
  const empty = composer.text.trim() === '' && composer.images.length === 0

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      if (!liveReplyId && canSend && !empty) {
        sentAt.current = Date.now()
        void send(api)
      }
    }
  }

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>): void => {
    const files = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'))
    if (files.length === 0) return
    event.preventDefault()
    void addImages(composerKey, files)
  }

  return (
    <div className="composer">
      {composer.error && <ErrorNotice error={composer.error} />}
      {composer.images.length > 0 && (
        <ul className="composer-images" aria-label={t('chat.composer.images')}>
          {composer.images.map((image) => (
            <li key={image.id}>
              <img src={image.previewUrl} alt={image.name} />
              <IconButton
                icon="close"
                className="composer-image-remove"
                label={t('chat.composer.remove', { name: image.name })}
                onClick={() => removeImage(composerKey, image.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="composer-row">
        <button
          type="button"
          className="button composer-attach"
          aria-label={t('chat.composer.attach')}
          title={t('chat.composer.attachTitle')}
          disabled={composer.sending}
          onClick={() => fileInput.current?.click()}
        >
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M20 12.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-2.8-2.8l7.8-7.8" />
          </svg>
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          multiple
          hidden
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            void addImages(composerKey, files)
          }}
        />
        <textarea
          className="composer-input"
          aria-label={t('chat.composer.message')}
          placeholder={placeholder}
          rows={2}
          value={composer.text}
          // Read-only, not disabled, while sending: a disabled field drops the focus to the page, and the
          // keyboard user who pressed Enter would have to find the box again for the next message.
          readOnly={composer.sending}
          onChange={(event) => updateComposer(composerKey, { text: event.target.value })}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        {liveReplyId ? (
          <button
            type="button"
            className="button danger"
            onClick={() => {
              if (Date.now() - sentAt.current > 500) void stop(api, liveReplyId)
            }}
          >
            {t('chat.composer.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="button primary"
            disabled={!canSend || empty || composer.sending}
            {...shortcutProps('submit', t('chat.composer.send'), t)}
            onClick={() => {
              sentAt.current = Date.now()
              void send(api)
            }}
          >
            {composer.sending ? t('chat.composer.sending') : t('chat.composer.send')}
          </button>
        )}
      </div>
      <p className="composer-hint muted">{t('chat.composer.hint')}</p>
    </div>
  )
}
