import { nextBrushSize, type MaskEditor } from './MaskEditor'
import type { MaskTool } from './maskTypes'

/**
 * What a key means to the mask editor, free of React and of the DOM so it can be tested on its own. Two
 * places ask: the screen (tools, size, history and Space to pan work wherever the focus is, outside text
 * fields) and the focused canvas, which also takes the arrows (move the brush cursor), Space or Enter
 * (paint at it; held with the arrows, a stroke) and Escape (drop the stroke being drawn).
 */

/** The parts of a KeyboardEvent the keys are read from (React's and the DOM's both fit). */
export interface KeyLike {
  key: string
  shiftKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  repeat: boolean
}

export type MaskCommand =
  | { kind: 'tool'; tool: MaskTool }
  | { kind: 'toggleEraser' }
  | { kind: 'size'; direction: 1 | -1 }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'pan' }
  | { kind: 'move'; dx: -1 | 0 | 1; dy: -1 | 0 | 1; far: boolean }
  | { kind: 'paint' }
  | { kind: 'cancel' }

const ARROWS: Record<string, { dx: -1 | 0 | 1; dy: -1 | 0 | 1 }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 }
}

/** Space and Enter paint on the canvas; their key-up ends the stroke. */
export const isPaintKey = (key: string): boolean => key === ' ' || key === 'Enter'

export function maskCommand(event: KeyLike, onCanvas: boolean): MaskCommand | null {
  if (event.altKey) return null
  const key = event.key.toLowerCase()
  if (event.ctrlKey || event.metaKey) {
    if (key === 'z') return { kind: event.shiftKey ? 'redo' : 'undo' }
    if (key === 'y') return { kind: 'redo' }
    // Ctrl+Enter and the rest belong to the app's global shortcuts.
    return null
  }
  if (key === 'b') return { kind: 'tool', tool: 'brush' }
  if (key === 'e') return { kind: 'toggleEraser' }
  if (key === '[') return { kind: 'size', direction: -1 }
  if (key === ']') return { kind: 'size', direction: 1 }
  if (!onCanvas) return key === ' ' ? { kind: 'pan' } : null
  const arrow = ARROWS[event.key]
  if (arrow) return { kind: 'move', ...arrow, far: event.shiftKey }
  // A held key repeats its keydown: the stroke has already begun.
  if (isPaintKey(event.key)) return event.repeat ? null : { kind: 'paint' }
  if (event.key === 'Escape') return { kind: 'cancel' }
  return null
}

/** What a tool, size or history command did, for the canvas to say. */
export type ToolNews =
  | { kind: 'tool'; tool: MaskTool; size: number }
  | { kind: 'size'; tool: MaskTool; size: number }
  | { kind: 'undo' | 'redo'; done: boolean }

/**
 * Runs the commands that need no cursor on the editor; null for the others (pan, move, paint, cancel),
 * which the screen or the keyboard brush carry out.
 */
export function runToolCommand(editor: MaskEditor, command: MaskCommand): ToolNews | null {
  switch (command.kind) {
    case 'tool':
      editor.setTool(command.tool)
      return { kind: 'tool', tool: editor.tool, size: editor.brushSize }
    case 'toggleEraser':
      editor.setTool(editor.tool === 'eraser' ? 'brush' : 'eraser')
      return { kind: 'tool', tool: editor.tool, size: editor.brushSize }
    case 'size':
      editor.setBrushSize(nextBrushSize(editor.brushSize, command.direction))
      return { kind: 'size', tool: editor.tool, size: editor.brushSize }
    case 'undo': {
      const done = editor.canUndo
      editor.undo()
      return { kind: 'undo', done }
    }
    case 'redo': {
      const done = editor.canRedo
      editor.redo()
      return { kind: 'redo', done }
    }
    default:
      return null
  }
}
