import { useEffect, useRef, type PointerEvent, type ReactElement } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { useConnection } from '../../store/app'
import type { MaskEditor, Rect } from './MaskEditor'
import { useEditStore, type EditSource, type EditView } from './store'
import { useKeyboardBrush } from './useKeyboardBrush'

export const MIN_ZOOM = 0.02
export const MAX_ZOOM = 16

/** The view that shows the whole image centred in a stage of the given size. */
export function fitView(stage: { width: number; height: number }, image: EditSource): EditView {
  if (stage.width <= 0 || stage.height <= 0) return { zoom: 1, x: 0, y: 0 }
  const zoom = Math.min((stage.width - 32) / image.width, (stage.height - 32) / image.height, 4)
  return {
    zoom,
    x: (stage.width - image.width * zoom) / 2,
    y: (stage.height - image.height * zoom) / 2
  }
}

/** Zooms by `factor` keeping the stage point (px, py) over the same image pixel. */
export function zoomAt(view: EditView, factor: number, px: number, py: number): EditView {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom * factor))
  const k = zoom / view.zoom
  return { zoom, x: px - (px - view.x) * k, y: py - (py - view.y) * k }
}

function accentRgb(): [number, number, number] {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()
  const hex = /^#([0-9a-f]{6})$/i.exec(value)?.[1]
  if (!hex) return [91, 91, 240]
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)]
}

/** Copies a rectangle of the mask raster to the overlay canvas (the only place the mask meets a canvas). */
function drawMask(
  ctx: CanvasRenderingContext2D,
  editor: MaskEditor,
  rect: Rect,
  rgb: [number, number, number]
): void {
  if (rect.width <= 0 || rect.height <= 0) return
  const image = ctx.createImageData(rect.width, rect.height)
  const words = new Uint32Array(image.data.buffer)
  const bytes = new Uint8ClampedArray([rgb[0], rgb[1], rgb[2], 255])
  const colour = new Uint32Array(bytes.buffer)[0] ?? 0
  const mask = editor.buffer
  for (let row = 0; row < rect.height; row++) {
    const from = (rect.y + row) * editor.width + rect.x
    const to = row * rect.width
    for (let col = 0; col < rect.width; col++) words[to + col] = mask[from + col] === 1 ? colour : 0
  }
  ctx.putImageData(image, rect.x, rect.y)
}

/**
 * The image with the mask over it: stacked image and mask canvas under one zoom/pan transform, a brush
 * outline that follows the pointer. Pointer positions are turned into image pixels here; everything else
 * about painting is the editor's. While painting, the stage is also a focusable canvas the keys paint on
 * (useKeyboardBrush): its own cursor and a live line saying what each key did.
 */
export function MaskStage({
  source,
  editor,
  spaceHeld
}: {
  source: EditSource
  editor: MaskEditor
  spaceHeld: boolean
}): ReactElement {
  const { t } = useTranslation()
  const { mediaUrl } = useConnection()
  const stageRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const cursorRef = useRef<HTMLDivElement>(null)
  const panRef = useRef<{ x: number; y: number; view: EditView } | null>(null)
  const storedView = useEditStore((state) => state.view)
  const opacity = useEditStore((state) => state.overlayOpacity)
  const stage = useEditStore((state) => state.stage)
  // The whole image: nothing to paint, so a drag pans and the overlay is hidden (no mask is sent).
  const painting = useEditStore((state) => state.mode) === 'painted'
  const view = storedView ?? fitView(stage, source)
  const viewRef = useRef(view)
  const keys = useKeyboardBrush(editor)
  useEffect(() => {
    viewRef.current = view
  })

  useEffect(() => {
    const element = stageRef.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry)
        useEditStore.getState().setStage({ width: entry.contentRect.width, height: entry.contentRect.height })
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  // The overlay follows the raster: everything once, then only what each frame touched.
  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d')
    if (!ctx) return
    const rgb = accentRgb()
    drawMask(ctx, editor, { x: 0, y: 0, width: editor.width, height: editor.height }, rgb)
    return editor.subscribe((change) => drawMask(ctx, editor, change.dirty, rgb))
  }, [editor])

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const element = stageRef.current
    if (!element) return
    const onWheel = (event: WheelEvent): void => {
      event.preventDefault()
      const rect = element.getBoundingClientRect()
      const factor = Math.exp(-event.deltaY * 0.0015)
      useEditStore
        .getState()
        .setView(zoomAt(viewRef.current, factor, event.clientX - rect.left, event.clientY - rect.top))
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [])

  const toImage = (event: { clientX: number; clientY: number }): { x: number; y: number } => {
    const rect = stageRef.current?.getBoundingClientRect()
    const v = viewRef.current
    return {
      x: (event.clientX - (rect?.left ?? 0) - v.x) / v.zoom,
      y: (event.clientY - (rect?.top ?? 0) - v.y) / v.zoom
    }
  }

  const moveCursor = (event: { clientX: number; clientY: number }): void => {
    const cursor = cursorRef.current
    const rect = stageRef.current?.getBoundingClientRect()
    if (!cursor || !rect) return
    const d = editor.brushSize * viewRef.current.zoom
    cursor.style.width = `${d}px`
    cursor.style.height = `${d}px`
    cursor.style.transform = `translate(${event.clientX - rect.left - d / 2}px, ${event.clientY - rect.top - d / 2}px)`
    cursor.style.opacity = '1'
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    event.currentTarget.setPointerCapture?.(event.pointerId)
    if (event.button === 1 || spaceHeld || !painting) {
      panRef.current = { x: event.clientX, y: event.clientY, view: viewRef.current }
      return
    }
    if (event.button !== 0) return
    const p = toImage(event)
    editor.pointerDown(p.x, p.y)
  }

  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    const pan = panRef.current
    if (pan) {
      useEditStore.getState().setView({
        ...pan.view,
        x: pan.view.x + event.clientX - pan.x,
        y: pan.view.y + event.clientY - pan.y
      })
      return
    }
    if (!painting) return
    moveCursor(event)
    keys.pointerAt(toImage(event))
    if (editor.state === 'idle') return
    // Coalesced events keep fast strokes smooth where the browser batches pointer moves.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? []
    for (const e of events.length > 0 ? events : [event]) {
      const p = toImage(e)
      editor.pointerMove(p.x, p.y)
    }
  }

  const onPointerUp = (event: PointerEvent<HTMLDivElement>): void => {
    if (panRef.current) {
      panRef.current = null
      return
    }
    const p = toImage(event)
    editor.pointerUp(p.x, p.y)
  }

  return (
    <div
      ref={stageRef}
      className={`mask-stage ${spaceHeld || !painting ? 'panning' : ''}`}
      data-testid="mask-stage"
      {...(painting
        ? {
            tabIndex: 0,
            // Keys go to the canvas, not to a screen reader's reading mode.
            role: 'application',
            'aria-label': t('edit.keyboard.canvas'),
            'aria-describedby': 'mask-keys',
            ...keys.handlers
          }
        : {})}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        panRef.current = null
        editor.pointerCancel()
      }}
      onPointerLeave={() => {
        if (cursorRef.current) cursorRef.current.style.opacity = '0'
      }}
      onContextMenu={(event) => event.preventDefault()}
    >
      <div
        className="mask-view"
        style={{
          width: source.width,
          height: source.height,
          transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`
        }}
      >
        <img
          src={mediaUrl(source.mediaId)}
          alt={t('edit.stage.image')}
          width={source.width}
          height={source.height}
          draggable={false}
        />
        <canvas
          ref={canvasRef}
          width={source.width}
          height={source.height}
          style={{ opacity: painting ? opacity : 0 }}
          hidden={!painting}
          role="img"
          aria-label={t('edit.stage.mask')}
        />
      </div>
      <div ref={cursorRef} className="mask-cursor" aria-hidden="true" />
      {painting && keys.active && (
        <div
          className="mask-cursor keyboard"
          data-testid="keyboard-brush"
          aria-hidden="true"
          style={{
            width: editor.brushSize * view.zoom,
            height: editor.brushSize * view.zoom,
            transform: `translate(${view.x + (keys.cursor.x - editor.brushSize / 2) * view.zoom}px, ${view.y + (keys.cursor.y - editor.brushSize / 2) * view.zoom}px)`
          }}
        />
      )}
      {painting && (
        <div className={`mask-keys ${keys.active ? 'shown' : ''}`}>
          <p className="mask-keys-news" aria-live="polite">
            {keys.news}
          </p>
          <p className="mask-keys-help" id="mask-keys">
            <Trans i18nKey="edit.keyboard.keys" components={{ kbd: <kbd /> }} />
          </p>
        </div>
      )}
    </div>
  )
}
