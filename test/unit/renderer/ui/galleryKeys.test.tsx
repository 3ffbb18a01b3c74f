import { act, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { galleryKey, galleryKeyRows, pressesOf, type GalleryKeyPress } from '@renderer/ui/galleryKeys'
import { i18n } from '@renderer/i18n'
import { ShortcutsHelp } from '@renderer/ui/ShortcutsDialog'
import { keyLabel, shortcuts, useShortcutsHelp, type KeyCombo } from '@renderer/ui/shortcuts'

/** A combo of the table pressed: "mod" as Ctrl, or as ⌘ on a Mac. */
const pressOf = (combo: KeyCombo, mac = false): GalleryKeyPress => ({
  key: combo.key,
  shiftKey: !!combo.shift,
  ctrlKey: !!combo.mod && !mac,
  metaKey: !!combo.mod && mac,
  altKey: !!combo.alt
})

afterEach(() => {
  act(() => useShortcutsHelp.getState().setOpen(false))
  void i18n.changeLanguage('en')
})

describe('the gallery keys and their help', () => {
  it('lists the key table in the help, as a Gallery group of its own', () => {
    const listed = shortcuts.filter((entry) => entry.group === 'gallery')
    expect(listed.map((entry) => entry.id)).toEqual(galleryKeyRows.map((row) => row.id))
    expect(listed.every((entry) => entry.action === 'local')).toBe(true)
  })

  it('gives the stars on 1 to 5 and takes them off on 0', () => {
    const stars = galleryKeyRows.find((row) => row.id === 'gallery.stars')
    const none = galleryKeyRows.find((row) => row.id === 'gallery.noStars')
    expect(stars && keyLabel(stars.keys, i18n.t, false)).toBe('1–5')
    expect(none && keyLabel(none.keys, i18n.t, false)).toBe('0')
    expect(stars && pressesOf(stars).map((press) => galleryKey(pressOf(press)))).toEqual(
      [1, 2, 3, 4, 5].map((count) => ({ kind: 'rate', stars: count }))
    )
    expect(none && galleryKey(pressOf(none.keys))).toEqual({ kind: 'rate', stars: 0 })
  })

  it('does what each row says for every key the row lists, with Ctrl or ⌘', () => {
    for (const row of galleryKeyRows)
      for (const combo of pressesOf(row))
        for (const mac of [false, true])
          expect(galleryKey(pressOf(combo, mac))?.kind, `${row.id}: ${JSON.stringify(combo)}`).toBe(
            row.command
          )
  })

  it('acts on no key the help leaves out', () => {
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))
    const named = ['Enter', 'Escape', 'Tab', 'Backspace', 'Delete', 'Insert', 'F2', 'ContextMenu']
    const moves = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']
    const unlisted: string[] = []
    for (const key of [...printable, ...named, ...moves])
      for (let bits = 0; bits < 16; bits++) {
        const press = {
          key,
          shiftKey: !!(bits & 1),
          ctrlKey: !!(bits & 2),
          metaKey: !!(bits & 4),
          altKey: !!(bits & 8)
        }
        const command = galleryKey(press)
        if (!command) continue
        // A modifier that changes nothing (Alt with an arrow) is the same key; one that changes what it does
        // (Shift+Enter) gives another command, which must then be listed for that key.
        const listed = galleryKeyRows.some(
          (row) =>
            row.command === command.kind &&
            pressesOf(row).some((combo) => combo.key.toLowerCase() === key.toLowerCase())
        )
        if (!listed) unlisted.push(`${JSON.stringify(press)} → ${command.kind}`)
      }
    expect(unlisted).toEqual([])
  })

  it('shows the group in the help dialog in both languages', async () => {
    render(<ShortcutsHelp />)
    act(() => useShortcutsHelp.getState().setOpen(true))
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' })
    const gallery = within(dialog).getByRole('region', { name: 'Gallery' })
    const starsRow = within(gallery).getByText(
      'Give 1 to 5 stars (to the whole selection if the image is in it)'
    )
    expect(starsRow.closest('.shortcut-row')).toHaveTextContent('1–5')
    expect(within(gallery).getByText('Take the stars off').closest('.shortcut-row')).toHaveTextContent('0')

    await act(() => i18n.changeLanguage('zh-CN'))
    const zhGallery = within(screen.getByRole('dialog', { name: '键盘快捷键' })).getByRole('region', {
      name: '图库'
    })
    expect(within(zhGallery).getByText('清除星级').closest('.shortcut-row')).toHaveTextContent('0')
    expect(within(zhGallery).getAllByRole('term')).toHaveLength(galleryKeyRows.length)
  })
})
