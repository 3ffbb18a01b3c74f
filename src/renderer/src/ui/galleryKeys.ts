import type { KeyCombo, ShortcutItem } from './shortcuts'

/**
 * What a key means to the gallery, free of React and of the DOM: the grid's tiles (features/gallery) act on
 * it and the keyboard help lists it from the rows below, which is why it lives in ui/ beside the shortcut
 * table. A test presses every listed key and sweeps the keyboard for any key acted on but not listed, so the
 * help cannot drift from what the keys do.
 */

/** The parts of a key press read here (React's events and the DOM's both fit). */
export interface GalleryKeyPress {
  key: string
  shiftKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
}

export type GalleryKey =
  /** Focus another tile; arrows walk the reading order, Home and End jump to an end. */
  | { kind: 'move'; step: number }
  /** The tile's details, or the stage when they are already shown. */
  | { kind: 'open' }
  /** The tile into the selection or out of it. */
  | { kind: 'select' }
  /** Every tile from the selection's anchor to this one (just open when nothing anchors it yet). */
  | { kind: 'selectRange' }
  | { kind: 'rate'; stars: number }
  /** The screen's, not a tile's: it works wherever the focus is in the gallery. */
  | { kind: 'clearSelection' }

const STEPS: Record<string, number> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
  Home: -Infinity,
  End: Infinity
}

/** Lightroom's rating keys: 1 to 5 stars, 0 none. */
const RATING_KEY = /^[0-5]$/

export function galleryKey(press: GalleryKeyPress): GalleryKey | null {
  const { key } = press
  if (key === 'Escape') return { kind: 'clearSelection' }
  if (key === ' ') return { kind: 'select' }
  if (key === 'Enter') {
    // As a click with the same modifiers: Shift extends the selection, Ctrl or ⌘ adds to it.
    if (press.shiftKey) return { kind: 'selectRange' }
    if (press.ctrlKey || press.metaKey) return { kind: 'select' }
    return { kind: 'open' }
  }
  const step = STEPS[key]
  if (step !== undefined) return { kind: 'move', step }
  // Alt, Ctrl and ⌘ with a digit are other shortcuts (Alt+1 switches screens).
  if (RATING_KEY.test(key) && !press.altKey && !press.ctrlKey && !press.metaKey)
    return { kind: 'rate', stars: Number(key) }
  return null
}

/** One line of the help's Gallery group. */
export interface GalleryKeyRow {
  id: string
  /** The keys as the help shows them ("1–5" and "←↑↓→" stand for several). */
  keys: KeyCombo
  or?: KeyCombo
  does: ShortcutItem
  /** What the row's keys do. */
  command: GalleryKey['kind']
  /** The real key presses a row written as a range stands for; otherwise its keys and `or`. */
  presses?: readonly KeyCombo[]
}

const digits = (from: number, to: number): KeyCombo[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ key: String(from + i) }))

export const galleryKeyRows: readonly GalleryKeyRow[] = [
  {
    id: 'gallery.move',
    keys: { key: '←↑↓→' },
    does: 'galleryMove',
    command: 'move',
    presses: ['ArrowLeft', 'ArrowUp', 'ArrowDown', 'ArrowRight'].map((key) => ({ key }))
  },
  {
    id: 'gallery.ends',
    keys: { key: 'Home' },
    or: { key: 'End' },
    does: 'galleryEnds',
    command: 'move'
  },
  { id: 'gallery.open', keys: { key: 'Enter' }, does: 'galleryOpen', command: 'open' },
  {
    id: 'gallery.select',
    keys: { key: ' ' },
    or: { key: 'Enter', mod: true },
    does: 'gallerySelect',
    command: 'select'
  },
  {
    id: 'gallery.range',
    keys: { key: 'Enter', shift: true },
    does: 'galleryRange',
    command: 'selectRange'
  },
  {
    id: 'gallery.stars',
    keys: { key: '1–5' },
    does: 'galleryStars',
    command: 'rate',
    presses: digits(1, 5)
  },
  { id: 'gallery.noStars', keys: { key: '0' }, does: 'galleryNoStars', command: 'rate' },
  { id: 'gallery.clear', keys: { key: 'Escape' }, does: 'galleryClear', command: 'clearSelection' }
]

/** The key presses a row stands for. */
export function pressesOf(row: GalleryKeyRow): readonly KeyCombo[] {
  return row.presses ?? (row.or ? [row.keys, row.or] : [row.keys])
}
