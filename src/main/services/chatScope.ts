import type { chatCommands } from '../../shared/contracts/chat'
import {
  settingsIssues,
  type BranchView,
  type ChatMessageView,
  type ChatSettings,
  type ChatStyle,
  type ConversationDetail,
  type ConversationView
} from '../../shared/schemas/chat'
import type { ChatRepository } from '../chat/repository'
import type { ConversationRecord, MessageRecord } from '../chat/rows'
import type { ChatRunner } from '../chat/runner'
import { conversationView, messageView } from '../chat/views'
import type { CommandHandlers } from '../contract/dispatch'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import type { EventBus } from '../contract/events'
import type { Library } from '../library'
import type { ModelCatalogStore } from '../profiles/catalog'

export type ChatHandlers = Pick<CommandHandlers, keyof typeof chatCommands>

/** What chat.send, edit and regenerate answer, and what a repeated click answers again. */
export interface Exchange {
  conversation: ConversationView
  userMessage: ChatMessageView
  assistantMessage: ChatMessageView
}

/** Part of a branch to read (`ConversationGetInput`): none given, all of it. */
export interface BranchPart {
  tail?: number | undefined
  before?: string | undefined
}

/** What every chat handler shares: the repository, the runner, and the checks and answers built on them. */
export interface ChatScope {
  repo: ChatRepository
  runner: ChatRunner
  profileName: (id: string) => string | null
  outConversation: (record: ConversationRecord) => ConversationView
  /** The conversation, or `not_found` in the words the user sees. */
  mustConversation: (id: string) => ConversationRecord
  mustBeListed: (profileId: string, model: string) => void
  /** Refuses while a reply of the conversation is still arriving. */
  mustBeFree: (conversationId: string) => void
  detailOf: (conversation: ConversationRecord, part?: BranchPart) => ConversationDetail
  exchangeOf: (assistantId: string) => Exchange
  started: (
    conversationId: string,
    user: MessageRecord,
    assistant: MessageRecord,
    requestKey: string
  ) => Exchange
}

/** Refuses settings the style does not take, with the first problem (there is one rule today). */
export function checkSettings(style: ChatStyle, settings: ChatSettings): void {
  const [issue] = settingsIssues(style, settings)
  if (issue) throw new AppFailure('invalid_input', say(issue.code, issue.values), { field: 'settings' })
}

/** What the chat handlers are built from, by name. */
export interface ChatDeps {
  repo: ChatRepository
  runner: ChatRunner
  bus: EventBus
  /** The backend's one clock, for what the handlers write down (an export's time). */
  now: () => number
  profileName: (id: string) => string | null
  activeProfileId: () => string
  catalog: Pick<ModelCatalogStore, 'fetchedAt' | 'lookup'>
  /** Keeps an attachment's bytes in the library (checked as any image is). */
  storeAttachment: Library['storeBase64']
  /** Deletes a library file no other result uses any more. */
  removeMedia: (mediaId: string) => Promise<unknown>
}

/**
 * The checks and answers every chat handler shares, on the repository and runner the composition root
 * built (`backend.ts`).
 */
export function chatScope(deps: ChatDeps): ChatScope {
  const { repo, runner, profileName, catalog } = deps
  const outConversation = (record: ConversationRecord): ConversationView =>
    conversationView(record, profileName(record.profileId))
  const mustConversation = (id: string): ConversationRecord => {
    const record = repo.getConversation(id)
    if (!record) throw new AppFailure('not_found', say('conversationGone'))
    return record
  }

  /**
   * A model the gateway's current listing (for its current key) does not offer is never sent: after a
   * gateway switch or a key change the gateway would refuse it with words that do not fit. Without a
   * listing yet, the gateway decides.
   */
  const mustBeListed = (profileId: string, model: string): void => {
    if (catalog.fetchedAt(profileId) === null || catalog.lookup(profileId, model)) return
    const gateway = profileName(profileId)
    throw new AppFailure(
      'chat.model_not_listed',
      gateway === null
        ? say('modelNotListedHere', { model: model || '—' })
        : model
          ? say('modelNotListed', { model, gateway })
          : say('modelNotListedUnnamed', { gateway }),
      { field: 'model', model, profileId }
    )
  }

  const exchangeOf = (assistantId: string): Exchange => {
    const assistant = repo.getMessage(assistantId)
    if (!assistant) throw new AppFailure('not_found', say('messageGone'))
    const user = assistant.parentId ? repo.getMessage(assistant.parentId) : null
    if (!user) throw new AppFailure('not_found', say('messageGone'))
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

  const detailOf = (conversation: ConversationRecord, part: BranchPart = {}): ConversationDetail => {
    let path: MessageRecord[]
    let earlier = 0
    let later = 0
    if (part.tail === undefined && part.before === undefined) path = repo.messages(conversation.id)
    else {
      // Only the messages asked for are read: the branch's ids first, then those rows.
      const ids = repo.branchIds(conversation.id)
      const at = part.before === undefined ? -1 : ids.indexOf(part.before)
      const end = at < 0 ? ids.length : at
      earlier = part.tail === undefined ? 0 : Math.max(0, end - part.tail)
      later = ids.length - end
      path = repo.messagesIn(conversation.id, ids.slice(earlier, end))
    }
    return {
      conversation: outConversation(conversation),
      messages: path.map((m) => messageView(runner.withLiveText(m))),
      branches: branchesOf(conversation.id, path),
      earlier,
      later
    }
  }

  const mustBeFree = (conversationId: string): void => {
    if (runner.hasLiveReply(conversationId)) {
      throw new AppFailure('chat.busy', say('replyArriving'))
    }
  }

  /** Announces a new exchange (or a new reply) and starts it. */
  const started = (
    conversationId: string,
    user: MessageRecord,
    assistant: MessageRecord,
    requestKey: string
  ): Exchange => {
    const conversationOut = outConversation(mustConversation(conversationId))
    deps.bus.emit('chat.conversationUpdated', conversationOut)
    deps.bus.emit('chat.messageUpdated', messageView(user))
    deps.bus.emit('chat.messageUpdated', messageView(assistant))
    runner.start(assistant.id, conversationId, requestKey)
    return {
      conversation: conversationOut,
      userMessage: messageView(user),
      assistantMessage: messageView(assistant)
    }
  }

  return {
    repo,
    runner,
    profileName,
    outConversation,
    mustConversation,
    mustBeListed,
    mustBeFree,
    detailOf,
    exchangeOf,
    started
  }
}
