import { describe, expect, it } from 'vitest'
import { KeyboardBrush } from '@renderer/features/edit/keyboardBrush'
import { MaskEditor, type FrameScheduler } from '@renderer/features/edit/MaskEditor'
import { maskCommand, type KeyLike } from '@renderer/features/edit/maskKeys'
import { brushWords } from '@renderer/features/edit/useKeyboardBrush'
import { i18n } from '@renderer/i18n'

/** Frames that never run by themselves: the editor rasters on flush (stroke end), as the tests need. */
const noFrames: FrameScheduler = { request: () => 1, cancel: () => undefined }

const key = (name: string, extra: Partial<KeyLike> = {}): KeyLike => ({
  key: name,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  ...extra
})

/** A 200×100 mask with a 10 px brush: arrow steps are 2 px, 20 px with Shift. */
function setup(): { editor: MaskEditor; brush: KeyboardBrush } {
  const editor = new MaskEditor(200, 100, { scheduler: noFrames, brushSize: 10 })
  return { editor, brush: new KeyboardBrush(editor) }
}

function dab(brush: KeyboardBrush, paintKey = ' '): void {
  brush.keyDown(key(paintKey))
  brush.keyUp(paintKey)
}

describe('maskCommand', () => {
  it('reads the tool, size and history keys anywhere, and the cursor keys only on the canvas', () => {
    expect(maskCommand(key('b'), false)).toEqual({ kind: 'tool', tool: 'brush' })
    expect(maskCommand(key('E'), false)).toEqual({ kind: 'toggleEraser' })
    expect(maskCommand(key('['), false)).toEqual({ kind: 'size', direction: -1 })
    expect(maskCommand(key(']'), true)).toEqual({ kind: 'size', direction: 1 })
    expect(maskCommand(key('z', { ctrlKey: true }), false)).toEqual({ kind: 'undo' })
    expect(maskCommand(key('Z', { metaKey: true, shiftKey: true }), false)).toEqual({ kind: 'redo' })
    expect(maskCommand(key('y', { ctrlKey: true }), true)).toEqual({ kind: 'redo' })
    expect(maskCommand(key(' '), false)).toEqual({ kind: 'pan' })
    expect(maskCommand(key(' '), true)).toEqual({ kind: 'paint' })
    expect(maskCommand(key('Enter'), true)).toEqual({ kind: 'paint' })
    expect(maskCommand(key('Enter'), false)).toBeNull()
    expect(maskCommand(key('ArrowLeft'), false)).toBeNull()
    expect(maskCommand(key('ArrowLeft', { shiftKey: true }), true)).toEqual({
      kind: 'move',
      dx: -1,
      dy: 0,
      far: true
    })
    expect(maskCommand(key('Escape'), true)).toEqual({ kind: 'cancel' })
  })

  it('leaves Ctrl+Enter to the app (send), Alt to the screens, and a held key’s repeats alone', () => {
    expect(maskCommand(key('Enter', { ctrlKey: true }), true)).toBeNull()
    expect(maskCommand(key('1', { altKey: true }), true)).toBeNull()
    expect(maskCommand(key('b', { altKey: true }), false)).toBeNull()
    expect(maskCommand(key(' ', { repeat: true }), true)).toBeNull()
  })
})

describe('KeyboardBrush', () => {
  it('paints a dab under the cursor, which starts in the middle and moves by arrows', () => {
    const { editor, brush } = setup()
    expect(brush.cursor).toEqual({ x: 100, y: 50 })
    dab(brush)
    expect(editor.isPainted(100, 50)).toBe(true)
    expect(editor.isPainted(110, 50)).toBe(false)
    expect(editor.history).toHaveLength(1)

    brush.keyDown(key('ArrowRight', { shiftKey: true }))
    brush.keyDown(key('ArrowDown'))
    expect(brush.cursor).toEqual({ x: 120, y: 52 })
    dab(brush, 'Enter')
    expect(editor.isPainted(120, 52)).toBe(true)
    expect(editor.isPainted(110, 52)).toBe(false)
  })

  it('held Space with arrows paints one stroke, one undo; repeats of the key add nothing', () => {
    const { editor, brush } = setup()
    expect(brush.keyDown(key(' '))).toMatchObject({ kind: 'moved', stroking: 'brush' })
    expect(brush.stroking).toBe(true)
    for (let i = 0; i < 3; i++) brush.keyDown(key('ArrowRight', { shiftKey: true }))
    expect(brush.keyDown(key(' ', { repeat: true }))).toBeNull()
    // Another key's key-up does not end the stroke.
    expect(brush.keyUp('Enter')).toBeNull()
    expect(brush.keyUp(' ')).toEqual({
      kind: 'stroke',
      tool: 'brush',
      from: { x: 100, y: 50 },
      to: { x: 160, y: 50 },
      size: 10
    })
    for (const x of [100, 120, 140, 160]) expect(editor.isPainted(x, 50)).toBe(true)
    expect(editor.isPainted(100, 60)).toBe(false)
    expect(editor.history).toHaveLength(1)
    expect(brush.keyDown(key('z', { ctrlKey: true }))).toEqual({ kind: 'undo', done: true })
    expect(editor.isEmpty()).toBe(true)
    expect(brush.keyDown(key('z', { ctrlKey: true }))).toEqual({ kind: 'undo', done: false })
    expect(brush.keyDown(key('z', { ctrlKey: true, shiftKey: true }))).toEqual({ kind: 'redo', done: true })
    expect(editor.isPainted(140, 50)).toBe(true)
  })

  it('sizes the brush with [ and ], and E toggles the eraser, which takes paint away', () => {
    const { editor, brush } = setup()
    expect(brush.keyDown(key(']'))).toEqual({ kind: 'size', tool: 'brush', size: 14 })
    expect(brush.keyDown(key('['))).toEqual({ kind: 'size', tool: 'brush', size: 10 })
    brush.keyDown(key(']'))
    brush.keyDown(key(']'))
    expect(editor.brushSize).toBe(18)
    dab(brush)
    expect(editor.isPainted(108, 50)).toBe(true)
    expect(brush.keyDown(key('e'))).toEqual({ kind: 'tool', tool: 'eraser', size: 18 })
    brush.keyDown(key('['))
    brush.keyDown(key('['))
    dab(brush)
    expect(editor.isPainted(100, 50)).toBe(false)
    expect(editor.isPainted(108, 50)).toBe(true)
    expect(brush.keyDown(key('E'))).toEqual({ kind: 'tool', tool: 'brush', size: 10 })
  })

  it('Escape drops the stroke being drawn; leaving the canvas keeps it', () => {
    const { editor, brush } = setup()
    brush.keyDown(key(' '))
    brush.keyDown(key('ArrowLeft', { shiftKey: true }))
    expect(brush.keyDown(key('Escape'))).toEqual({ kind: 'cancelled' })
    expect(brush.keyUp(' ')).toBeNull()
    expect(editor.isEmpty()).toBe(true)
    expect(editor.history).toHaveLength(0)

    brush.keyDown(key('Enter'))
    brush.keyDown(key('ArrowUp', { shiftKey: true }))
    expect(brush.finish()).toMatchObject({ kind: 'stroke', from: { x: 80, y: 50 }, to: { x: 80, y: 30 } })
    expect(editor.isPainted(80, 40)).toBe(true)
    expect(editor.history).toHaveLength(1)
  })

  it('keeps the cursor on the image, and tool keys wait until the stroke ends', () => {
    const { editor, brush } = setup()
    for (let i = 0; i < 10; i++) brush.keyDown(key('ArrowLeft', { shiftKey: true }))
    expect(brush.cursor).toEqual({ x: 0, y: 50 })
    brush.keyDown(key(' '))
    brush.keyDown(key(']'))
    brush.keyDown(key('e'))
    expect(editor.brushSize).toBe(10)
    expect(editor.tool).toBe('brush')
    brush.keyUp(' ')
    expect(editor.isPainted(0, 50)).toBe(true)
  })
})

describe('brushWords', () => {
  it('says where the keyboard painted and with what, in English and Chinese', async () => {
    const { editor } = setup()
    const stroke = {
      kind: 'stroke',
      tool: 'brush',
      from: { x: 80, y: 62 },
      to: { x: 80, y: 62 },
      size: 48
    } as const
    await i18n.changeLanguage('en')
    expect(brushWords(stroke, editor, i18n.t, 'en')).toBe('Painted at 40%, 62% · brush 48 px')
    expect(brushWords({ ...stroke, to: { x: 120, y: 62 } }, editor, i18n.t, 'en')).toBe(
      'Painted from 40%, 62% to 60%, 62% · brush 48 px'
    )
    expect(brushWords({ kind: 'undo', done: false }, editor, i18n.t, 'en')).toBe('Nothing to undo')
    await i18n.changeLanguage('zh-CN')
    expect(brushWords(stroke, editor, i18n.t, 'zh-CN')).toBe('已在（40%，62%）处涂抹 · 画笔 48 像素')
    expect(brushWords({ kind: 'tool', tool: 'eraser', size: 20 }, editor, i18n.t, 'zh-CN')).toBe(
      '橡皮擦 · 20 像素'
    )
    await i18n.changeLanguage('en')
  })
})
