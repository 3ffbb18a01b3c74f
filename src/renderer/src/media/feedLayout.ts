import type { JobView } from '@shared/schemas/jobs'
import { slotAspect } from './aspect'
import { justify } from './justify'
import { slotsOf } from './slots'

/** The height a row of a job's images aims at; rows come out near it, each image at its own shape. */
export const SLOT_ROW_HEIGHT = 190
/** Space between a job's images. */
export const SLOT_GAP = 10
/** Space between job cards in the feed. */
export const CARD_GAP = 14

/** A card's frame around its images: padding and border, the header above, the footer below, their gaps. */
const CARD_CHROME = { sides: 16 * 2 + 2, head: 44, foot: 30, gaps: 12 * 2, padding: 14 * 2 + 2 }

/**
 * How tall a job's card will be in a feed `width` wide, before it is drawn: its images' justified rows at
 * their own shapes plus the card's frame. A first guess for the virtualized feed (each card is then
 * measured where it lands), close enough that the scrollbar hardly moves when it is.
 */
export function cardHeight(job: JobView, width: number): number {
  const slots = slotsOf(job)
  const frame = CARD_CHROME.head + CARD_CHROME.foot + CARD_CHROME.padding
  if (slots.length === 0) return frame + CARD_CHROME.gaps / 2
  const aspects = slots.map((slot) => slotAspect(job, slot))
  const rows = justify(aspects, {
    width: Math.max(SLOT_ROW_HEIGHT, width - CARD_CHROME.sides),
    targetHeight: SLOT_ROW_HEIGHT,
    gap: SLOT_GAP
  })
  const images = rows.reduce((sum, row) => sum + row.height, 0) + SLOT_GAP * (rows.length - 1)
  return Math.round(frame + CARD_CHROME.gaps + images)
}
