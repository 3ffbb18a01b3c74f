import { useId, type KeyboardEvent, type ReactElement, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../ui/Dialog'
import { numberWords } from '../ui/words'
import { Filmstrip } from './Filmstrip'
import { arrowStep, StageCanvas, useStageView, type StageFrame } from './StageCanvas'
import './media.css'

export type { StageFrame } from './StageCanvas'

/** Keys typed into a field of the side panel are the field's, not the stage's. */
const typing = (target: EventTarget): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))

/**
 * The stage: one image large at its true aspect ratio on a checkerboard, fit ↔ 1:1 (buttons, Z, 1, 0 or a
 * double-click), panned by dragging or the arrow keys at 1:1, ←/→ (and the filmstrip) between images,
 * Escape to close; beside it whatever the caller says about the image (`side`).
 */
export function Stage({
  frames,
  currentId,
  stripLabel,
  onNavigate,
  onClose,
  side
}: {
  frames: StageFrame[]
  currentId: string
  stripLabel: string
  onNavigate: (id: string) => void
  onClose: () => void
  side: ReactNode
}): ReactElement | null {
  const { t } = useTranslation()
  const titleId = useId()
  const hintId = useId()
  const index = frames.findIndex((frame) => frame.id === currentId)
  const frame = frames[index] ?? frames[0]
  // Hooks run before any early return: the view follows whichever frame is shown.
  const view = useStageView(frame ?? { id: '', mediaId: '', width: null, height: null, mime: null, alt: '' })
  if (!frame) return null
  const previous = frames[index - 1]
  const next = frames[index + 1]

  const onKey = (event: KeyboardEvent<HTMLElement>): void => {
    const key = event.key
    // Escape is the dialog's (its cancel closes the stage); the screen behind must not also act on it.
    if (key === 'Escape') event.stopPropagation()
    if (typing(event.target) || event.metaKey || event.ctrlKey || event.altKey) return
    if (key === 'z' || key === 'Z') view.toggle()
    else if (key === '1') view.setZoom('actual')
    else if (key === '0') view.setZoom('fit')
    else if (view.zoom === 'actual' && arrowStep(key, event.shiftKey)) {
      const step = arrowStep(key, event.shiftKey)
      if (step) view.panBy(step.x, step.y)
    } else if (key === 'ArrowLeft' && previous) onNavigate(previous.id)
    else if (key === 'ArrowRight' && next) onNavigate(next.id)
    else return
    event.preventDefault()
  }

  return (
    // Escape arrives as the dialog's cancel (ui/Dialog), so the keys here are the stage's own.
    <Dialog labelledBy={titleId} onClose={onClose} className="stage" onKeyDown={onKey}>
      <div className="stage-main">
        <header className="stage-bar">
          <h2 id={titleId}>{t('media.viewer.title', { position: index + 1, total: frames.length })}</h2>
          <div className="stage-tools" role="group" aria-describedby={hintId}>
            <span className="stage-zoom" aria-live="polite">
              {numberWords(t, view.scale, { style: 'percent', maximumFractionDigits: 0 })}
            </span>
            <button
              type="button"
              className="button small"
              aria-pressed={view.zoom === 'fit'}
              title={t('media.stage.toFit')}
              aria-label={t('media.stage.toFit')}
              onClick={() => view.setZoom('fit')}
            >
              {t('media.stage.fitLabel')}
            </button>
            <button
              type="button"
              className="button small"
              aria-pressed={view.zoom === 'actual'}
              title={t('media.stage.toActual')}
              aria-label={t('media.stage.toActual')}
              onClick={() => view.setZoom('actual')}
            >
              {t('media.stage.actualLabel')}
            </button>
            <span className="stage-sep" aria-hidden="true" />
            <button
              type="button"
              className="button small"
              disabled={!previous}
              aria-label={t('media.viewer.previous')}
              onClick={() => previous && onNavigate(previous.id)}
            >
              ←
            </button>
            <button
              type="button"
              className="button small"
              disabled={!next}
              aria-label={t('media.viewer.next')}
              onClick={() => next && onNavigate(next.id)}
            >
              →
            </button>
            <button type="button" className="button small" onClick={onClose} data-autofocus>
              {t('media.viewer.close')}
            </button>
          </div>
        </header>
        <StageCanvas frame={frame} view={view} />
        <p id={hintId} className="stage-hint">
          {t('media.stage.hint')}
        </p>
        <Filmstrip frames={frames} current={index} label={stripLabel} onPick={onNavigate} />
      </div>
      <aside className="stage-side">{side}</aside>
    </Dialog>
  )
}
