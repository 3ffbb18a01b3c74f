import { memo, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JobView } from '@shared/schemas/jobs'
import { useConnection } from '../store/app'
import { useJobsStore } from '../store/jobs'
import { slotAspect } from './aspect'
import { SLOT_GAP, SLOT_ROW_HEIGHT } from './feedLayout'
import type { JobActions } from './JobCard'
import { justify } from './justify'
import { isLive, type Slot } from './slots'
import { useWidth } from './useWidth'

function Star({ filled }: { filled: boolean }): ReactElement {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  )
}

interface SlotProps {
  job: JobView
  slot: Slot
  total: number
  actions: JobActions
  /** Its laid-out size: the image's own aspect ratio at its row's height. */
  box: { width: number; height: number }
}

/** Whether a slot draws the same: its place, and what it shows of its result. */
function sameSlot(a: Slot, b: Slot): boolean {
  if (a.kind !== b.kind || a.key !== b.key || a.position !== b.position) return false
  if (a.kind === 'failed' && b.kind === 'failed') return a.message === b.message
  if (a.kind !== 'image' || b.kind !== 'image') return true
  const [x, y] = [a.result, b.result]
  return (
    x.id === y.id &&
    x.mediaId === y.mediaId &&
    x.favorite === y.favorite &&
    x.width === y.width &&
    x.height === y.height &&
    x.sizeLabel === y.sizeLabel
  )
}

/**
 * A slot draws again only when what it shows changed: every event of a streamed group brings a new view
 * of the whole job, and re-rendering its ten slots per image kept the page's main thread from the image
 * that had just arrived. A click reads the job from the store, as it is then.
 */
const sameSlotProps = (a: SlotProps, b: SlotProps): boolean =>
  a.job.id === b.job.id &&
  isLive(a.job) === isLive(b.job) &&
  a.total === b.total &&
  a.actions === b.actions &&
  a.box.width === b.box.width &&
  a.box.height === b.box.height &&
  sameSlot(a.slot, b.slot)

const SlotView = memo(function SlotView({ job, slot, total, actions, box }: SlotProps): ReactElement {
  const { t } = useTranslation()
  const { api, mediaUrl } = useConnection()
  const live = isLive(job)
  const place = { position: slot.position, total }
  if (slot.kind === 'image') {
    const r = slot.result
    const size = r.width && r.height ? `${r.width}×${r.height}` : (r.sizeLabel ?? '')
    return (
      <li className="slot slot-image" style={box}>
        <button
          type="button"
          className="slot-open checker"
          aria-label={t('media.slot.open', { ...place, size })}
          onClick={() => actions.onOpen(useJobsStore.getState().byId[job.id] ?? job, r)}
        >
          {/* The thumbnail, as MediaThumb shows it, but loaded at once while the group is still arriving. */}
          <img
            src={mediaUrl(`${r.mediaId as string}_thumb`)}
            alt=""
            loading={live ? 'eager' : 'lazy'}
            decoding="async"
            draggable={false}
          />
        </button>
        <button
          type="button"
          className="slot-star"
          aria-label={t('media.slot.favorite', place)}
          aria-pressed={r.favorite}
          onClick={() => void api.call('results.setFavorite', { id: r.id, favorite: !r.favorite })}
        >
          <Star filled={r.favorite} />
        </button>
        <span className="slot-caption">{size}</span>
      </li>
    )
  }
  if (slot.kind === 'failed')
    return (
      <li className="slot slot-note slot-failed" style={box} aria-label={t('media.slot.failedName', place)}>
        <span className="slot-title">{t('media.slot.failed', place)}</span>
        <span className="slot-text">{slot.message}</span>
      </li>
    )
  const text =
    slot.kind === 'downloading'
      ? t('media.slot.saving')
      : slot.kind === 'missing'
        ? t('media.slot.neverArrived')
        : t('media.slot.generating')
  return (
    <li
      className={`slot slot-note ${slot.kind === 'missing' ? 'slot-missing' : 'slot-waiting'}`}
      style={box}
      aria-label={t('media.slot.note', { ...place, text })}
    >
      <span className="slot-title">{t('media.slot.title', place)}</span>
      <span className="slot-text">{text}</span>
    </li>
  )
}, sameSlotProps)

/** Widths rounded down to a hundredth of a pixel, so a full row never wraps by a rounding error. */
const floor = (value: number): number => Math.floor(value * 100) / 100

/**
 * A job's images in justified rows: each at its true aspect ratio (from the stored size, or the size the
 * job asked for while it runs), never cropped, laid out before any pixel arrives.
 */
export function SlotRows({
  job,
  slots,
  actions
}: {
  job: JobView
  slots: Slot[]
  actions: JobActions
}): ReactElement {
  const { t } = useTranslation()
  const [ref, width] = useWidth<HTMLUListElement>()
  const aspects = slots.map((slot) => slotAspect(job, slot))
  // Not measured yet (or no layout at all, as in unit tests): every slot at the target height.
  const rows =
    width > 0
      ? justify(aspects, { width, targetHeight: SLOT_ROW_HEIGHT, gap: SLOT_GAP })
      : [{ start: 0, height: SLOT_ROW_HEIGHT, widths: aspects.map((a) => a * SLOT_ROW_HEIGHT), full: false }]
  const boxes = rows.flatMap((row) => row.widths.map((w) => ({ width: floor(w), height: floor(row.height) })))
  return (
    <ul ref={ref} className="slot-grid" aria-label={t('media.card.images')}>
      {slots.map((slot, i) => (
        <SlotView
          key={slot.key}
          job={job}
          slot={slot}
          total={slots.length}
          actions={actions}
          box={boxes[i] ?? { width: SLOT_ROW_HEIGHT, height: SLOT_ROW_HEIGHT }}
        />
      ))}
    </ul>
  )
}
