import { useEffect, useRef, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { MediaThumb } from '../ui/MediaThumb'
import { aspectOf } from './justify'
import type { StageFrame } from './StageCanvas'

/** The strip's thumbnail height; each thumbnail is as wide as its image's shape makes it. */
const HEIGHT = 56

/** The images one can step through, each at its true aspect ratio; the shown one is marked and kept in view. */
export function Filmstrip({
  frames,
  current,
  label,
  onPick
}: {
  frames: StageFrame[]
  current: number
  label: string
  onPick: (id: string) => void
}): ReactElement | null {
  const { t } = useTranslation()
  const ref = useRef<HTMLOListElement>(null)
  useEffect(() => {
    const button = ref.current?.querySelector<HTMLElement>('[aria-current="true"]')
    // jsdom has no scrollIntoView; a real browser keeps the current thumbnail in view.
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [current])
  if (frames.length < 2) return null
  return (
    <ol ref={ref} className="filmstrip" aria-label={label}>
      {frames.map((frame, index) => (
        <li key={frame.id}>
          <button
            type="button"
            className="filmstrip-item checker"
            aria-label={t('media.stage.frame', { position: index + 1, total: frames.length })}
            aria-current={index === current}
            style={{ width: Math.round(aspectOf(frame.width, frame.height) * HEIGHT), height: HEIGHT }}
            onClick={() => onPick(frame.id)}
          >
            <MediaThumb mediaId={frame.mediaId} alt="" eager />
          </button>
        </li>
      ))}
    </ol>
  )
}
