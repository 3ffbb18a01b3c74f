import { applyOp, rasterStroke, union, type MaskRaster } from './maskRaster'
import type { MaskChange, MaskEditorState, MaskOp, MaskStroke, MaskTool, Rect } from './maskTypes'

/**
 * The mask painting logic of the edit screen, free of React and of any canvas: a tool state machine
 * (Idle → Painting | Erasing → Idle), strokes kept in image-pixel space, the mask raster in a plain byte
 * buffer (1 = the area to edit, 0 = keep), undo by the list of operations, and at most one raster per
 * animation frame however many pointer events arrive. The screen draws the buffer to a canvas; the export
 * turns it into the PNG the gateway wants (fully transparent where the image is to be edited).
 */

export type { MaskChange, MaskEditorState, MaskOp, MaskStroke, MaskTool, Rect } from './maskTypes'

export interface FrameScheduler {
  request(callback: () => void): number
  cancel(handle: number): void
}

export interface MaskEditorOptions {
  /** Defaults to `requestAnimationFrame`; tests pass a manual one. */
  scheduler?: FrameScheduler
  brushSize?: number
  /** Memory allowed for undo checkpoints (ours): 96 MiB, i.e. six of a 4096² mask. */
  checkpointBudgetBytes?: number
}

export const MIN_BRUSH = 1
export const MAX_BRUSH = 1024
/** Undo keeps a copy of the raster every this many operations, so undo replays at most this many. */
const CHECKPOINT_EVERY = 12

const animationFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle)
}

const clampBrush = (size: number): number => Math.round(Math.min(MAX_BRUSH, Math.max(MIN_BRUSH, size)))

/** Brush size steps for `[` and `]`: finer when small, coarser when large. */
export function nextBrushSize(size: number, direction: 1 | -1): number {
  const step = size < 10 ? 1 : size < 40 ? 4 : size < 120 ? 10 : size < 400 ? 25 : 50
  return clampBrush(size + direction * step)
}

export class MaskEditor {
  readonly width: number
  readonly height: number
  private readonly mask: Uint8Array
  /** The same buffer, as the raster functions take it. */
  private readonly raster: MaskRaster
  private readonly scheduler: FrameScheduler
  private readonly maxCheckpoints: number
  private toolValue: MaskTool = 'brush'
  private sizeValue: number
  private stateValue: MaskEditorState = 'idle'
  private readonly ops: MaskOp[] = []
  private readonly redoOps: MaskOp[] = []
  /** ops length → raster copy at that point (0 is the blank mask and is never stored). */
  private readonly checkpoints = new Map<number, Uint8Array>()
  private current: MaskStroke | null = null
  /** How many of the current stroke's points are already in the raster. */
  private rasterized = 0
  private frame: number | null = null
  private pending: Rect | null = null
  private pendingFull = false
  private readonly listeners = new Set<(change: MaskChange) => void>()
  private readonly stateListeners = new Set<() => void>()
  private version = 0

  constructor(width: number, height: number, options: MaskEditorOptions = {}) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
      throw new Error(`A mask needs a whole positive size, got ${width}x${height}`)
    this.width = width
    this.height = height
    this.mask = new Uint8Array(width * height)
    this.raster = { mask: this.mask, width, height }
    this.scheduler = options.scheduler ?? animationFrames
    this.sizeValue = clampBrush(options.brushSize ?? Math.max(8, Math.round(Math.max(width, height) / 24)))
    const budget = options.checkpointBudgetBytes ?? 96 * 1024 * 1024
    this.maxCheckpoints = Math.max(1, Math.floor(budget / (width * height)))
  }

  // ---- state ----

  get tool(): MaskTool {
    return this.toolValue
  }

  get brushSize(): number {
    return this.sizeValue
  }

  get state(): MaskEditorState {
    return this.stateValue
  }

  get canUndo(): boolean {
    return this.stateValue === 'idle' && this.ops.length > 0
  }

  get canRedo(): boolean {
    return this.stateValue === 'idle' && this.redoOps.length > 0
  }

  /** Grows on every change of tool, size, history or raster; for `useSyncExternalStore`. */
  get revision(): number {
    return this.version
  }

  /** The operations that make the current mask, oldest first (for inspection and tests). */
  get history(): readonly MaskOp[] {
    return this.ops
  }

  /** The raster: one byte per image pixel, row by row; 1 where the image is to be edited. */
  get buffer(): Readonly<Uint8Array> {
    return this.mask
  }

  setTool(tool: MaskTool): void {
    if (this.toolValue === tool) return
    this.toolValue = tool
    this.touched()
  }

  setBrushSize(size: number): void {
    const next = clampBrush(size)
    if (next === this.sizeValue) return
    this.sizeValue = next
    this.touched()
  }

  isPainted(x: number, y: number): boolean {
    return this.mask[y * this.width + x] === 1
  }

  paintedCount(): number {
    let count = 0
    for (const value of this.mask) count += value
    return count
  }

  isEmpty(): boolean {
    return this.mask.indexOf(1) === -1
  }

  // ---- pointer input (image-pixel coordinates) ----

  /** Starts a stroke with the current tool: Idle → Painting (brush) or Erasing (eraser). */
  pointerDown(x: number, y: number): void {
    if (this.stateValue !== 'idle') return
    this.current = { kind: 'stroke', tool: this.toolValue, size: this.sizeValue, points: [x, y] }
    this.rasterized = 0
    this.stateValue = this.toolValue === 'brush' ? 'painting' : 'erasing'
    this.redoOps.length = 0
    this.schedule()
    this.touched()
  }

  /** Extends the stroke; the raster catches up once per animation frame. */
  pointerMove(x: number, y: number): void {
    const stroke = this.current
    if (!stroke) return
    const lastX = stroke.points[stroke.points.length - 2] ?? x
    const lastY = stroke.points[stroke.points.length - 1] ?? y
    // Sub-pixel jitter adds nothing to a mask but work.
    if (Math.abs(x - lastX) < 0.5 && Math.abs(y - lastY) < 0.5) return
    stroke.points.push(x, y)
    this.schedule()
  }

  /** Ends the stroke and records it as one undoable operation: → Idle. */
  pointerUp(x?: number, y?: number): void {
    const stroke = this.current
    if (!stroke) return
    if (x !== undefined && y !== undefined) this.pointerMove(x, y)
    this.rasterPending()
    this.current = null
    this.stateValue = 'idle'
    this.pushOp(stroke)
    this.flush()
  }

  /** The system took the pointer away: the unfinished stroke is dropped, the raster restored → Idle. */
  pointerCancel(): void {
    if (!this.current) return
    this.current = null
    this.stateValue = 'idle'
    this.rebuild()
    this.flush()
  }

  // ---- whole-mask operations ----

  invert(): void {
    if (this.stateValue !== 'idle') return
    this.redoOps.length = 0
    applyOp(this.raster, { kind: 'invert' })
    this.pushOp({ kind: 'invert' })
    this.markFull()
    this.flush()
  }

  clear(): void {
    if (this.stateValue !== 'idle' || this.isEmpty()) return
    this.redoOps.length = 0
    applyOp(this.raster, { kind: 'clear' })
    this.pushOp({ kind: 'clear' })
    this.markFull()
    this.flush()
  }

  /**
   * Puts in a whole mask from RGBA pixels of the image's size, read the way the gateway reads a mask:
   * alpha 0 is the area to edit. One undoable operation.
   */
  replaceFromRgba(rgba: Uint8Array | Uint8ClampedArray): void {
    if (this.stateValue !== 'idle') return
    if (rgba.length !== this.width * this.height * 4)
      throw new Error('The mask does not match the image size')
    const mask = new Uint8Array(this.width * this.height)
    for (let i = 0; i < mask.length; i++) mask[i] = rgba[i * 4 + 3] === 0 ? 1 : 0
    this.redoOps.length = 0
    const op: MaskOp = { kind: 'replace', mask }
    applyOp(this.raster, op)
    this.pushOp(op)
    this.markFull()
    this.flush()
  }

  undo(): void {
    if (!this.canUndo) return
    const op = this.ops.pop() as MaskOp
    this.redoOps.push(op)
    for (const at of this.checkpoints.keys()) if (at > this.ops.length) this.checkpoints.delete(at)
    this.rebuild()
    this.flush()
  }

  redo(): void {
    if (!this.canRedo) return
    const op = this.redoOps.pop() as MaskOp
    const dirty = applyOp(this.raster, op)
    this.ops.push(op)
    this.maybeCheckpoint()
    if (dirty) this.markDirty(dirty)
    else this.markFull()
    this.flush()
  }

  // ---- output ----

  /** Listens for raster changes (at most one call per animation frame); returns the unsubscribe. */
  subscribe(listener: (change: MaskChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Listens for any change (tool, size, history, raster); for React's `useSyncExternalStore`. */
  subscribeState(listener: () => void): () => void {
    this.stateListeners.add(listener)
    return () => this.stateListeners.delete(listener)
  }

  /** Rasters what is pending now instead of at the next frame, and tells the listeners. */
  flush(): void {
    if (this.frame !== null) {
      this.scheduler.cancel(this.frame)
      this.frame = null
    }
    this.rasterPending()
    const dirty = this.pending
    const full = this.pendingFull
    this.pending = null
    this.pendingFull = false
    if (!dirty && !full) return
    const change: MaskChange = full
      ? { dirty: { x: 0, y: 0, width: this.width, height: this.height }, full: true }
      : { dirty: dirty as Rect, full: false }
    this.touched()
    for (const listener of this.listeners) listener(change)
  }

  /**
   * The mask as the gateway wants it, RGBA at the image's exact size: fully transparent (alpha 0) where the
   * image is to be edited, opaque black elsewhere.
   */
  toMaskRgba(): Uint8ClampedArray {
    this.flush()
    const out = new Uint8ClampedArray(this.width * this.height * 4)
    const words = new Uint32Array(out.buffer)
    const opaqueBlack = new Uint8ClampedArray([0, 0, 0, 255])
    words.fill(new Uint32Array(opaqueBlack.buffer)[0] ?? 0)
    for (let i = 0; i < this.mask.length; i++) if (this.mask[i] === 1) words[i] = 0
    return out
  }

  destroy(): void {
    if (this.frame !== null) this.scheduler.cancel(this.frame)
    this.frame = null
    this.listeners.clear()
    this.stateListeners.clear()
  }

  // ---- internals ----

  private touched(): void {
    this.version++
    for (const listener of this.stateListeners) listener()
  }

  private schedule(): void {
    if (this.frame !== null) return
    this.frame = this.scheduler.request(() => {
      this.frame = null
      this.flush()
    })
  }

  private markDirty(rect: Rect): void {
    this.pending = union(this.pending, rect)
  }

  private markFull(): void {
    this.pendingFull = true
  }

  /** Rasters the points of the current stroke that are not in the buffer yet. */
  private rasterPending(): void {
    const stroke = this.current
    if (!stroke) return
    const dirty = rasterStroke(this.raster, stroke, this.rasterized)
    if (dirty) this.markDirty(dirty)
    this.rasterized = stroke.points.length / 2
  }

  private pushOp(op: MaskOp): void {
    this.ops.push(op)
    for (const at of this.checkpoints.keys()) if (at > this.ops.length) this.checkpoints.delete(at)
    this.maybeCheckpoint()
    this.touched()
  }

  private maybeCheckpoint(): void {
    if (this.ops.length % CHECKPOINT_EVERY !== 0) return
    this.checkpoints.set(this.ops.length, this.mask.slice())
    while (this.checkpoints.size > this.maxCheckpoints) {
      // Keep the newest: undo walks back from the end.
      const oldest = Math.min(...this.checkpoints.keys())
      this.checkpoints.delete(oldest)
    }
  }

  /** The raster of `ops` from the nearest checkpoint (or the blank mask); undo and cancel come here. */
  private rebuild(): void {
    let from = 0
    for (const at of this.checkpoints.keys()) if (at <= this.ops.length && at > from) from = at
    const base = from > 0 ? this.checkpoints.get(from) : undefined
    if (base) this.mask.set(base)
    else this.mask.fill(0)
    for (const op of this.ops.slice(from)) applyOp(this.raster, op)
    this.markFull()
  }
}
