/** The shapes the mask editor, its raster and the edit screen share. */

export type MaskTool = 'brush' | 'eraser'
export type MaskEditorState = 'idle' | 'painting' | 'erasing'

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface MaskStroke {
  kind: 'stroke'
  tool: MaskTool
  /** Brush diameter in image pixels. */
  size: number
  /** x0, y0, x1, y1, … in image pixels (fractions allowed). */
  points: number[]
}

export type MaskOp =
  | MaskStroke
  | { kind: 'invert' }
  | { kind: 'clear' }
  /** A whole mask put in at once (a remix restoring an earlier edit's mask). */
  | { kind: 'replace'; mask: Uint8Array }

/** What changed in the raster since the last notice: a rectangle, or everything. */
export interface MaskChange {
  dirty: Rect
  full: boolean
}
