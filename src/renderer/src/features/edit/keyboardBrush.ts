import type { MaskEditor } from './MaskEditor'
import { isPaintKey, maskCommand, runToolCommand, type KeyLike, type ToolNews } from './maskKeys'
import type { MaskTool } from './maskTypes'

/** A point in image pixels. */
export interface Point {
  x: number
  y: number
}

/** What a key on the canvas did, for the live line to say (positions in image pixels). */
export type BrushNews =
  | ToolNews
  | { kind: 'moved'; at: Point; stroking: MaskTool | null }
  | { kind: 'stroke'; tool: MaskTool; from: Point; to: Point; size: number }
  | { kind: 'cancelled' }

/** Arrow steps: a hundredth of the image's longer side, ten of them with Shift. */
const STEPS_PER_SIDE = 100
const FAR = 10

/**
 * The brush driven by keys on the focused canvas, the way accessible paint tools do it: a cursor the arrows
 * move over the image, Space or Enter down starts a stroke at it (a dab if let go at once), arrows while held
 * extend the stroke, key up ends it. The strokes are the editor's own (pointerDown/Move/Up), so undo, the
 * raster and the exported mask treat them exactly as strokes of the mouse.
 */
export class KeyboardBrush {
  private at: Point
  private strokeFrom: Point | null = null
  private strokeKey: string | null = null
  private readonly step: number

  constructor(private readonly editor: MaskEditor) {
    this.at = { x: editor.width / 2, y: editor.height / 2 }
    this.step = Math.max(1, Math.round(Math.max(editor.width, editor.height) / STEPS_PER_SIDE))
  }

  get cursor(): Point {
    return this.at
  }

  get stroking(): boolean {
    return this.strokeFrom !== null
  }

  /** Puts the cursor at a point (clamped to the image), e.g. where the mouse last was. */
  moveTo(point: Point): void {
    if (this.stroking) return
    this.at = this.clamp(point)
  }

  /** Acts on a key down; null when the key is not the canvas's (the caller then lets it through). */
  keyDown(event: KeyLike): BrushNews | null {
    const command = maskCommand(event, true)
    if (!command) return null
    switch (command.kind) {
      case 'move': {
        const distance = this.step * (command.far ? FAR : 1)
        this.at = this.clamp({ x: this.at.x + command.dx * distance, y: this.at.y + command.dy * distance })
        if (this.stroking) this.editor.pointerMove(this.at.x, this.at.y)
        return { kind: 'moved', at: this.at, stroking: this.stroking ? this.editor.tool : null }
      }
      case 'paint':
        if (this.stroking || this.editor.state !== 'idle')
          return { kind: 'moved', at: this.at, stroking: null }
        this.editor.pointerDown(this.at.x, this.at.y)
        this.strokeFrom = this.at
        this.strokeKey = event.key
        return { kind: 'moved', at: this.at, stroking: this.editor.tool }
      case 'cancel':
        if (!this.stroking) return null
        this.editor.pointerCancel()
        this.strokeFrom = null
        this.strokeKey = null
        return { kind: 'cancelled' }
      default:
        // A tool, size or history key in the middle of a stroke would change what is being drawn.
        if (this.stroking) return { kind: 'moved', at: this.at, stroking: this.editor.tool }
        return runToolCommand(this.editor, command)
    }
  }

  /** Letting go of the key that started the stroke ends it, as one undoable operation. */
  keyUp(key: string): BrushNews | null {
    if (!isPaintKey(key) || key !== this.strokeKey) return null
    return this.finish()
  }

  /** The focus left mid-stroke: what was drawn so far is kept, as the mouse's would be on release. */
  finish(): BrushNews | null {
    const from = this.strokeFrom
    if (!from) return null
    const tool = this.editor.tool
    const size = this.editor.brushSize
    this.editor.pointerUp(this.at.x, this.at.y)
    this.strokeFrom = null
    this.strokeKey = null
    return { kind: 'stroke', tool, from, to: this.at, size }
  }

  private clamp(point: Point): Point {
    return {
      x: Math.min(this.editor.width, Math.max(0, point.x)),
      y: Math.min(this.editor.height, Math.max(0, point.y))
    }
  }
}
