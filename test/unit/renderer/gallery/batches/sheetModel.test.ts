import { describe, expect, it } from 'vitest'
import type { SheetJob } from '../../../../../src/shared/schemas/batches'
import {
  countSheet,
  imageIds,
  layoutSheet,
  moveFocus,
  showCounts,
  tilesOf,
  withVerdicts
} from '../../../../../src/renderer/src/features/gallery/batches/sheetModel'
import { sheetImage, sheetJob } from '../../../../helpers/jobViews'

/** Two prompts on two models; one job failed, one is still waiting, one made two images. */
const jobs: SheetJob[] = [
  sheetJob('j1', 'kite', 'a', { results: [sheetImage('r1', 'kept'), sheetImage('r2')] }),
  sheetJob('j2', 'kite', 'b', { results: [sheetImage('r3', 'rejected')] }),
  sheetJob('j3', 'boat', 'a', {
    status: 'failed',
    error: { code: 'content_policy_violation', message: 'refused' },
    results: [{ ...sheetImage('r4'), status: 'failed', mediaId: null }]
  }),
  sheetJob('j4', 'boat', 'b', { status: 'pending' })
]

describe('the contact sheet laid out from a batch', () => {
  it('gathers tiles under each prompt in the order the batch first uses it, a job without images by its status', () => {
    const layout = layoutSheet(jobs, { grouping: 'prompt', show: 'all', columns: 10 })
    expect(
      layout.rows.map((row) =>
        row.kind === 'heading'
          ? `# ${row.title} ${row.tiles}/${row.kept}`
          : row.tiles.map((t) => t.key).join(' ')
      )
    ).toEqual(['# kite 3/1', 'r1 r2 r3', '# boat 2/0', 'job:j3 job:j4'])
    expect(layout.tiles.map((tile) => tile.result?.id ?? null)).toEqual(['r1', 'r2', 'r3', null, null])
  })

  it('groups by model, and wraps rows at the number of columns', () => {
    const layout = layoutSheet(jobs, { grouping: 'model', show: 'all', columns: 2 })
    expect(
      layout.rows.map((row) =>
        row.kind === 'heading' ? `# ${row.title}` : row.tiles.map((t) => t.key).join(' ')
      )
    ).toEqual(['# a', 'r1 r2', 'job:j3', '# b', 'r3 job:j4'])
    expect(layout.rowOf).toEqual([1, 1, 2, 4, 4])
  })

  it('filters: unmarked, kept and rejected images only; failed jobs with their images or their error', () => {
    const keys = (show: Parameters<typeof tilesOf>[1]): string[] =>
      jobs.flatMap((j) => tilesOf(j, show).map((tile) => tile.key))
    expect(keys('unreviewed')).toEqual(['r2'])
    expect(keys('kept')).toEqual(['r1'])
    expect(keys('rejected')).toEqual(['r3'])
    expect(keys('failed')).toEqual(['job:j3'])
    const partlyFailed = sheetJob('j5', 'x', 'a', { status: 'failed', results: [sheetImage('r5')] })
    expect(tilesOf(partlyFailed, 'failed').map((tile) => tile.key)).toEqual(['r5'])
  })

  it('moves the focus in reading order, and up and down by rows over headings, to the nearest column', () => {
    const layout = layoutSheet(jobs, { grouping: 'model', show: 'all', columns: 2 })
    // Tiles: 0 r1, 1 r2 | 2 j3 | (heading) | 3 r3, 4 j4
    expect(moveFocus(layout, 1, 'right')).toBe(2)
    expect(moveFocus(layout, 0, 'left')).toBe(0)
    expect(moveFocus(layout, 4, 'right')).toBe(4)
    expect(moveFocus(layout, 1, 'down')).toBe(2)
    expect(moveFocus(layout, 2, 'down')).toBe(3)
    expect(moveFocus(layout, 4, 'up')).toBe(2)
    expect(moveFocus(layout, 2, 'up')).toBe(0)
    expect(moveFocus(layout, 0, 'up')).toBe(0)
    expect(moveFocus(layout, 2, 'end')).toBe(4)
    expect(moveFocus(layout, 3, 'home')).toBe(0)
    expect(moveFocus(layoutSheet([], { grouping: 'model', show: 'all', columns: 2 }), 0, 'right')).toBe(-1)
  })

  it('counts and marks: verdicts set in place, kept and all image ids in the batch order', () => {
    expect(countSheet(jobs)).toEqual({ jobs: 4, images: 3, kept: 1, rejected: 1, failed: 1, open: 1 })
    const marked = withVerdicts(jobs, new Set(['r2', 'r3']), 'kept')
    expect(imageIds(marked, 'kept')).toEqual(['r1', 'r2', 'r3'])
    expect(imageIds(marked, 'all')).toEqual(['r1', 'r2', 'r3'])
    // Jobs without a changed result are the same objects: their tiles need not be drawn again.
    expect(marked[2]).toBe(jobs[2])
    expect(countSheet(withVerdicts(marked, new Set(['r1']), null)).kept).toBe(2)
  })
})

describe('the filter chips’ counts', () => {
  it('are the tiles each filter lays out, counted in one pass', () => {
    for (const show of ['all', 'unreviewed', 'kept', 'rejected', 'failed'] as const)
      expect(showCounts(jobs)[show], show).toBe(
        layoutSheet(jobs, { grouping: 'prompt', show, columns: 3 }).tiles.length
      )
    expect(showCounts(jobs)).toEqual({ all: 5, unreviewed: 1, kept: 1, rejected: 1, failed: 1 })
  })
})
