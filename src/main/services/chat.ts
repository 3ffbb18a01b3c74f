import { readFile } from 'node:fs/promises'
import type { chatCommands } from '../../shared/contracts/chat'
import {
  ATTACHMENT_MIMES,
  MAX_ATTACHMENT_BYTES,
  defaultChatSettings,
  fitSettings,
  patchSettings,
  pickStyle,
  settingsIssues,
  stylesFor,
  type BranchView,
  type ChatSettings,
  type ChatStyle
} from '../../shared/schemas/chat'
import { ChatRepository, PresetNameTaken } from '../chat/repository'
import type { ConversationRecord, MessageRecord, PresetRecord, StoredAttachment } from '../chat/rows'
import { conversationMarkdown } from '../chat/markdown'
import { ChatRunner } from '../chat/runner'
import { conversationView, messageView, titleFrom } from '../chat/views'
import type { CommandHandlers } from '../contract/dispatch'
import { AppFailure } from '../contract/failure'
import { isMediaError, safeFileName } from '../library'
import type { ServiceContext } from './context'

type ChatHandlers = Pick<CommandHandlers, keyof typeof chatCommands>

export interface ChatServiceOptions {
  /** Test hooks: how often a streaming reply is written and its deltas sent. */
  persistEveryMs?: number
  deltaEveryMs?: number
}

function checkSettings(style: ChatStyle, settings: ChatSettings): void {
  const issues = settingsIssues(style, settings)
  if (issues.length > 0) throw new AppFailure('invalid_input', issues.join(' '), { field: 'settings' })
}

/**
 * Chat (issue 6): conversations in SQLite, replies streamed from the gateway in three styles. Commands
 * answer at once; a reply arrives as `chat.delta` events and ends with `chat.messageUpdated`.
 */
export function createChatHandlers(ctx: ServiceContext, options: ChatServiceOptions = {}): ChatHandlers {
  const repo = new ChatRepository(ctx.db)
  const interrupted = repo.markInterrupted()
  if (interrupted > 0) ctx.logger.info(`${interrupted} chat repl(ies) were cut off when the app last stopped`)

  const profileName = (id: string): string | null => ctx.profiles.get(id)?.name ?? null
  const outConversation = (record: ConversationRecord) =>
    conversationView(record, profileName(record.profileId))
  const mustConversation = (id: string): ConversationRecord => {
    const record = repo.getConversation(id)
    if (!record) throw new AppFailure('not_found', 'That conversation no longer exists.')
    return record
  }

  /**
   * A model the gateway's current listing (for its current key) does not offer is never sent: after a
   * gateway switch or a key change the gateway would refuse it with words that do not fit (issue 15).
   * Without a listing yet, the gateway decides.
   */
  const mustBeListed = (profileId: string, model: string): void => {
    if (ctx.catalog.fetchedAt(profileId) === null || ctx.catalog.lookup(profileId, model)) return
    const gateway = profileName(profileId) ?? 'this gateway'
    throw new AppFailure(
      'chat.model_not_listed',
      `${model || 'This model'} is not listed by ${gateway} for its current key. Pick a model it lists.`,
      { field: 'model', model, profileId }
    )
  }

  const runner = new ChatRunner({
    repo,
    bus: ctx.bus,
    conversationView: outConversation,
    alive: () => ctx.db.open,
    onError: (message, error) => ctx.logger.error(message, error),
    ...(options.persistEveryMs !== undefined ? { persistEveryMs: options.persistEveryMs } : {}),
    ...(options.deltaEveryMs !== undefined ? { deltaEveryMs: options.deltaEveryMs } : {}),
    probe: ctx.probe,
    clientFor: async (profileId) => {
      if (!ctx.profiles.get(profileId)) {
        throw new AppFailure(
          'chat.gateway_missing',
          'The gateway this conversation used was removed. Pick a model on the gateway in use to carry on.'
        )
      }
      return (await ctx.connections.forProfile(profileId)).client
    },
    loadImage: async (mediaId) => {
      const media = ctx.library.resolve(mediaId)
      if (!media) return null
      return { mime: media.mime, base64: (await readFile(media.file)).toString('base64') }
    }
  })

  const storeAttachments = async (
    uploads: readonly { mime: string; data: string }[]
  ): Promise<StoredAttachment[]> => {
    const stored: StoredAttachment[] = []
    for (const upload of uploads) {
      try {
        const record = await ctx.library.storeBase64(upload.data, {
          expect: 'image',
          maxBytes: MAX_ATTACHMENT_BYTES
        })
        if (!(ATTACHMENT_MIMES as readonly string[]).includes(record.mime)) {
          throw new AppFailure('chat.attachment_rejected', 'Attach a PNG, JPEG or WebP image.')
        }
        stored.push({ mediaId: record.id, mime: record.mime, width: record.width, height: record.height })
      } catch (error) {
        if (!isMediaError(error)) throw error
        throw new AppFailure(
          'chat.attachment_rejected',
          error.reason === 'too_large'
            ? 'That image is larger than 10 MB. Attach a smaller one.'
            : 'That file is not a PNG, JPEG or WebP image.'
        )
      }
    }
    return stored
  }

  const exchangeOf = (assistantId: string) => {
    const assistant = repo.getMessage(assistantId)
    if (!assistant) throw new AppFailure('not_found', 'That message no longer exists.')
    const user = assistant.parentId ? repo.getMessage(assistant.parentId) : null
    if (!user) throw new AppFailure('not_found', 'That message no longer exists.')
    return {
      conversation: outConversation(mustConversation(assistant.conversationId)),
      userMessage: messageView(user),
      assistantMessage: messageView(runner.withLiveText(assistant))
    }
  }

  /** Which branch each message of the shown branch is, among its siblings (only where there are several). */
  const branchesOf = (conversationId: string, path: readonly MessageRecord[]): Record<string, BranchView> => {
    const branches: Record<string, BranchView> = {}
    for (const message of path) {
      const siblings = repo.siblings(conversationId, message.parentId)
      if (siblings.length < 2) continue
      const at = siblings.indexOf(message.id)
      branches[message.id] = {
        index: at + 1,
        count: siblings.length,
        previousId: siblings[at - 1] ?? null,
        nextId: siblings[at + 1] ?? null
      }
    }
    return branches
  }

  const detailOf = (conversation: ConversationRecord) => {
    const path = repo.messages(conversation.id)
    return {
      conversation: outConversation(conversation),
      messages: path.map((m) => messageView(runner.withLiveText(m))),
      branches: branchesOf(conversation.id, path)
    }
  }

  const mustBeFree = (conversationId: string): void => {
    if (runner.hasLiveReply(conversationId)) {
      throw new AppFailure('chat.busy', 'A reply is still arriving. Stop it or wait before sending again.')
    }
  }

  /** Announces a new exchange (or a new reply) and starts it; what chat.send, edit and regenerate answer. */
  const started = (
    conversationId: string,
    user: MessageRecord,
    assistant: MessageRecord,
    requestKey: string
  ) => {
    const conversationOut = outConversation(mustConversation(conversationId))
    ctx.bus.emit('chat.conversationUpdated', conversationOut)
    ctx.bus.emit('chat.messageUpdated', messageView(user))
    ctx.bus.emit('chat.messageUpdated', messageView(assistant))
    runner.start(assistant.id, conversationId, requestKey)
    return {
      conversation: conversationOut,
      userMessage: messageView(user),
      assistantMessage: messageView(assistant)
    }
  }

  const presetView = (record: PresetRecord) => ({ ...record })

  return {
    'chat.list': ({ limit }) => repo.listConversations(limit).map(outConversation),

    'chat.get': ({ id }) => detailOf(mustConversation(id)),

    'chat.search': ({ query, limit }) =>
      repo.search(query, limit).flatMap((hit) => {
        const conversation = repo.getConversation(hit.conversationId)
        return conversation
          ? [{ conversation: outConversation(conversation), messageId: hit.messageId, snippet: hit.snippet }]
          : []
      }),

    'chat.update': ({ id, title, model, style, systemPrompt, settings }) => {
      const current = mustConversation(id)
      const nextStyle = style ?? current.style
      const patched = settings ? patchSettings(current.settings, settings) : current.settings
      if (settings) checkSettings(nextStyle, patched)
      // A new style may allow less (Messages: temperature 0-1): what was set before is lowered to fit.
      const merged = fitSettings(nextStyle, patched)
      const changed = settings !== undefined || merged !== current.settings
      const record = repo.updateConversation(
        id,
        {
          ...(title !== undefined ? { title, titleSet: true } : {}),
          // A model is picked from the gateway in use, so the conversation follows it there.
          ...(model !== undefined ? { model, profileId: ctx.profiles.active().id } : {}),
          ...(style !== undefined ? { style } : {}),
          ...(systemPrompt !== undefined ? { systemPrompt } : {}),
          ...(changed ? { settings: merged } : {})
        },
        false
      )
      const view = outConversation(record)
      ctx.bus.emit('chat.conversationUpdated', view)
      return view
    },

    'chat.delete': ({ id }) => {
      runner.stopConversation(id)
      const { deleted, freedMedia } = repo.deleteConversation(id)
      // The library keeps a file another job's result still uses ('in_use').
      for (const mediaId of freedMedia) ctx.library.remove(mediaId)
      if (deleted) ctx.bus.emit('chat.conversationRemoved', { id })
      return { deleted }
    },

    'chat.send': async ({ conversationId, draft, text, attachments, requestId }) => {
      const requestKey = `chat-${requestId}`
      const repeated = repo.findByRequestKey(requestKey)
      // The same click arriving twice (a resent message) answers with what the first one started.
      if (repeated) return exchangeOf(repeated.id)
      if (text.trim() === '' && attachments.length === 0) {
        throw new AppFailure('invalid_input', 'Write a message or attach an image first.', { field: 'text' })
      }
      const existing = conversationId !== undefined ? mustConversation(conversationId) : null
      if (existing) mustBeFree(existing.id)
      if (!existing && !draft) {
        throw new AppFailure('invalid_input', 'Pick a model to start a conversation.', { field: 'model' })
      }
      if (!existing && draft) checkSettings(draft.style, draft.settings)
      if (existing) mustBeListed(existing.profileId, existing.model)
      else mustBeListed(ctx.profiles.active().id, draft?.model ?? '')
      const stored = await storeAttachments(attachments)
      const conversation =
        existing ??
        repo.createConversation({
          profileId: ctx.profiles.active().id,
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
        throw new AppFailure('not_found', 'That message no longer exists.')
      }
      if (text.trim() === '' && original.attachments.length === 0) {
        throw new AppFailure('invalid_input', 'Write a message first.', { field: 'text' })
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
        throw new AppFailure('not_found', 'That reply no longer exists.')
      }
      const conversation = mustConversation(earlier.conversationId)
      mustBeFree(conversation.id)
      const nextModel = model ?? earlier.model ?? conversation.model
      mustBeListed(conversation.profileId, nextModel)
      const entry = ctx.catalog.lookup(conversation.profileId, nextModel)
      const preferred = style ?? earlier.style ?? conversation.style
      const nextStyle = entry ? pickStyle(stylesFor(entry.supported_endpoints), preferred) : preferred
      if (!nextStyle) {
        throw new AppFailure(
          'invalid_input',
          `${nextModel} cannot chat on this gateway. Pick another model.`,
          {
            field: 'model'
          }
        )
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

    'chat.branch': ({ messageId }) => {
      const message = repo.getMessage(messageId)
      if (!message) throw new AppFailure('not_found', 'That message no longer exists.')
      const conversation = repo.setLeaf(message.conversationId, repo.newestLeafUnder(message.id))
      ctx.bus.emit('chat.conversationUpdated', outConversation(conversation))
      return detailOf(conversation)
    },

    'chat.presets': () => repo.listPresets().map(presetView),

    'chat.savePreset': ({ id, name, systemPrompt }) => {
      try {
        return presetView(repo.savePreset({ id, name, systemPrompt }))
      } catch (error) {
        if (error instanceof PresetNameTaken) {
          throw new AppFailure('chat.preset_name_taken', `${error.message} Pick another name.`, {
            field: 'name'
          })
        }
        throw error
      }
    },

    'chat.deletePreset': ({ id }) => ({ deleted: repo.deletePreset(id) }),

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
        throw new AppFailure('not_found', 'That reply no longer exists.')
      }
      if (runner.isLive(messageId)) {
        throw new AppFailure('chat.busy', 'This reply is still arriving. Stop it before trying again.')
      }
      const conversation = mustConversation(message.conversationId)
      const last = repo.messages(conversation.id).at(-1)
      if (last?.id !== messageId) {
        throw new AppFailure('chat.retry_not_last', 'Only the latest reply can be tried again.')
      }
      mustBeListed(conversation.profileId, conversation.model)
      const reset = repo.resetReply(messageId, {
        requestKey,
        model: conversation.model,
        style: conversation.style
      })
      ctx.bus.emit('chat.messageUpdated', messageView(reset))
      runner.start(messageId, conversation.id, requestKey)
      return messageView(reset)
    },

    'chat.export': ({ id }) => {
      const conversation = mustConversation(id)
      const markdown = conversationMarkdown(
        conversation,
        repo.messages(id).map((m) => runner.withLiveText(m)),
        profileName(conversation.profileId),
        Date.now()
      )
      return { fileName: safeFileName(conversation.title, id.slice(0, 8), 'md'), markdown }
    }
  }
}
