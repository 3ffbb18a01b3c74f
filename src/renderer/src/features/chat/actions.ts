import type { ApiClient } from '@shared/client'
import { ContractErrorCode } from '@shared/result'
import {
  fitSettings,
  pickStyle,
  stylesFor,
  type ChatMessageView,
  type ChatSettingsPatch,
  type ChatStyle,
  type ConversationView
} from '@shared/schemas/chat'
import type { ModelView } from '@shared/schemas/profiles'
import { i18n } from '../../i18n'
import { failureLine } from '../../ui/errorWords'
import { idle } from '../../ui/idle'
import { useAppStore } from '../../store/app'
import { useHandoffStore } from '../../store/handoff'
import { composerKey, useChatStore, type PendingImage } from './store'

const store = () => useChatStore.getState()

/**
 * Notices and refusals made here are said in the language of the moment, through the app's one i18n
 * instance; a refusal by its code (`failureLine`), with the gateway's own text shown as it came.
 */
const t = i18n.t.bind(i18n)

/** One id per click of Send or Retry: the backend's Idempotency-Key, so a click never bills twice. */
const clickId = (): string => crypto.randomUUID()

/** The backend is out of reach: the connection banner says so, and the state is read again when it is back. */
const unreachable = (error: { code: string }): boolean => error.code === ContractErrorCode.transport

export async function loadList(api: ApiClient): Promise<void> {
  const result = await api.call('chat.list', {})
  if (result.ok) store().setList(result.value)
  else if (!unreachable(result.error)) store().setListError(result.error)
}

const reloading = new Set<string>()

/**
 * How many of its last messages a conversation shows before the rest are read: more than a tall window
 * holds of one-line messages, and a small part of what a long one sends.
 */
const FIRST_TAIL = 40
/**
 * Earlier messages are read this many at a time, each part in idle time: the whole of a 500-message
 * conversation at once made one task of 170 ms (its 1 MB parsed, checked and laid out) just after it
 * showed, a part of 100 of the bench's long replies 46 ms; 60 keep each well under a frame budget of 50.
 */
const EARLIER_PART = 60
/** At the latest this long after a part is shown, the next is asked for even if the page is never idle. */
const PART_IDLE_MS = 500

/**
 * Loads a conversation's messages, always fresh (events may have filled only part of it): its last ones
 * first, shown at once after the messages already here that lead to them, then the earlier ones a part at
 * a time (`readEarlier`). A conversation of hundreds of long replies opens as fast as a short one.
 */
export async function loadConversation(api: ApiClient, id: string): Promise<void> {
  if (reloading.has(id)) return
  reloading.add(id)
  try {
    const result = await api.call('chat.get', { id, tail: FIRST_TAIL })
    if (!result.ok) {
      if (!unreachable(result.error)) store().setLoadError(id, result.error)
      return
    }
    store().upsertConversation(result.value.conversation)
    store().showTail(id, result.value.messages, result.value.branches, result.value.earlier)
  } finally {
    reloading.delete(id)
  }
  await readEarlier(api, id)
}

const filling = new Set<string>()

/**
 * The messages before those shown, a part at a time in idle time, while the conversation is open (opened
 * again, it goes on from where it stopped). A part whose first message left the branch (an edit in
 * another window) starts again from the branch's end.
 */
async function readEarlier(api: ApiClient, id: string): Promise<void> {
  if (filling.has(id)) return
  filling.add(id)
  try {
    for (;;) {
      const state = store()
      const before = state.messageIds[id]?.[0]
      if (before === undefined || (state.earlier[id] ?? 0) === 0 || state.currentId !== id) return
      await idle(PART_IDLE_MS)
      const result = await api.call('chat.get', { id, tail: EARLIER_PART, before })
      if (!result.ok) {
        if (!unreachable(result.error)) store().setLoadError(id, result.error)
        return
      }
      const { messages, branches, earlier, later } = result.value
      if (later === 0) {
        store().showTail(id, messages, branches, earlier)
        // Never asked again for the same part: the next opening reads the conversation afresh.
        if (store().messageIds[id]?.[0] === before) return
      } else if (!store().prependEarlier(id, before, messages, branches, earlier)) return
    }
  } finally {
    filling.delete(id)
  }
}

export function openConversation(api: ApiClient, id: string | null): void {
  store().open(id)
  if (id) void loadConversation(api, id)
}

export async function send(api: ApiClient): Promise<void> {
  const state = store()
  const key = composerKey(state.currentId)
  const composer = state.composers[key]
  if (!composer || composer.sending) return
  const text = composer.text
  if (text.trim() === '' && composer.images.length === 0) return
  const conversationId = state.currentId
  const { draft } = state
  if (!conversationId && (!draft.model || !draft.style)) {
    state.updateComposer(key, {
      error: { code: 'invalid_input', message: t('chat.notices.pickModel') }
    })
    return
  }
  state.updateComposer(key, { sending: true, error: null })
  const result = await api.call('chat.send', {
    ...(conversationId
      ? { conversationId }
      : {
          draft: {
            model: draft.model ?? '',
            style: draft.style ?? 'chat',
            systemPrompt: draft.systemPrompt,
            settings: draft.settings
          }
        }),
    text,
    attachments: composer.images.map(({ name, mime, data }) => ({ name, mime, data })),
    requestId: clickId()
  })
  if (!result.ok) {
    store().updateComposer(key, { sending: false, error: result.error })
    return
  }
  const { conversation, userMessage, assistantMessage } = result.value
  for (const image of composer.images) URL.revokeObjectURL(image.previewUrl)
  store().updateComposer(key, { sending: false, text: '', images: [], error: null })
  store().upsertConversation(conversation)
  store().upsertMessage(userMessage)
  store().upsertMessage(assistantMessage)
  if (!conversationId) {
    // The new chat's composer and settings start over for the next one.
    store().setDraft({ systemPrompt: '' })
    store().open(conversation.id)
  }
}

/**
 * Edit a sent message and send it again: a new branch from the same point, shown at once; the
 * earlier branch stays and is one click away. Returns whether it was sent (the editor closes then).
 */
export async function editAndResend(
  api: ApiClient,
  message: ChatMessageView,
  text: string
): Promise<boolean> {
  const result = await api.call('chat.edit', { messageId: message.id, text, requestId: clickId() })
  if (!result.ok) {
    store().setNotice(failureLine(t, result.error))
    return false
  }
  const { conversation, userMessage, assistantMessage } = result.value
  store().upsertConversation(conversation)
  store().branchAt(conversation.id, message.id, [userMessage, assistantMessage])
  void loadConversation(api, conversation.id)
  return true
}

/** Another reply to the same message, by the same model or `model`; the earlier reply is kept beside it. */
export async function regenerate(api: ApiClient, reply: ChatMessageView, model?: string): Promise<void> {
  const result = await api.call('chat.regenerate', {
    messageId: reply.id,
    ...(model ? { model } : {}),
    requestId: clickId()
  })
  if (!result.ok) {
    store().setNotice(failureLine(t, result.error))
    return
  }
  const { conversation, assistantMessage } = result.value
  store().upsertConversation(conversation)
  store().branchAt(conversation.id, reply.id, [assistantMessage])
  void loadConversation(api, conversation.id)
}

/** Shows the branch `messageId` is on (another version of a message or reply). */
export async function showBranch(api: ApiClient, messageId: string): Promise<void> {
  const result = await api.call('chat.branch', { messageId })
  if (!result.ok) {
    store().setNotice(failureLine(t, result.error))
    return
  }
  const { conversation, messages, branches } = result.value
  store().upsertConversation(conversation)
  store().setMessages(conversation.id, messages, branches)
}

export async function loadPresets(api: ApiClient): Promise<void> {
  const result = await api.call('chat.presets', {})
  if (result.ok) store().setPresets(result.value)
}

/** Saves the system prompt as a preset under `name`; returns the refusal's words, or null when saved. */
export async function savePreset(api: ApiClient, name: string, systemPrompt: string): Promise<string | null> {
  const result = await api.call('chat.savePreset', { name, systemPrompt })
  if (!result.ok) return failureLine(t, result.error)
  await loadPresets(api)
  store().setNotice(t('chat.notices.presetSaved', { name: result.value.name }))
  return null
}

export async function deletePreset(api: ApiClient, id: string): Promise<void> {
  const result = await api.call('chat.deletePreset', { id })
  if (!result.ok) store().setNotice(failureLine(t, result.error))
  await loadPresets(api)
}

export async function stop(api: ApiClient, messageId: string): Promise<void> {
  const result = await api.call('chat.stop', { messageId })
  if (result.ok && result.value.message) store().upsertMessage(result.value.message)
}

export async function retry(api: ApiClient, messageId: string): Promise<void> {
  const result = await api.call('chat.retry', { messageId, requestId: clickId() })
  if (result.ok) store().upsertMessage(result.value)
  else store().setNotice(failureLine(t, result.error))
}

export async function updateConversation(
  api: ApiClient,
  id: string,
  patch: {
    title?: string
    model?: string
    style?: ChatStyle
    systemPrompt?: string
    settings?: ChatSettingsPatch
  }
): Promise<ConversationView | null> {
  const result = await api.call('chat.update', { id, ...patch })
  if (result.ok) {
    store().upsertConversation(result.value)
    return result.value
  }
  store().setNotice(failureLine(t, result.error))
  return null
}

/** Picks a model (and the style it allows, preferring the person's last choice) for the open chat or the draft. */
export async function chooseModel(api: ApiClient, model: ModelView): Promise<void> {
  const state = store()
  const styles = stylesFor(model.supportedEndpoints)
  const current = state.currentId ? state.conversations.find((c) => c.id === state.currentId) : undefined
  const style = pickStyle(styles, current?.style ?? state.draft.style ?? state.stylePreference)
  if (!style) return
  state.setModelNotice(null)
  if (current) await updateConversation(api, current.id, { model: model.id, style })
  else state.setDraft({ model: model.id, style, settings: fitSettings(style, state.draft.settings) })
}

export async function chooseStyle(api: ApiClient, style: ChatStyle): Promise<void> {
  const state = store()
  state.setStylePreference(style)
  if (state.currentId) await updateConversation(api, state.currentId, { style })
  else state.setDraft({ style, settings: fitSettings(style, state.draft.settings) })
}

export async function rename(api: ApiClient, id: string, title: string): Promise<boolean> {
  return (await updateConversation(api, id, { title })) !== null
}

export async function remove(api: ApiClient, id: string): Promise<void> {
  const result = await api.call('chat.delete', { id })
  if (result.ok) store().removeConversation(id)
  else store().setNotice(failureLine(t, result.error))
}

let searchSeq = 0

export async function search(api: ApiClient, query: string): Promise<void> {
  store().setQuery(query)
  const seq = ++searchSeq
  if (query.trim() === '') {
    store().setHits(null)
    return
  }
  const result = await api.call('chat.search', { query })
  // Only the answer to the latest typing counts.
  if (seq !== searchSeq) return
  store().setHits(result.ok ? result.value : [])
}

export async function exportMarkdown(api: ApiClient, id: string, how: 'download' | 'copy'): Promise<void> {
  const result = await api.call('chat.export', { id })
  if (!result.ok) {
    store().setNotice(failureLine(t, result.error))
    return
  }
  const { fileName, markdown } = result.value
  if (how === 'copy') {
    await copyText(markdown, t('chat.notices.markdownCopied'))
    return
  }
  const url = URL.createObjectURL(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  store().setNotice(t('chat.notices.downloaded', { file: fileName }))
}

export async function copyText(text: string, done?: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    store().setNotice(done ?? t('chat.notices.copied'))
    return true
  } catch {
    store().setNotice(t('chat.notices.copyRefused'))
    return false
  }
}

/** Hands a message's text to the Images screen as its prompt (the images engineer's screen reads it). */
export function sendToImageStudio(text: string): void {
  useHandoffStore.getState().setImagePrompt(text)
  useAppStore.getState().setScreen('images')
}

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp'])
const MAX_IMAGE_BYTES = 10 * 1024 * 1024
const MAX_IMAGES = 4

function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : ''
      resolve(url.slice(url.indexOf(',') + 1))
    }
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.readAsDataURL(file)
  })
}

/** Adds attached or pasted images to the composer; refuses other types and files over 10 MB, in words. */
export async function addImages(key: string, files: readonly File[]): Promise<void> {
  const accepted: PendingImage[] = []
  const refused: string[] = []
  for (const file of files) {
    if (!IMAGE_MIMES.has(file.type))
      refused.push(
        file.name ? t('chat.notices.notImage', { name: file.name }) : t('chat.notices.notImageUnnamed')
      )
    else if (file.size > MAX_IMAGE_BYTES)
      refused.push(
        file.name ? t('chat.notices.tooLarge', { name: file.name }) : t('chat.notices.tooLargeUnnamed')
      )
    else {
      accepted.push({
        id: crypto.randomUUID(),
        name: file.name || t('chat.notices.pastedImage'),
        mime: file.type as PendingImage['mime'],
        data: await readBase64(file),
        previewUrl: URL.createObjectURL(file),
        bytes: file.size
      })
    }
  }
  store().updateComposer(key, (composer) => {
    const room = Math.max(0, MAX_IMAGES - composer.images.length)
    if (accepted.length > room) refused.push(t('chat.notices.tooMany', { max: MAX_IMAGES }))
    for (const extra of accepted.slice(room)) URL.revokeObjectURL(extra.previewUrl)
    return {
      images: [...composer.images, ...accepted.slice(0, room)],
      error: refused.length > 0 ? { code: 'chat.attachment_rejected', message: refused.join(' ') } : null
    }
  })
}

export function removeImage(key: string, id: string): void {
  store().updateComposer(key, (composer) => {
    const image = composer.images.find((i) => i.id === id)
    if (image) URL.revokeObjectURL(image.previewUrl)
    return { images: composer.images.filter((i) => i.id !== id) }
  })
}
