import { describe, expect, it } from 'vitest'
import { AppFailure } from '../../../../src/main/contract/failure'
import { LocationError } from '../../../../src/main/locations/errors'
import { locationFailure, TeamWorkBoard } from '../../../../src/main/sync/teamWork'
import type { TeamWork } from '../../../../src/shared/schemas/locations'

function board(): {
  work: TeamWorkBoard
  sent: TeamWork[]
  tick: (ms: number) => void
  names: Map<string, string>
} {
  let now = 1_000
  const sent: TeamWork[] = []
  const names = new Map([['loc1', 'Studio bucket']])
  const work = new TeamWorkBoard(
    (id) => names.get(id) ?? null,
    () => now,
    (event) => sent.push(event)
  )
  return { work, sent, names, tick: (ms) => (now += ms) }
}

describe('team sync work as the Queue sees it', () => {
  it('says a start, each step and the end at once, and progress at most every 200 ms', () => {
    const { work, sent, tick } = board()
    const report = work.begin('loc1', 'sync')
    report.step('sending', 10)
    for (let i = 0; i < 10; i++) {
      tick(50)
      report.advance()
    }
    report.end()
    const said = sent.map(
      (event) => `${event.doing ?? '-'}:${event.step ?? '-'}:${event.done}/${event.total}`
    )
    // 10 advances 50 ms apart: said at 200 ms and 400 ms, not each time.
    expect(said).toEqual([
      'sync:-:0/0',
      'sync:sending:0/10',
      'sync:sending:4/10',
      'sync:sending:8/10',
      '-:-:0/0'
    ])
    expect(sent.at(-1)).toMatchObject({ name: 'Studio bucket', lastSyncedAt: 1_500, failure: null })
  })

  it('carries the bytes of images sent beside their count, in the same events at most every 200 ms', () => {
    const { work, sent, tick } = board()
    const report = work.begin('loc1', 'publish')
    // Two images, a 1 KB one and a 40 MB video, the video's 8 MB parts 50 ms apart.
    report.step('sending', 2, 1_000 + 40_000_000)
    tick(10)
    report.advanceBytes(1_000)
    report.advance()
    for (let part = 0; part < 5; part++) {
      tick(50)
      report.advanceBytes(8_000_000)
    }
    report.advance()
    // A store that said more than the step holds does not carry it past its total.
    report.advanceBytes(5)
    tick(300)
    report.advanceBytes(1)
    const said = sent.map(
      (event) => `${event.step ?? '-'}:${event.done}/${event.total}:${event.bytesDone}/${event.bytesTotal}`
    )
    expect(said).toEqual([
      '-:0/0:0/0',
      'sending:0/2:0/40001000',
      // 210 ms after the step: the 1 KB image and four of the video's parts.
      'sending:1/2:32001000/40001000',
      // 300 ms later: all of it, and no more.
      'sending:2/2:40001000/40001000'
    ])
    // A step that counts no bytes says 0 of 0, and so does the end.
    report.step('reading', 3)
    report.end()
    expect(sent.slice(-2).map((event) => [event.bytesDone, event.bytesTotal])).toEqual([
      [0, 0],
      [0, 0]
    ])
  })

  it('keeps a failure, with when it happened and the last good sync, until a sync succeeds', () => {
    const { work, tick } = board()
    work.begin('loc1', 'publish').end()
    tick(60_000)
    work.begin('loc1', 'sync').end(new LocationError('unreachable', 'ECONNREFUSED'))
    expect(work.list()).toHaveLength(1)
    expect(work.list()[0]).toMatchObject({
      doing: null,
      lastSyncedAt: 1_000,
      failedAt: 61_000,
      failure: { code: 'location.unreachable', words: { code: 'locationUnreachable' } }
    })
    // The next try is under way: the failure is still said beside it until it ends well.
    const next = work.begin('loc1', 'sync')
    expect(work.list()[0]).toMatchObject({ doing: 'sync', failedAt: 61_000 })
    next.end()
    expect(work.list()[0]).toMatchObject({ doing: null, failure: null, failedAt: null })
  })

  it('leaves out a location that was removed', () => {
    const { work, names } = board()
    work.begin('loc1', 'sync').end()
    names.delete('loc1')
    expect(work.list()).toEqual([])
  })

  it('words any failure as the command would: ours by code, anything else as the location failing', () => {
    expect(locationFailure(new AppFailure('not_found', 'That board no longer exists.'))).toMatchObject({
      code: 'not_found',
      message: 'That board no longer exists.'
    })
    expect(locationFailure(new Error('socket hang up'))).toMatchObject({
      code: 'location.failed',
      words: { code: 'locationFailed' }
    })
  })
})
