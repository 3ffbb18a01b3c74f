import { z } from 'zod'
import { GallerySelection } from './gallery'

/** Boards: named collections of gallery images, an image on as many boards as the user likes. */

const Id = z.string().min(1).max(64)
/** What the user types, trimmed; the backend refuses a name another board has (in any case). */
export const BoardName = z
  .string()
  .trim()
  .min(1, { message: 'A board needs a name.' })
  .max(80, { message: 'A board name has at most 80 characters.' })

export const Board = z.object({
  id: Id,
  name: z.string(),
  /** Images on the board (stored images only). */
  count: z.number().int().nonnegative(),
  /** A few of its newest images' media ids, for the board's cover. */
  cover: z.array(z.string()).max(4),
  createdAt: z.number().int()
})
export type Board = z.infer<typeof Board>

export const BoardRef = z.object({ id: Id }).strict()
export const BoardCreateInput = z.object({ name: BoardName }).strict()
export const BoardRenameInput = z.object({ id: Id, name: BoardName }).strict()
/** Puts a selection of gallery images on a board, or takes them off it. */
export const BoardItemsInput = z.object({ boardId: Id, selection: GallerySelection }).strict()
export const BoardItemsResult = z.object({
  /** How many images joined or left the board (those already on it, or not on it, do not count). */
  changed: z.number().int().nonnegative(),
  board: Board
})
