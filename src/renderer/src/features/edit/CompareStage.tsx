import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useConnection } from '../../store/app'
import { fitView } from './MaskStage'
import { useEditStore, type EditCompare } from './store'
import { numberFormat } from '../../ui/intl'

const STEP = 5
const PAGE = 25

/** The divider's position after a key, or null for keys the slider does not take. */
export function sliderKey(at: number, key: string): number | null {
  const clamp = (value: number): number => Math.min(100, Math.max(0, value))
  if (key === 'ArrowLeft' || key === 'ArrowDown') return clamp(at - STEP)
  if (key === 'ArrowRight' || key === 'ArrowUp') return clamp(at + STEP)
  if (key === 'PageDown') return clamp(at - PAGE)
  if (key === 'PageUp') return clamp(at + PAGE)
  if (key === 'Home') return 0
  if (key === 'End') return 100
  return null
}

/** Result choice, keep editing, try again: what can follow a finished edit. */
function CompareBar({ compare }: { compare: EditCompare }): ReactElement {
  const { t } = useTranslation()
  const store = useEditStore.getState
  return (
    <div className="mask-toolbar compare-bar" role="toolbar" aria-label={t('edit.compare.label')}>
      <button type="button" className="button primary" onClick={() => store().keepResult()}>
        {t('edit.compare.keep')}
      </button>
      <button
        type="button"
        className="button"
        title={t('edit.compare.retryTitle')}
        onClick={() => store().showCompare(null)}
      >
        {t('edit.compare.retry')}
      </button>
      {compare.results.length > 1 && (
        <div className="tool-group" role="group" aria-label={t('edit.compare.results')}>
          {compare.results.map((result, index) => (
            <button
              key={result.resultId}
              type="button"
              className="tool"
              aria-pressed={index === compare.pick}
              onClick={() => store().pickResult(index)}
            >
              {t('edit.compare.result', { number: index + 1 })}
            </button>
          ))}
        </div>
      )}
      <button
        type="button"
        className="button compare-open"
        onClick={() => {
          const result = compare.results[compare.pick]
          if (result) store().openViewer({ jobId: compare.jobId, resultId: result.resultId })
        }}
      >
        {t('edit.compare.open')}
      </button>
    </div>
  )
}

/**
 * A finished edit in place of the canvas: the result over the image it was made from, split by a divider
 * that a drag or the arrow keys move (before on the left, after on the right).
 */
export function CompareStage({ compare }: { compare: EditCompare }): ReactElement {
  const { t, i18n } = useTranslation()
  const { mediaUrl } = useConnection()
  const stageRef = useRef<HTMLDivElement>(null)
  const frameRef = useRef<HTMLDivElement>(null)
  const dragging = useRef(false)
  const [at, setAt] = useState(50)
  const [size, setSize] = useState({ width: 0, height: 0 })
  const after = compare.results[compare.pick] ?? compare.before

  useEffect(() => {
    const element = stageRef.current
    if (!element) return
    // The result replaces the canvas: make sure it is on screen, not below the fold.
    element.scrollIntoView?.({ block: 'nearest' })
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height })
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const view = fitView(size, after)
  const moveTo = (clientX: number): void => {
    const rect = frameRef.current?.getBoundingClientRect()
    if (!rect || rect.width <= 0) return
    setAt(Math.round(Math.min(100, Math.max(0, ((clientX - rect.left) / rect.width) * 100))))
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0) return
    event.currentTarget.setPointerCapture?.(event.pointerId)
    dragging.current = true
    moveTo(event.clientX)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const next = sliderKey(at, event.key)
    if (next === null) return
    event.preventDefault()
    setAt(next)
  }
  const percent = (value: number): string =>
    numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100)

  return (
    <>
      <CompareBar compare={compare} />
      <div ref={stageRef} className="mask-stage compare-stage" data-testid="compare-stage">
        <div
          ref={frameRef}
          className="compare-frame"
          style={{
            width: after.width * view.zoom,
            height: after.height * view.zoom,
            transform: `translate(${view.x}px, ${view.y}px)`
          }}
          onPointerDown={onPointerDown}
          onPointerMove={(event) => dragging.current && moveTo(event.clientX)}
          onPointerUp={() => (dragging.current = false)}
          onPointerCancel={() => (dragging.current = false)}
        >
          <img src={mediaUrl(compare.before.mediaId)} alt={t('edit.compare.before')} draggable={false} />
          <img
            className="compare-after"
            src={mediaUrl(after.mediaId)}
            alt={t('edit.compare.after')}
            draggable={false}
            style={{ clipPath: `inset(0 0 0 ${at}%)` }}
          />
          <span className="compare-tag before" aria-hidden="true">
            {t('edit.compare.before')}
          </span>
          <span className="compare-tag after" aria-hidden="true">
            {t('edit.compare.after')}
          </span>
          <div
            className="compare-divider"
            role="slider"
            tabIndex={0}
            aria-label={t('edit.compare.slider')}
            aria-orientation="horizontal"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={at}
            aria-valuetext={t('edit.compare.value', { before: percent(at), after: percent(100 - at) })}
            style={{ left: `${at}%` }}
            onKeyDown={onKeyDown}
          >
            <span className="compare-handle" aria-hidden="true">
              ‹ ›
            </span>
          </div>
        </div>
      </div>
    </>
  )
}
