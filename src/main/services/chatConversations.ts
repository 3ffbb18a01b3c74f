import { fitSettings, patchSettings } from '../../shared/schemas/chat'
import { conversationMarkdown } from '../chat/markdown'
import { safeFileName } from '../library'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import { checkSettings, type ChatDeps, type ChatHandlers, type ChatScope } from './chatScope'

type ConversationCommands =
  'chat.list' | 'chat.get' | 'chat.search' | 'chat.update' | 'chat.delete' | 'chat.branch' | 'chat.export'

/** The commands on whole conversations: list, read, find, change, delete, show another branch, export. */
export function conversationHandlers(
  deps: ChatDeps,
  chat: ChatScope
): Pick<ChatHandlers, ConversationCommands> {
  const { repo, runner, profileName, outConversation, mustConversation, detailOf } = chat
  return {
    'chat.list': ({ limit }) => repo.listConversations(limit).map(outConversation),

    'chat.get': ({ id, tail, before }) => detailOf(mustConversation(id), { tail, before }),

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
          ...(model !== undefined ? { model, profileId: deps.activeProfileId() } : {}),
          ...(style !== undefined ? { style } : {}),
          ...(systemPrompt !== undefined ? { systemPrompt } : {}),
          ...(changed ? { settings: merged } : {})
        },
        false
      )
      const view = outConversation(record)
      deps.bus.emit('chat.conversationUpdated', view)
      return view
    },

    'chat.delete': async ({ id }) => {
      runner.stopConversation(id)
      const { deleted, freedMedia } = repo.deleteConversation(id)
      // The library keeps a file another job's result still uses ('in_use').
      for (const mediaId of freedMedia) await deps.removeMedia(mediaId)
      if (deleted) deps.bus.emit('chat.conversationRemoved', { id })
      return { deleted }
    },

    'chat.branch': ({ messageId }) => {
      const message = repo.getMessage(messageId)
      if (!message) throw new AppFailure('not_found', say('messageGone'))
      const conversation = repo.setLeaf(message.conversationId, repo.newestLeafUnder(message.id))
      deps.bus.emit('chat.conversationUpdated', outConversation(conversation))
      return detailOf(conversation)
    },

    'chat.export': ({ id }) => {
      const conversation = mustConversation(id)
      const markdown = conversationMarkdown(
        conversation,
        repo.messages(id).map((m) => runner.withLiveText(m)),
        profileName(conversation.profileId),
        deps.now()
      )
      return { fileName: safeFileName(conversation.title, id.slice(0, 8), 'md'), markdown }
    }
  }
}
