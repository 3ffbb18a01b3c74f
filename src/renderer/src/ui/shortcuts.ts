import { useEffect } from 'react'
import { create } from 'zustand'
import type { TFunction } from 'i18next'
import type { ui as uiWords } from '@shared/i18n/locales/en/ui'
import { screens, useAppStore, type Screen } from '../store/app'
import { galleryKeyRows } from './galleryKeys'

/**
 * Every keyboard shortcut of the app, in one table: the help dialog lists it, the tooltips of the buttons
 * that have a shortcut are made from it, and `useGlobalShortcuts` (mounted once, in the app shell) is the one
 * keydown listener that acts on the global ones. Shortcuts a screen handles itself (the mask editor's tools,
 * the composer's Enter) are listed here too, so the dialog is complete, but their screen binds them.
 */

export type ShortcutGroup = 'general' | 'screens' | 'gallery' | 'maskEditor' | 'chat'

/** A key press: `key` is KeyboardEvent.key, or `code` (layout-independent) for digits under Alt. */
export type KeyCombo = {
  key: string
  code?: string
  /** Ctrl, or ⌘ on a Mac. */
  mod?: boolean
  alt?: boolean
  shift?: boolean
}

export type ShortcutItem = keyof typeof uiWords.shortcuts.items

export type Shortcut = {
  id: string
  group: ShortcutGroup
  keys: KeyCombo
  /** Other keys that do the same (the canvas paints on Space or Enter); listed beside the first. */
  or?: KeyCombo
  /** What it does, as a key of `ui.shortcuts.items`; screen shortcuts name their screen. */
  does: ShortcutItem
  screen?: Screen
  /**
   * Who acts on it: the shell's listener opening the help, switching screens or pressing the button of the
   * current screen that declares it (`data-shortcut`), or the screen itself ('screen').
   */
  action: 'help' | 'screen' | 'press' | 'local'
  /** Also while typing in a text field (Ctrl+Enter sends from the prompt). */
  inText?: boolean
}

export const shortcuts: readonly Shortcut[] = [
  { id: 'help', group: 'general', keys: { key: '?' }, does: 'help', action: 'help' },
  {
    id: 'submit',
    group: 'general',
    keys: { key: 'Enter', mod: true },
    does: 'submit',
    action: 'press',
    inText: true
  },
  { id: 'close', group: 'general', keys: { key: 'Escape' }, does: 'close', action: 'local' },
  ...screens.map((screen, index): Shortcut => ({
    id: `screen.${screen}`,
    group: 'screens',
    keys: { key: String(index + 1), code: `Digit${index + 1}`, alt: true },
    does: 'screen',
    screen,
    action: 'screen'
  })),
  // The grid's own keys, from the table its tiles act on (ui/galleryKeys.ts).
  ...galleryKeyRows.map(({ id, keys, or, does }): Shortcut => ({
    id,
    group: 'gallery',
    keys,
    or,
    does,
    action: 'local'
  })),
  { id: 'chat.send', group: 'chat', keys: { key: 'Enter' }, does: 'send', action: 'local', inText: true },
  {
    id: 'chat.newline',
    group: 'chat',
    keys: { key: 'Enter', shift: true },
    does: 'newline',
    action: 'local',
    inText: true
  },
  { id: 'mask.brush', group: 'maskEditor', keys: { key: 'B' }, does: 'brush', action: 'local' },
  { id: 'mask.eraser', group: 'maskEditor', keys: { key: 'E' }, does: 'eraser', action: 'local' },
  { id: 'mask.smaller', group: 'maskEditor', keys: { key: '[' }, does: 'smaller', action: 'local' },
  { id: 'mask.larger', group: 'maskEditor', keys: { key: ']' }, does: 'larger', action: 'local' },
  { id: 'mask.undo', group: 'maskEditor', keys: { key: 'Z', mod: true }, does: 'undo', action: 'local' },
  {
    id: 'mask.redo',
    group: 'maskEditor',
    keys: { key: 'Z', mod: true, shift: true },
    does: 'redo',
    action: 'local'
  },
  { id: 'mask.pan', group: 'maskEditor', keys: { key: ' ' }, does: 'pan', action: 'local' },
  // The focused canvas's own keys (features/edit/maskKeys.ts): a stroke painted without a pointer.
  { id: 'mask.move', group: 'maskEditor', keys: { key: '←↑↓→' }, does: 'move', action: 'local' },
  {
    id: 'mask.paint',
    group: 'maskEditor',
    keys: { key: ' ' },
    or: { key: 'Enter' },
    does: 'paint',
    action: 'local'
  }
]

// The screens' own groups after the short chat one, so the dialog's two columns come out about even.
export const shortcutGroups: readonly ShortcutGroup[] = [
  'general',
  'screens',
  'chat',
  'gallery',
  'maskEditor'
]

export function shortcutById(id: string): Shortcut {
  const found = shortcuts.find((entry) => entry.id === id)
  if (!found) throw new Error(`no shortcut ${id}`)
  return found
}

export function isMac(platform = navigator.platform): boolean {
  return /mac|iphone|ipad/i.test(platform)
}

const NAMED_KEYS: Record<string, 'enter' | 'escape' | 'space'> = {
  Enter: 'enter',
  Escape: 'escape',
  ' ': 'space'
}

/** The keys as this platform names them: "Ctrl+Enter" or "⌘↩", "Alt+1" or "⌥1"; key words in the language. */
export function keyLabel(combo: KeyCombo, t: TFunction, mac = isMac()): string {
  const named = NAMED_KEYS[combo.key]
  const key = named ? t(`ui.shortcuts.keys.${named}`) : combo.key
  if (mac) {
    // A Mac writes Return as its symbol; Esc and Space are words, in the language like everywhere else.
    const macKey = named === 'enter' ? '↩' : key
    return [combo.mod ? '⌘' : '', combo.alt ? '⌥' : '', combo.shift ? '⇧' : '', macKey].join('')
  }
  const parts = [
    combo.mod ? t('ui.shortcuts.keys.ctrl') : '',
    combo.alt ? t('ui.shortcuts.keys.alt') : '',
    combo.shift ? t('ui.shortcuts.keys.shift') : '',
    key
  ]
  return parts.filter(Boolean).join('+')
}

/** The ARIA form of the keys (aria-keyshortcuts), which names modifiers in English on every platform. */
export function ariaKeys(combo: KeyCombo, mac = isMac()): string {
  const key = combo.key === ' ' ? 'Space' : combo.key
  const parts = [
    combo.mod ? (mac ? 'Meta' : 'Control') : '',
    combo.alt ? 'Alt' : '',
    combo.shift ? 'Shift' : '',
    key
  ]
  return parts.filter(Boolean).join('+')
}

/** What a shortcut does, in the language in use. */
export function shortcutWords(entry: Shortcut, t: TFunction): string {
  return t(`ui.shortcuts.items.${entry.does}`, { screen: entry.screen ? t(`nav.${entry.screen}`) : '' })
}

/**
 * The attributes of a button that has a shortcut: its tooltip ("Generate (Ctrl+Enter)") and
 * aria-keyshortcuts; `press` shortcuts also mark the button the shell presses.
 */
export function shortcutProps(
  id: string,
  label: string,
  t: TFunction
): { title: string; 'aria-keyshortcuts': string; 'data-shortcut'?: string } {
  const entry = shortcutById(id)
  return {
    title: t('ui.shortcuts.tooltip', { label, keys: keyLabel(entry.keys, t) }),
    'aria-keyshortcuts': ariaKeys(entry.keys),
    ...(entry.action === 'press' ? { 'data-shortcut': id } : {})
  }
}

export function matches(combo: KeyCombo, event: KeyboardEvent): boolean {
  const mod = event.ctrlKey || event.metaKey
  if (!!combo.mod !== mod || !!combo.alt !== event.altKey) return false
  if (combo.code) return event.code === combo.code && !!combo.shift === event.shiftKey
  // "?" is typed with Shift on most layouts; the character is what counts there.
  if (combo.key.length === 1 && !/[a-z]/i.test(combo.key)) return event.key === combo.key
  return event.key.toLowerCase() === combo.key.toLowerCase() && !!combo.shift === event.shiftKey
}

/** A field where keys are text: shortcuts leave them alone unless they are meant to work there. */
export function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true
  if (!(target instanceof HTMLInputElement)) return false
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color'].includes(target.type)
}

/** Whether the help dialog is open; the sidebar's button and `?` open it. */
export const useShortcutsHelp = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open })
}))

/** The button of the current screen that declares a `press` shortcut, if it can be pressed now. */
function pressTarget(id: string): HTMLButtonElement | null {
  const found = [...document.querySelectorAll<HTMLButtonElement>(`main [data-shortcut="${id}"]`)].find(
    (button) => !button.disabled && button.getClientRects().length > 0
  )
  return found ?? null
}

/** Acts on a key press; returns whether it did (the caller then prevents the default). */
export function runShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.repeat) return false
  // A modal dialog owns the keys while open (the help dialog included: `?` there is just a key).
  if (document.querySelector('dialog[open]')) return false
  const typing = isTextTarget(event.target)
  const entry = shortcuts.find(
    (candidate) =>
      candidate.action !== 'local' && (!typing || candidate.inText) && matches(candidate.keys, event)
  )
  if (!entry) return false
  if (entry.action === 'help') useShortcutsHelp.getState().setOpen(true)
  else if (entry.action === 'screen' && entry.screen) {
    useAppStore.getState().setScreen(entry.screen)
    // The screen's own button takes the focus, so Tab goes on into the screen rather than from the top.
    document.querySelector<HTMLElement>(`[data-screen="${entry.screen}"]`)?.focus()
  } else if (entry.action === 'press') {
    const button = pressTarget(entry.id)
    if (!button) return false
    button.click()
  }
  return true
}

/** The app's one listener for global shortcuts; mounted once by the app shell. */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (runShortcut(event)) event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
