import { create } from 'zustand'
import {
  defaultChatSettings,
  type BranchView,
  type ChatDelta,
  type ChatPreset,
  type ChatMessageView,
  type ChatSettings,
  type ChatStyle,
  type ConversationView,
  type SearchHit
} from '@shared/schemas/chat'
import type { AppError } from '@shared/result'
import { applyDeltas, mergeMessage, sortConversations } from './model'

/** The composer of a conversation not created yet (its first message creates it). */
export const NEW_CHAT = 'new'

export interface PendingImage {
  id: string
  name: string
  mime: 'image/png' | 'image/jpeg' | 'image/webp'
  /** Base64 without prefix: what crosses the contract once, on Send. */
  data: string
  /** A blob: URL for the thumbnail before sending. */
  previewUrl: string
  bytes: number
}

export interface Composer {
  text: string
  images: PendingImage[]
  sending: boolean
  error: AppError | null
}

/** What a new conversation will be created with. */
export interface Draft {
  model: string | null
  style: ChatStyle | null
  systemPrompt: string
  settings: ChatSettings
}

const emptyComposer = (): Composer => ({ text: '', images: [], sending: false, error: null })
const STYLE_KEY = 'gs.chat.style'

function savedStyle(): ChatStyle | null {
  try {
    const value = globalThis.localStorage?.getItem(STYLE_KEY)
    return value === 'chat' || value === 'messages' || value === 'responses' ? value : null
  } catch {
    return null
  }
}

interface ChatState {
  conversations: ConversationView[]
  listLoaded: boolean
  listError: AppError | null
  /** The open conversation; null shows a new chat. */
  currentId: string | null
  messageIds: Record<string, string[]>
  /**
   * Per conversation: how many messages of the branch shown come before `messageIds` and are not read yet
   * (a long conversation shows its last messages first; the rest follow).
   */
  earlier: Record<string, number>
  messages: Record<string, ChatMessageView>
  /** Per conversation: where messages of the branch shown sit among their siblings. */
  branches: Record<string, Record<string, BranchView>>
  /** System-prompt presets; null until loaded. */
  presets: ChatPreset[] | null
  loadErrors: Record<string, AppError>
  draft: Draft
  composers: Record<string, Composer>
  query: string
  hits: SearchHit[] | null
  /** The style a person last chose, used when a new model offers it. */
  stylePreference: ChatStyle | null
  settingsOpen: boolean
  notice: string | null
  /**
   * One line under the model picker: the chosen model was let go because the gateway in use does not list
   * it. The model is kept, not the sentence, so the line speaks the language of the moment.
   */
  modelNotice: { model: string } | null

  setList: (list: ConversationView[]) => void
  setListError: (error: AppError | null) => void
  upsertConversation: (conversation: ConversationView) => void
  removeConversation: (id: string) => void
  open: (id: string | null) => void
  setMessages: (
    conversationId: string,
    messages: ChatMessageView[],
    branches?: Record<string, BranchView>,
    earlier?: number
  ) => void
  /**
   * The end of the branch shown, read on its own (`earlier` messages before it): put after the messages
   * already here that come before it, or in their place when they no longer lead to it.
   */
  showTail: (
    conversationId: string,
    messages: ChatMessageView[],
    branches: Record<string, BranchView>,
    earlier: number
  ) => void
  /**
   * Earlier messages read for the branch shown, put before `before`; false (nothing changed) when the
   * branch shown no longer starts at `before`.
   */
  prependEarlier: (
    conversationId: string,
    before: string,
    messages: ChatMessageView[],
    branches: Record<string, BranchView>,
    earlier: number
  ) => boolean
  /** Shows a new branch at once: the branch shown up to `before` (left out), then `added`. */
  branchAt: (conversationId: string, before: string, added: ChatMessageView[]) => void
  setPresets: (presets: ChatPreset[]) => void
  setLoadError: (conversationId: string, error: AppError | null) => void
  upsertMessage: (message: ChatMessageView) => void
  /** Applies deltas; returns conversations that missed text and need reloading. */
  applyDeltas: (deltas: readonly ChatDelta[]) => Set<string>
  setDraft: (patch: Partial<Draft>) => void
  updateComposer: (key: string, patch: Partial<Composer> | ((c: Composer) => Partial<Composer>)) => void
  setQuery: (query: string) => void
  setHits: (hits: SearchHit[] | null) => void
  setStylePreference: (style: ChatStyle) => void
  setSettingsOpen: (open: boolean) => void
  setNotice: (notice: string | null) => void
  setModelNotice: (notice: { model: string } | null) => void
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record
  const rest = { ...record }
  delete rest[key]
  return rest
}

/** `known` with `list` merged in (a live reply keeps the longer text it already has). */
function withMessages(
  known: Record<string, ChatMessageView>,
  list: readonly ChatMessageView[]
): Record<string, ChatMessageView> {
  const messages = { ...known }
  for (const message of list) messages[message.id] = mergeMessage(messages[message.id], message)
  return messages
}

export const useChatStore = create<ChatState>()((set, get) => ({
  conversations: [],
  listLoaded: false,
  listError: null,
  currentId: null,
  messageIds: {},
  earlier: {},
  messages: {},
  branches: {},
  presets: null,
  loadErrors: {},
  draft: { model: null, style: null, systemPrompt: '', settings: defaultChatSettings() },
  composers: {},
  query: '',
  hits: null,
  stylePreference: savedStyle(),
  settingsOpen: false,
  notice: null,
  modelNotice: null,

  setList: (list) => set({ conversations: sortConversations(list), listLoaded: true, listError: null }),
  setListError: (listError) => set({ listError }),
  upsertConversation: (conversation) =>
    set((state) => ({
      conversations: sortConversations([
        conversation,
        ...state.conversations.filter((c) => c.id !== conversation.id)
      ])
    })),
  removeConversation: (id) =>
    set((state) => {
      const messageIds = { ...state.messageIds }
      const messages = { ...state.messages }
      for (const messageId of messageIds[id] ?? []) delete messages[messageId]
      delete messageIds[id]
      const earlier = { ...state.earlier }
      delete earlier[id]
      return {
        earlier,
        conversations: state.conversations.filter((c) => c.id !== id),
        hits: state.hits?.filter((hit) => hit.conversation.id !== id) ?? null,
        currentId: state.currentId === id ? null : state.currentId,
        messageIds,
        messages
      }
    }),
  open: (currentId) => set({ currentId, settingsOpen: false }),
  setMessages: (conversationId, list, branches, earlier = 0) =>
    set((state) => {
      return {
        messages: withMessages(state.messages, list),
        // Read: an error an earlier read left is no longer true.
        loadErrors: without(state.loadErrors, conversationId),
        messageIds: { ...state.messageIds, [conversationId]: list.map((m) => m.id) },
        earlier:
          (state.earlier[conversationId] ?? 0) === earlier
            ? state.earlier
            : { ...state.earlier, [conversationId]: earlier },
        ...(branches ? { branches: { ...state.branches, [conversationId]: branches } } : {})
      }
    }),
  showTail: (conversationId, list, branches, earlier) => {
    const state = get()
    const ids = state.messageIds[conversationId] ?? []
    const first = list[0]
    const at = first ? ids.indexOf(first.id) : -1
    // What is here leads to this end only if it sits exactly where the backend counts it.
    if (at < 0 || (state.earlier[conversationId] ?? 0) + at !== earlier) {
      state.setMessages(conversationId, list, branches, earlier)
      return
    }
    set((current) => {
      return {
        messages: withMessages(current.messages, list),
        // Read: an error an earlier read left is no longer true.
        loadErrors: without(current.loadErrors, conversationId),
        messageIds: {
          ...current.messageIds,
          [conversationId]: [...ids.slice(0, at), ...list.map((m) => m.id)]
        },
        branches: {
          ...current.branches,
          [conversationId]: { ...current.branches[conversationId], ...branches }
        }
      }
    })
  },
  prependEarlier: (conversationId, before, list, branches, earlier) => {
    const ids = get().messageIds[conversationId] ?? []
    if (ids[0] !== before) return false
    set((current) => {
      const messages = withMessages(current.messages, list)
      return {
        messages,
        messageIds: { ...current.messageIds, [conversationId]: [...list.map((m) => m.id), ...ids] },
        earlier: { ...current.earlier, [conversationId]: earlier },
        branches: {
          ...current.branches,
          [conversationId]: { ...branches, ...current.branches[conversationId] }
        }
      }
    })
    return true
  },
  branchAt: (conversationId, before, added) =>
    set((state) => {
      const ids = state.messageIds[conversationId] ?? []
      const at = ids.indexOf(before)
      const kept = (at < 0 ? ids : ids.slice(0, at)).filter((id) => !added.some((m) => m.id === id))
      const messages = withMessages(state.messages, added)
      return {
        messages,
        messageIds: { ...state.messageIds, [conversationId]: [...kept, ...added.map((m) => m.id)] }
      }
    }),
  setPresets: (presets) => set({ presets }),
  setLoadError: (conversationId, error) =>
    set((state) => {
      const loadErrors = { ...state.loadErrors }
      if (error) loadErrors[conversationId] = error
      else delete loadErrors[conversationId]
      return { loadErrors }
    }),
  upsertMessage: (message) =>
    set((state) => {
      const ids = state.messageIds[message.conversationId] ?? []
      return {
        messages: { ...state.messages, [message.id]: mergeMessage(state.messages[message.id], message) },
        messageIds: ids.includes(message.id)
          ? state.messageIds
          : { ...state.messageIds, [message.conversationId]: [...ids, message.id] }
      }
    }),
  applyDeltas: (deltas) => {
    const { changed, gaps } = applyDeltas(get().messages, deltas)
    if (Object.keys(changed).length > 0) set((state) => ({ messages: { ...state.messages, ...changed } }))
    return gaps
  },
  setDraft: (patch) => set((state) => ({ draft: { ...state.draft, ...patch } })),
  updateComposer: (key, patch) =>
    set((state) => {
      const current = state.composers[key] ?? emptyComposer()
      const next = typeof patch === 'function' ? patch(current) : patch
      return { composers: { ...state.composers, [key]: { ...current, ...next } } }
    }),
  setQuery: (query) => set({ query }),
  setHits: (hits) => set({ hits }),
  setStylePreference: (stylePreference) => {
    try {
      globalThis.localStorage?.setItem(STYLE_KEY, stylePreference)
    } catch {
      // No storage: the preference lasts for this session only.
    }
    set({ stylePreference })
  },
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  setNotice: (notice) => set({ notice }),
  setModelNotice: (modelNotice) => set({ modelNotice })
}))

export const composerKey = (currentId: string | null): string => currentId ?? NEW_CHAT
const EMPTY_COMPOSER: Composer = emptyComposer()
export const selectComposer =
  (key: string) =>
  (state: ChatState): Composer =>
    state.composers[key] ?? EMPTY_COMPOSER

export const selectCurrentConversation = (state: ChatState): ConversationView | undefined =>
  state.currentId ? state.conversations.find((c) => c.id === state.currentId) : undefined
