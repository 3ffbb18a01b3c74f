import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { BatchesView } from '@renderer/features/gallery/batches/BatchesView'
import { useBatchSheetStore } from '@renderer/features/gallery/batches/store'
import { QueueBatches } from '@renderer/features/queue/QueueBatches'
import { useQueueStore } from '@renderer/features/queue/store'
import { i18n } from '@renderer/i18n'
import { useNotificationsStore } from '@renderer/store/notifications'
import type { CommandName } from '@shared/contract'
import type { BatchSheet } from '@shared/schemas/batches'
import type { JobGroupView } from '@shared/schemas/jobGroups'
import type { TeamBatchPublished } from '@shared/schemas/locations'
import { sentences } from '@shared/sentences'
import { groupView, sheetImage, sheetJob } from '../../../../helpers/jobViews'
import { stubScreenSize } from '../../gallery/fixtures'
import { connect as connectGallery, deferred, Refusal, type Backend } from '../../gallery/imports/harness'
import { bucket, folder, resetTeam } from '../../gallery/team/fixtures'
import { useTeamStore } from '@renderer/features/gallery/team/store'

let backend: Backend | null = null

/** A backend answering from `handlers`: a promise is awaited, a `Refusal` fails the command. */
const connect = (handlers: Parameters<typeof connectGallery>[0]): void => {
  backend = connectGallery(handlers)
}
afterEach(() => {
  backend?.off()
  backend = null
})

const calls = (): Backend['calls'] => backend?.calls ?? []
const published = (): Record<string, unknown>[] =>
  calls()
    .filter((call) => call.name === ('team.publishBatch' satisfies CommandName))
    .map((c) => c.input)

const outcome: TeamBatchPublished = {
  pushed: 1,
  pulled: 0,
  added: 0,
  removed: 0,
  boardId: 'b9',
  board: 'Spring shoot (2)',
  images: 12
}

/** A batch still running in the Queue: 3 of 8 jobs done. */
const running = (patch: Partial<JobGroupView> = {}): JobGroupView =>
  groupView({
    id: 'g1',
    name: 'Spring shoot',
    jobIds: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
    counts: { succeeded: 3, pending: 5 },
    ...patch
  })

function showBand(batch: JobGroupView): HTMLElement {
  useQueueStore.getState().setBatches([batch])
  render(<QueueBatches />)
  return screen.getByRole('listitem', { name: batch.name })
}

async function openPublish(band: HTMLElement, name = 'Spring shoot'): Promise<HTMLElement> {
  fireEvent.click(within(band).getByRole('button', { name: 'Publish to team…' }))
  return screen.findByRole('dialog', { name: `Publish “${name}” to the team` })
}

describe('Publish a batch to the team', () => {
  beforeEach(async () => {
    resetTeam()
    useQueueStore.setState({ batches: {}, paces: {} })
    useNotificationsStore.setState({ items: [], toasts: [], passing: {} })
    await i18n.changeLanguage('en')
  })

  it('from its Queue band: picks a location as a board’s share does, publishes, and says what went', async () => {
    const answer = deferred<unknown>()
    connect({ 'locations.list': () => [folder, bucket], 'team.publishBatch': () => answer.promise })
    const dialog = await openPublish(showBand(running()))
    const choice = await within(dialog).findByRole('group', { name: 'Team location' })
    expect(within(choice).getByRole('radio', { name: /^Studio share/ })).toBeChecked()
    expect(choice).toHaveTextContent('Shared folder · /mnt/team/studio')
    fireEvent.click(within(choice).getByRole('radio', { name: /^Agency bucket/ }))
    // What happens, before anything does: the board, the images still to come, the teammates.
    expect(dialog).toHaveTextContent(
      'The batch’s finished images go to Agency bucket as a board named after the batch'
    )
    expect(dialog).toHaveTextContent(
      'Images the batch finishes later join the board at the next sync with Agency bucket'
    )
    expect(dialog).toHaveTextContent('Teammates who sync with Agency bucket get the board in their gallery.')
    expect(dialog).toHaveTextContent('there is never a second one')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(published()).toEqual([{ locationId: bucket.id, batchId: 'g1' }]))
    expect(within(dialog).getByRole('progressbar', { name: 'Publishing the batch' })).toBeInTheDocument()
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Publishing the batch’s images to Agency bucket…'
    )
    expect(within(dialog).getByRole('button', { name: 'Keep publishing in the background' })).toHaveFocus()

    await act(async () => {
      answer.resolve(outcome)
      await Promise.resolve()
    })
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Published 12 images to Agency bucket as the board “Spring shoot (2)”. Teammates see it after they sync.'
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('a batch with no finished image yet is told so, and nothing is published', async () => {
    connect({ 'locations.list': () => [folder], 'team.publishBatch': () => outcome })
    const dialog = await openPublish(showBand(running({ counts: { pending: 8 } })))
    expect(dialog).toHaveTextContent(sentences.batchNoImages)
    expect(within(dialog).queryByRole('button', { name: 'Publish' })).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus()
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(published()).toEqual([])
  })

  it('offers no publish for a batch of videos', () => {
    connect({})
    const band = showBand(running({ screen: 'video' }))
    expect(within(band).getByRole('button', { name: 'Pause batch' })).toBeInTheDocument()
    expect(within(band).queryByRole('button', { name: 'Publish to team…' })).toBeNull()
  })

  it('says a refusal by its location in our words; closed while publishing, the bell says how it ended', async () => {
    const answer = deferred<unknown>()
    let tries = 0
    connect({
      'locations.list': () => [folder],
      'team.publishBatch': () =>
        ++tries === 1
          ? new Refusal({
              code: 'location.missing',
              message: sentences.locationMissing,
              words: { code: 'locationMissing' }
            })
          : answer.promise
    })
    const dialog = await openPublish(showBand(running()))
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Publish' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Could not publish to Studio share')
    expect(alert).toHaveTextContent(sentences.locationMissing)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }))
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Keep publishing in the background' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await act(async () => {
      answer.resolve(outcome)
      await Promise.resolve()
    })
    await waitFor(() =>
      expect(Object.values(useNotificationsStore.getState().passing)).toMatchObject([
        {
          tone: 'ok',
          title: 'Spring shoot',
          body: 'Published 12 images to Studio share as the board “Spring shoot (2)”. Teammates see it after they sync.'
        }
      ])
    )
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    connect({ 'locations.list': () => [folder] })
    const band = showBand(running({ counts: { pending: 8 } }))
    fireEvent.click(within(band).getByRole('button', { name: '发布给团队…' }))
    const dialog = await screen.findByRole('dialog', { name: '将“Spring shoot”发布给团队' })
    expect(dialog).toHaveTextContent('这个批量还没有完成的图片。')
  })
})

describe('Publish a batch from its contact sheet (Gallery › Batches)', () => {
  stubScreenSize(beforeAll, afterAll)
  beforeAll(() => vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => run(0)))
  afterAll(() => vi.unstubAllGlobals())

  const group = groupView({ id: 'g1', name: 'Autumn posters', jobIds: ['j1'], counts: { succeeded: 1 } })
  const sheet: BatchSheet = {
    group,
    jobs: [sheetJob('j1', 'a red kite', 'studio-image-v3', { results: [sheetImage('r1'), sheetImage('r2')] })]
  }

  beforeEach(async () => {
    resetTeam()
    useBatchSheetStore.setState({ batches: null, openId: 'g1', sheet: null, dialog: null, show: 'all' })
    await i18n.changeLanguage('en')
  })

  it('publishes the batch shown with the same dialog, then marks its board as the team’s', async () => {
    connect({
      'groups.list': () => [group],
      'batches.sheet': () => sheet,
      'locations.list': () => [folder],
      'team.publishBatch': () => ({ ...outcome, board: 'Autumn posters', images: 2 }),
      'boards.list': () => []
    })
    render(<BatchesView />)
    await screen.findByRole('heading', { name: 'Autumn posters' })
    fireEvent.click(screen.getByRole('button', { name: 'Publish to team…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Publish “Autumn posters” to the team' })
    const publish = await within(dialog).findByRole('button', { name: 'Publish' })
    expect(calls().some((call) => call.name === 'boards.list')).toBe(false)
    fireEvent.click(publish)
    expect(
      await within(dialog).findByText(
        'Published 2 images to Studio share as the board “Autumn posters”. Teammates see it after they sync.'
      )
    ).toBeInTheDocument()
    expect(published()).toEqual([{ locationId: folder.id, batchId: 'g1' }])
    // The gallery's boards are read again, the new one marked as shared with the location.
    expect(useTeamStore.getState().shared).toEqual({ b9: [folder.id] })
    await waitFor(() => expect(calls().some((call) => call.name === 'boards.list')).toBe(true))
  })
})
