import type { GalleryFilter, GalleryItem, GallerySelectionInput } from '@shared/schemas/gallery'

/**
 * What the user has selected: some ids, or "everything the filter matches" minus some. The second form is
 * how "select all" covers 10,000 images without loading them; bulk actions send it to the backend as is.
 */
export type Selection =
  | { mode: 'ids'; ids: Readonly<Record<string, true>> }
  | { mode: 'all'; filter: GalleryFilter; except: Readonly<Record<string, true>> }

export const EMPTY_SELECTION: Selection = { mode: 'ids', ids: {} }

export function isSelected(selection: Selection, id: string): boolean {
  return selection.mode === 'ids' ? id in selection.ids : !(id in selection.except)
}

export function selectedCount(selection: Selection, matching: number): number {
  return selection.mode === 'ids'
    ? Object.keys(selection.ids).length
    : Math.max(0, matching - Object.keys(selection.except).length)
}

const without = (record: Readonly<Record<string, true>>, id: string): Record<string, true> => {
  const next = { ...record }
  delete next[id]
  return next
}

export function toggle(selection: Selection, id: string): Selection {
  if (selection.mode === 'ids') {
    return {
      mode: 'ids',
      ids: id in selection.ids ? without(selection.ids, id) : { ...selection.ids, [id]: true }
    }
  }
  return {
    ...selection,
    except: id in selection.except ? without(selection.except, id) : { ...selection.except, [id]: true }
  }
}

export function only(id: string): Selection {
  return { mode: 'ids', ids: { [id]: true } }
}

export function selectAll(filter: GalleryFilter): Selection {
  return { mode: 'all', filter, except: {} }
}

/** Shift-click: everything between the anchor and the clicked tile (inclusive) joins the selection. */
export function selectRange(
  selection: Selection,
  items: readonly GalleryItem[] | ((index: number) => GalleryItem | undefined),
  from: number,
  to: number
): Selection {
  const [lo, hi] = from <= to ? [from, to] : [to, from]
  const at = typeof items === 'function' ? items : (i: number): GalleryItem | undefined => items[i]
  let next = selection
  for (let i = lo; i <= hi; i++) {
    const id = at(i)?.id
    if (id !== undefined && !isSelected(next, id)) next = toggle(next, id)
  }
  return next
}

/**
 * The selection as the contract takes it, or null when nothing is selected. Ids go in the order the grid
 * shows them (`positionOf`), so an export lists them as the user saw them; ids no longer shown (selected
 * under another filter) follow in the order they were picked.
 */
export function toContract(
  selection: Selection,
  matching: number,
  positionOf: (id: string) => number | undefined = () => undefined
): GallerySelectionInput | null {
  if (selectedCount(selection, matching) === 0) return null
  if (selection.mode === 'ids') {
    const ids = Object.keys(selection.ids)
      .map((id, order) => ({ id, order, at: positionOf(id) ?? Infinity }))
      .sort((a, b) => (a.at === b.at ? a.order - b.order : a.at - b.at))
      .map((entry) => entry.id)
    return { kind: 'ids', ids }
  }
  return { kind: 'filter', filter: selection.filter, except: Object.keys(selection.except) }
}
