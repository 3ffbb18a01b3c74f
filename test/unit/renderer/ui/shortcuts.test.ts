import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '@renderer/i18n'
import { en } from '@shared/i18n/locales/en'
import { zhCN } from '@shared/i18n/locales/zh-CN'
import { screens, useAppStore } from '@renderer/store/app'
import {
  ariaKeys,
  keyLabel,
  matches,
  runShortcut,
  shortcutById,
  shortcutProps,
  shortcuts,
  useShortcutsHelp
} from '@renderer/ui/shortcuts'

const press = (init: KeyboardEventInit, target: EventTarget = document.body): KeyboardEvent => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })
  Object.defineProperty(event, 'target', { value: target })
  return event
}

afterEach(() => {
  document.body.innerHTML = ''
  useShortcutsHelp.getState().setOpen(false)
  void i18n.changeLanguage('en')
})

describe('the shortcut table (issue 16)', () => {
  it('declares each shortcut once, with no two global ones on the same keys', () => {
    const ids = shortcuts.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(ids.length)
    const global = shortcuts
      .filter((entry) => entry.action !== 'local')
      .map((entry) => JSON.stringify(entry.keys))
    expect(new Set(global).size).toBe(global.length)
  })

  it('has words for every shortcut and group in both languages', () => {
    for (const entry of shortcuts) {
      expect(en.ui.shortcuts.items[entry.does]).toBeTruthy()
      expect(zhCN.ui.shortcuts.items[entry.does]).toBeTruthy()
      expect(en.ui.shortcuts.groups[entry.group]).toBeTruthy()
      expect(zhCN.ui.shortcuts.groups[entry.group]).toBeTruthy()
    }
  })

  it('names keys the way each platform does', () => {
    const t = i18n.t
    const submit = shortcutById('submit').keys
    expect(keyLabel(submit, t, false)).toBe('Ctrl+Enter')
    expect(keyLabel(submit, t, true)).toBe('⌘↩')
    // Screens are numbered in the sidebar's order.
    const gallery = screens.indexOf('gallery') + 1
    expect(keyLabel(shortcutById('screen.gallery').keys, t, false)).toBe(`Alt+${gallery}`)
    expect(keyLabel(shortcutById('screen.gallery').keys, t, true)).toBe(`⌥${gallery}`)
    expect(ariaKeys(submit, false)).toBe('Control+Enter')
    expect(ariaKeys(submit, true)).toBe('Meta+Enter')
  })

  it('names Esc and Space in the language in use on a Mac too', async () => {
    const space = { key: ' ', mod: true }
    expect(keyLabel(space, i18n.t, true)).toBe('⌘Space')
    expect(keyLabel(shortcutById('close').keys, i18n.t, true)).toBe('Esc')
    await i18n.changeLanguage('zh-CN')
    expect(keyLabel(space, i18n.t, true)).toBe('⌘空格')
    expect(keyLabel(shortcutById('submit').keys, i18n.t, true)).toBe('⌘↩')
  })

  it('makes a button tooltip from the same table, in the language in use', async () => {
    expect(shortcutProps('screen.chat', 'Chat', i18n.t).title).toMatch(/^Chat \((Alt\+1|⌥1)\)$/)
    expect(shortcutProps('submit', 'Generate', i18n.t)['data-shortcut']).toBe('submit')
    await i18n.changeLanguage('zh-CN')
    expect(shortcutProps('screen.chat', '聊天', i18n.t).title).toMatch(/^聊天（(Alt\+1|⌥1)）$/)
  })

  it('matches "?" as typed and digits under Alt by their key position', () => {
    expect(matches(shortcutById('help').keys, press({ key: '?', shiftKey: true }))).toBe(true)
    expect(matches(shortcutById('help').keys, press({ key: '?', ctrlKey: true }))).toBe(false)
    expect(matches(shortcutById('screen.chat').keys, press({ key: '¡', code: 'Digit1', altKey: true }))).toBe(
      true
    )
    expect(matches(shortcutById('screen.chat').keys, press({ key: '1', code: 'Digit1' }))).toBe(false)
  })

  it('acts once: opens the help, switches screens, presses the declared button, and leaves typing alone', () => {
    expect(runShortcut(press({ key: '?' }))).toBe(true)
    expect(useShortcutsHelp.getState().open).toBe(true)

    expect(runShortcut(press({ key: '3', code: 'Digit3', altKey: true }))).toBe(true)
    expect(useAppStore.getState().screen).toBe(screens[2])

    const field = document.createElement('textarea')
    document.body.append(field)
    expect(runShortcut(press({ key: '?' }, field))).toBe(false)

    const main = document.createElement('main')
    const button = document.createElement('button')
    button.dataset.shortcut = 'submit'
    let pressed = 0
    button.addEventListener('click', () => pressed++)
    main.append(button)
    document.body.append(main)
    // happy-dom lays nothing out; a pressable button is one with a box.
    button.getClientRects = () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList
    expect(runShortcut(press({ key: 'Enter', ctrlKey: true }, field))).toBe(true)
    expect(pressed).toBe(1)
    button.disabled = true
    expect(runShortcut(press({ key: 'Enter', ctrlKey: true }, field))).toBe(false)
    expect(pressed).toBe(1)
  })
})
