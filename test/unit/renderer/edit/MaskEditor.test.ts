import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  MaskEditor,
  nextBrushSize,
  type FrameScheduler,
  type MaskChange
} from '@renderer/features/edit/MaskEditor'
import { encodePng } from '@renderer/features/edit/maskPng'

/** Animation frames under the test's control: nothing rasters until `run()`. */
function manualFrames(): FrameScheduler & { run(): void; requested: number; waiting: number } {
  const callbacks = new Map<number, () => void>()
  let next = 1
  const frames = {
    requested: 0,
    get waiting() {
      return callbacks.size
    },
    request(callback: () => void) {
      frames.requested++
      callbacks.set(next, callback)
      return next++
    },
    cancel(handle: number) {
      callbacks.delete(handle)
    },
    run() {
      const due = [...callbacks.values()]
      callbacks.clear()
      for (const callback of due) callback()
    }
  }
  return frames
}

/** Brute force: pixel centres within `size/2` of the polyline (the definition the editor must meet). */
function expected(width: number, height: number, points: number[], size: number): Uint8Array {
  const out = new Uint8Array(width * height)
  const r = size / 2
  const near = (px: number, py: number): boolean => {
    for (let i = 0; i < points.length / 2; i++) {
      const ax = points[2 * i] as number
      const ay = points[2 * i + 1] as number
      const bx = (i === 0 ? ax : points[2 * i - 2]) as number
      const by = (i === 0 ? ay : points[2 * i - 1]) as number
      const dx = bx - ax
      const dy = by - ay
      const len2 = dx * dx + dy * dy
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2))
      const qx = ax + t * dx - px
      const qy = ay + t * dy - py
      if (qx * qx + qy * qy <= r * r) return true
    }
    return false
  }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) out[y * width + x] = near(x + 0.5, y + 0.5) ? 1 : 0
  return out
}

function stroke(editor: MaskEditor, points: number[]): void {
  editor.pointerDown(points[0] as number, points[1] as number)
  for (let i = 2; i < points.length; i += 2) editor.pointerMove(points[i] as number, points[i + 1] as number)
  editor.pointerUp()
}

const snapshot = (editor: MaskEditor): Uint8Array => Uint8Array.from(editor.buffer)

describe('MaskEditor', () => {
  it('paints a stroke exactly where the brush passed, in image pixels', () => {
    const editor = new MaskEditor(64, 48, { scheduler: manualFrames(), brushSize: 9 })
    const points = [6.3, 7.1, 30.2, 9.7, 41.9, 35.4, 12.6, 40.2]
    stroke(editor, points)
    expect(snapshot(editor)).toEqual(expected(64, 48, points, 9))
    expect(editor.isPainted(30, 9)).toBe(true)
    expect(editor.isPainted(60, 2)).toBe(false)
  })

  it('moves Idle → Painting → Idle with the brush and Idle → Erasing → Idle with the eraser', () => {
    const editor = new MaskEditor(32, 32, { scheduler: manualFrames(), brushSize: 6 })
    expect(editor.state).toBe('idle')
    editor.pointerMove(5, 5) // no stroke yet: ignored
    expect(editor.paintedCount()).toBe(0)
    editor.pointerDown(8.2, 8.4)
    expect(editor.state).toBe('painting')
    editor.pointerDown(20, 20) // a second pointer while painting does not start another stroke
    editor.pointerUp(24.1, 8.3)
    expect(editor.state).toBe('idle')
    const painted = editor.paintedCount()
    expect(painted).toBeGreaterThan(0)

    editor.setTool('eraser')
    editor.pointerDown(16.2, 8.3)
    expect(editor.state).toBe('erasing')
    editor.pointerUp()
    expect(editor.state).toBe('idle')
    expect(editor.isPainted(16, 8)).toBe(false)
    expect(editor.isPainted(9, 8)).toBe(true)
    expect(editor.paintedCount()).toBeLessThan(painted)
    expect(editor.history.map((op) => (op.kind === 'stroke' ? op.tool : op.kind))).toEqual([
      'brush',
      'eraser'
    ])
  })

  it('rasters at most once per animation frame however many pointer moves arrive', () => {
    const frames = manualFrames()
    const editor = new MaskEditor(256, 256, { scheduler: frames, brushSize: 10 })
    const changes: MaskChange[] = []
    editor.subscribe((change) => changes.push(change))
    editor.pointerDown(10.5, 10.5)
    for (let x = 11; x < 200; x += 3) editor.pointerMove(x + 0.5, 10.5)
    // Nothing is drawn before the frame, and only one frame was asked for.
    expect(editor.paintedCount()).toBe(0)
    expect(frames.requested).toBe(1)
    expect(frames.waiting).toBe(1)
    frames.run()
    expect(changes).toHaveLength(1)
    expect(changes[0]?.full).toBe(false)
    // The notice names only the touched rows and columns, not the whole 256² image.
    expect(changes[0]?.dirty).toEqual({ x: 5, y: 5, width: 198, height: 11 })
    expect(editor.isPainted(150, 10)).toBe(true)
    editor.pointerMove(199.5, 80.5)
    editor.pointerMove(199.5, 120.5)
    expect(frames.requested).toBe(2)
    editor.pointerUp()
    // pointerUp rasters what is left at once and cancels the frame it no longer needs.
    expect(frames.waiting).toBe(0)
    expect(changes).toHaveLength(2)
    expect(editor.isPainted(199, 100)).toBe(true)
  })

  it('undoes and redoes strokes, invert and clear exactly, and a new stroke drops the redo list', () => {
    const editor = new MaskEditor(40, 30, { scheduler: manualFrames(), brushSize: 5 })
    const blank = snapshot(editor)
    stroke(editor, [3.2, 3.3, 30.1, 4.2])
    const afterFirst = snapshot(editor)
    stroke(editor, [5.3, 20.2, 25.4, 25.1])
    const afterSecond = snapshot(editor)
    editor.invert()
    const inverted = snapshot(editor)
    expect(editor.paintedCount()).toBe(40 * 30 - afterSecond.reduce((n, v) => n + v, 0))
    editor.clear()
    expect(editor.isEmpty()).toBe(true)

    editor.undo()
    expect(snapshot(editor)).toEqual(inverted)
    editor.undo()
    expect(snapshot(editor)).toEqual(afterSecond)
    editor.undo()
    expect(snapshot(editor)).toEqual(afterFirst)
    editor.redo()
    expect(snapshot(editor)).toEqual(afterSecond)
    expect(editor.canRedo).toBe(true)
    stroke(editor, [35.5, 25.5])
    expect(editor.canRedo).toBe(false)
    editor.undo()
    editor.undo()
    editor.undo()
    expect(snapshot(editor)).toEqual(blank)
    expect(editor.canUndo).toBe(false)
  })

  it('undo through many strokes gives the same raster as painting only the kept ones', () => {
    const frames = manualFrames()
    const editor = new MaskEditor(80, 60, {
      scheduler: frames,
      brushSize: 7,
      checkpointBudgetBytes: 80 * 60 * 2
    })
    const strokes = Array.from({ length: 40 }, (_, i) => [
      (i * 7.3) % 80,
      (i * 3.1) % 60,
      (i * 11.7 + 20) % 80,
      (i * 5.9 + 10) % 60
    ])
    strokes.forEach((points, i) => {
      editor.setTool(i % 5 === 4 ? 'eraser' : 'brush')
      stroke(editor, points)
    })
    for (let i = 0; i < 27; i++) editor.undo()
    const reference = new MaskEditor(80, 60, { scheduler: manualFrames(), brushSize: 7 })
    strokes.slice(0, 13).forEach((points, i) => {
      reference.setTool(i % 5 === 4 ? 'eraser' : 'brush')
      stroke(reference, points)
    })
    expect(snapshot(editor)).toEqual(snapshot(reference))
  })

  it('drops a cancelled stroke and restores the raster', () => {
    const frames = manualFrames()
    const editor = new MaskEditor(50, 50, { scheduler: frames, brushSize: 8 })
    stroke(editor, [10.5, 10.5, 40.5, 10.5])
    const before = snapshot(editor)
    editor.pointerDown(10.5, 40.5)
    editor.pointerMove(40.5, 40.5)
    frames.run()
    expect(editor.isPainted(25, 40)).toBe(true)
    editor.pointerCancel()
    expect(editor.state).toBe('idle')
    expect(snapshot(editor)).toEqual(before)
    expect(editor.history).toHaveLength(1)
  })

  it('exports RGBA at the image size whose alpha is 0 exactly where painted, and as a PNG of that size', async () => {
    const editor = new MaskEditor(37, 23, { scheduler: manualFrames(), brushSize: 6 })
    stroke(editor, [4.2, 5.1, 30.3, 17.2])
    const rgba = editor.toMaskRgba()
    expect(rgba.length).toBe(37 * 23 * 4)
    for (let i = 0; i < 37 * 23; i++) {
      expect(rgba[i * 4 + 3]).toBe(editor.buffer[i] === 1 ? 0 : 255)
    }
    const png = await encodePng(rgba, 37, 23)
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
    expect([info.width, info.height, info.channels]).toEqual([37, 23, 4])
    expect(Uint8Array.from(data)).toEqual(Uint8Array.from(rgba))
    expect((await sharp(png).metadata()).hasAlpha).toBe(true)
  })

  it('keeps a 4096² stroke to its own rectangle and clamps strokes at the image edge', () => {
    const frames = manualFrames()
    const editor = new MaskEditor(4096, 4096, { scheduler: frames, brushSize: 200 })
    const changes: MaskChange[] = []
    editor.subscribe((change) => changes.push(change))
    editor.pointerDown(-50, 2000)
    editor.pointerMove(300, 2000)
    frames.run()
    expect(changes[0]?.dirty).toEqual({ x: 0, y: 1900, width: 400, height: 200 })
    editor.pointerUp()
    expect(editor.isPainted(0, 2000)).toBe(true)
    expect(editor.isPainted(401, 2000)).toBe(false)
  })

  it('steps the brush size for [ and ] and keeps it within 1–1024', () => {
    expect(nextBrushSize(5, 1)).toBe(6)
    expect(nextBrushSize(60, 1)).toBe(70)
    expect(nextBrushSize(60, -1)).toBe(50)
    expect(nextBrushSize(1, -1)).toBe(1)
    expect(nextBrushSize(1020, 1)).toBe(1024)
    const editor = new MaskEditor(10, 10, { scheduler: manualFrames() })
    editor.setBrushSize(5000)
    expect(editor.brushSize).toBe(1024)
  })
})

describe('MaskEditor.replaceFromRgba', () => {
  it('reads a mask PNG’s alpha back as the painted area, as one undoable step', () => {
    const source = new MaskEditor(20, 10, { scheduler: manualFrames(), brushSize: 4 })
    stroke(source, [2.5, 2.5, 15.5, 7.5])
    const target = new MaskEditor(20, 10, { scheduler: manualFrames(), brushSize: 4 })
    target.replaceFromRgba(source.toMaskRgba())
    expect(snapshot(target)).toEqual(snapshot(source))
    target.undo()
    expect(target.isEmpty()).toBe(true)
    expect(() => target.replaceFromRgba(new Uint8ClampedArray(4))).toThrow(/size/)
  })
})
