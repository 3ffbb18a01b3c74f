import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
  type ReactElement
} from 'react'
import { useTranslation } from 'react-i18next'
import { useConnection } from '../store/app'
import { MediaFailureNotice } from './MediaFailure'
import { imageFailureWords } from './mediaErrors'
import {
  clampPan,
  panKeeping,
  placement,
  scaleOf,
  shownSize,
  type Point,
  type Size,
  type Zoom
} from './stageGeometry'

/** One image the stage can show: its file and the size the library measured (laid out before it loads). */
export interface StageFrame {
  id: string
  mediaId: string
  width: number | null
  height: number | null
  mime: string | null
  alt: string
}

const ORIGIN: Point = { x: 0, y: 0 }
/** How far one arrow key press moves the image at 1:1 (Shift: a larger step). */
const STEP = 80

export interface StageView {
  /** A callback ref for the canvas, which the view measures. */
  attach: (element: HTMLDivElement | null) => void
  canvas: HTMLDivElement | null
  box: Size
  image: Size
  zoom: Zoom
  scale: number
  pan: Point
  /** Fit ↔ 1:1; `at` (relative to the canvas centre) stays under the pointer. */
  toggle: (at?: Point) => void
  setZoom: (zoom: Zoom) => void
  panBy: (dx: number, dy: number) => void
  /** The size the file turned out to have, when the record did not say. */
  measured: (size: Size) => void
}

/** The zoom and pan of the stage, reset to fit for each new image. */
export function useStageView(frame: StageFrame): StageView {
  const [canvas, attach] = useState<HTMLDivElement | null>(null)
  const [box, setBox] = useState<Size>({ width: 0, height: 0 })
  const [zoom, setZoomState] = useState<Zoom>('fit')
  const [rawPan, setPan] = useState<Point>(ORIGIN)
  const [natural, setNatural] = useState<Size | null>(null)
  const [shownId, setShownId] = useState(frame.id)
  if (shownId !== frame.id) {
    // Another image: back to fit, centred (state adjusted during render, as React recommends).
    setShownId(frame.id)
    setZoomState('fit')
    setPan(ORIGIN)
    setNatural(null)
  }
  useLayoutEffect(() => {
    const element = canvas
    if (!element) return
    const measure = (): void => setBox({ width: element.clientWidth, height: element.clientHeight })
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [canvas])
  const image: Size = useMemo(
    () =>
      frame.width && frame.height
        ? { width: frame.width, height: frame.height }
        : (natural ?? { width: 1, height: 1 }),
    [frame.width, frame.height, natural]
  )
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio
  const scale = scaleOf(zoom, image, box, ratio)
  const pan = clampPan(rawPan, shownSize(image, scale), box)

  const toggle = useCallback(
    (at: Point = ORIGIN) => {
      const next: Zoom = zoom === 'fit' ? 'actual' : 'fit'
      const nextScale = scaleOf(next, image, box, ratio)
      setZoomState(next)
      setPan(
        next === 'fit'
          ? ORIGIN
          : clampPan(panKeeping(at, pan, scale, nextScale), shownSize(image, nextScale), box)
      )
    },
    [zoom, image, box, ratio, pan, scale]
  )
  const setZoom = useCallback(
    (next: Zoom) => {
      if (next !== zoom) toggle()
    },
    [zoom, toggle]
  )
  const panBy = useCallback(
    (dx: number, dy: number) =>
      setPan(clampPan({ x: pan.x + dx, y: pan.y + dy }, shownSize(image, scale), box)),
    [pan, image, scale, box]
  )
  const measured = useCallback((size: Size) => setNatural(size), [])
  return { attach, canvas, box, image, zoom, scale, pan, toggle, setZoom, panBy, measured }
}

/** The step an arrow key moves the image by (opposite to the key: the view moves towards it). */
export function arrowStep(key: string, shift: boolean): Point | null {
  const step = shift ? STEP * 4 : STEP
  if (key === 'ArrowLeft') return { x: step, y: 0 }
  if (key === 'ArrowRight') return { x: -step, y: 0 }
  if (key === 'ArrowUp') return { x: 0, y: step }
  if (key === 'ArrowDown') return { x: 0, y: -step }
  return null
}

/**
 * The large image at its true aspect ratio on a checkerboard: sized from the record before the file
 * arrives, dragged to pan at 1:1, double-clicked to switch between fit and 1:1 where the pointer is.
 */
export function StageCanvas({ frame, view }: { frame: StageFrame; view: StageView }): ReactElement {
  const { t } = useTranslation()
  const { mediaUrl } = useConnection()
  const [failedId, setFailedId] = useState<string | null>(null)
  const drag = useRef<{ x: number; y: number; id: number } | null>(null)
  // Read apart: the compiler's ref rule would take the whole view for a ref once `attach` is passed as one.
  const { attach, canvas, box, image, zoom, scale, pan, toggle, panBy, measured } = view
  const shown = shownSize(image, scale)
  const at = placement(shown, box, pan)
  const movable = zoom === 'actual' && (shown.width > box.width || shown.height > box.height)

  const fromCentre = (event: { clientX: number; clientY: number }): Point => {
    const rect = canvas?.getBoundingClientRect()
    if (!rect) return ORIGIN
    return { x: event.clientX - rect.left - rect.width / 2, y: event.clientY - rect.top - rect.height / 2 }
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (!movable || event.button !== 0) return
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, y: event.clientY, id: event.pointerId }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    const last = drag.current
    if (!last || last.id !== event.pointerId) return
    panBy(event.clientX - last.x, event.clientY - last.y)
    drag.current = { ...last, x: event.clientX, y: event.clientY }
  }
  const onPointerUp = (): void => {
    drag.current = null
  }

  return (
    <div
      ref={attach}
      className={`stage-canvas${movable ? ' movable' : ''}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={(event) => toggle(fromCentre(event))}
      data-zoom={zoom}
    >
      {failedId === frame.mediaId ? (
        <MediaFailureNotice
          title={t('media.viewer.cannotShow')}
          words={imageFailureWords(t)}
          href={mediaUrl(frame.mediaId)}
          fileName={`image-${frame.mediaId.slice(0, 12)}.${(frame.mime?.split('/')[1] ?? 'png').replace('jpeg', 'jpg')}`}
        />
      ) : (
        box.width > 0 && (
          <img
            key={frame.mediaId}
            src={mediaUrl(frame.mediaId)}
            alt={frame.alt}
            className="stage-image checker"
            decoding="async"
            draggable={false}
            style={{ width: shown.width, height: shown.height, transform: `translate(${at.x}px, ${at.y}px)` }}
            onLoad={(event) => {
              const img = event.currentTarget
              if (!frame.width || !frame.height)
                measured({ width: img.naturalWidth, height: img.naturalHeight })
            }}
            onError={() => setFailedId(frame.mediaId)}
          />
        )
      )}
    </div>
  )
}
