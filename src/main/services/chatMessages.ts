import {
  ATTACHMENT_MIMES,
  MAX_ATTACHMENT_BYTES,
  defaultChatSettings,
  pickStyle,
  stylesFor
} from '../../shared/schemas/chat'
import type { StoredAttachment } from '../chat/rows'
import { messageView, titleFrom } from '../chat/views'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import { isMediaError } from '../library'
import { checkSettings, type ChatDeps, type ChatHandlers, type ChatScope } from './chatScope'

type MessageCommands = 'chat.send' | 'chat.edit' | 'chat.regenerate' | 'chat.stop' | 'chat.retry'

/**
 * The commands that write messages and start or stop replies. Each answers at once; a reply arrives as
 * `chat.delta` events and ends with `chat.messageUpdated`. A request id seen before answers with what its
 * first arrival started, so a resent click never sends twice.
 */
export function messageHandlers(deps: ChatDeps, chat: ChatScope): Pick<ChatHandlers, MessageCommands> {
  const { repo, runner, mustConversation, mustBeListed, mustBeFree, exchangeOf, started } = chat

  const storeAttachments = async (
    uploads: readonly { mime: string; data: string }[]
  ): Promise<StoredAttachment[]> => {
    const stored: StoredAttachment[] = []
    for (const upload of uploads) {
      try {
        const record = await deps.storeAttachment(upload.data, {
          expect: 'image',
          maxBytes: MAX_ATTACHMENT_BYTES
        })
        if (!(ATTACHMENT_MIMES as readonly string[]).includes(record.mime)) {
          throw new AppFailure('chat.attachment_rejected', say('attachImageType'))
        }
        stored.push({ mediaId: record.id, mime: record.mime, width: record.width, height: record.height })
      } catch (error) {
        if (!isMediaError(error)) throw error
        throw new AppFailure(
          'chat.attachment_rejected',
          say(error.reason === 'too_large' ? 'attachmentTooLarge' : 'notAnImage')
        )
      }
    }
    return stored
  }

  return {
    'chat.send': async ({ conversationId, draft, text, attachments, requestId }) => {
      const requestKey = `chat-${requestId}`
      const repeated = repo.findByRequestKey(requestKey)
      // The same click arriving twice (a resent message) answers with what the first one started.
      if (repeated) return exchangeOf(repeated.id)
      if (text.trim() === '' && attachments.length === 0) {
        throw new AppFailure('invalid_input', say('writeOrAttach'), { field: 'text' })
      }
      const existing = conversationId !== undefined ? mustConversation(conversationId) : null
      if (existing) mustBeFree(existing.id)
      if (!existing && !draft) {
        throw new AppFailure('invalid_input', say('pickModelToStart'), { field: 'model' })
      }
      if (!existing && draft) checkSettings(draft.style, draft.settings)
      if (existing) mustBeListed(existing.profileId, existing.model)
      else mustBeListed(deps.activeProfileId(), draft?.model ?? '')
      const stored = await storeAttachments(attachments)
      const conversation =
        existing ??
        repo.createConversation({
          profileId: deps.activeProfileId(),
          model: draft?.model ?? '',
          style: draft?.style ?? 'chat',
          systemPrompt: draft?.systemPrompt ?? '',
          settings: draft?.settings ?? defaultChatSettings(),
          title: 'New conversation'
        })
      const { user, assistant } = repo.insertExchange({
        // A new message continues the branch shown (the repository takes the conversation's leaf).
        conversationId: conversation.id,
        text,
        attachments: stored,
        model: conversation.model,
        style: conversation.style,
        requestKey,
        title: conversation.messageCount === 0 ? titleFrom(text, stored.length > 0) : null
      })
      return started(conversation.id, user, assistant, requestKey)
    },

    'chat.edit': ({ messageId, text, requestId }) => {
      const requestKey = `chat-${requestId}`
      const repeated = repo.findByRequestKey(requestKey)
      if (repeated) return exchangeOf(repeated.id)
      const original = repo.getMessage(messageId)
      if (!original || original.role !== 'user') {
        throw new AppFailure('not_found', say('messageGone'))
      }
      if (text.trim() === '' && original.attachments.length === 0) {
        throw new AppFailure('invalid_input', say('writeFirst'), { field: 'text' })
      }
      const conversation = mustConversation(original.conversationId)
      mustBeFree(conversation.id)
      mustBeListed(conversation.profileId, conversation.model)
      // A sibling of the original: the branch it started stays as it was, one click away.
      const { user, assistant } = repo.insertExchange({
        conversationId: conversation.id,
        parentId: original.parentId,
        text,
        attachments: original.attachments.map((a) => ({ ...a })),
        model: conversation.model,
        style: conversation.style,
        requestKey,
        title: null
      })
      return started(conversation.id, user, assistant, requestKey)
    },

    'chat.regenerate': ({ messageId, model, style, requestId }) => {
      const requestKey = `chat-${requestId}`
      const repeated = repo.findByRequestKey(requestKey)
      if (repeated) return exchangeOf(repeated.id)
      const earlier = repo.getMessage(messageId)
      const asked = earlier?.parentId ? repo.getMessage(earlier.parentId) : null
      if (!earlier || earlier.role !== 'assistant' || !asked) {
        throw new AppFailure('not_found', say('replyGone'))
      }
      const conversation = mustConversation(earlier.conversationId)
      mustBeFree(conversation.id)
      const nextModel = model ?? earlier.model ?? conversation.model
      mustBeListed(conversation.profileId, nextModel)
      const entry = deps.catalog.lookup(conversation.profileId, nextModel)
      const preferred = style ?? earlier.style ?? conversation.style
      const nextStyle = entry ? pickStyle(stylesFor(entry.supported_endpoints), preferred) : preferred
      if (!nextStyle) {
        throw new AppFailure('invalid_input', say('modelCannotChat', { model: nextModel }), {
          field: 'model'
        })
      }
      const reply = repo.insertReply({
        conversationId: conversation.id,
        parentId: asked.id,
        model: nextModel,
        style: nextStyle,
        requestKey
      })
      return started(conversation.id, asked, reply, requestKey)
    },

    'chat.stop': ({ messageId }) => {
      const stopped = runner.stop(messageId)
      const record = repo.getMessage(messageId)
      return { stopped, message: record ? messageView(record) : null }
    },

    'chat.retry': ({ messageId, requestId }) => {
      const requestKey = `chat-${requestId}`
      const repeated = repo.findByRequestKey(requestKey)
      if (repeated) return exchangeOf(repeated.id).assistantMessage
      const message = repo.getMessage(messageId)
      if (!message || message.role !== 'assistant') {
        throw new AppFailure('not_found', say('replyGone'))
      }
      if (runner.isLive(messageId)) {
        throw new AppFailure('chat.busy', say('replyStillArriving'))
      }
      const conversation = mustConversation(message.conversationId)
      const last = repo.messages(conversation.id).at(-1)
      if (last?.id !== messageId) {
        throw new AppFailure('chat.retry_not_last', say('retryNotLast'))
      }
      mustBeListed(conversation.profileId, conversation.model)
      const reset = repo.resetReply(messageId, {
        requestKey,
        model: conversation.model,
        style: conversation.style
      })
      deps.bus.emit('chat.messageUpdated', messageView(reset))
      runner.start(messageId, conversation.id, requestKey)
      return messageView(reset)
    }
  }
}
