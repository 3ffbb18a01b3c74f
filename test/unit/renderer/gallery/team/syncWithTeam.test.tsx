import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GalleryScreen } from '@renderer/features/gallery/GalleryScreen'
import { i18n } from '@renderer/i18n'
import type { Board } from '@shared/schemas/boards'
import { stubScreenSize } from '../fixtures'
import { connect, deferred, Refusal, type Backend } from '../imports/harness'
import { boardOf, bucket, folder, resetTeam } from './fixtures'

type Handlers = Parameters<typeof connect>[0]

let backend: Backend | null = null

/**
 * The gallery on a backend whose boards are `boards()` each time they are listed (a sync may bring one
 * in), with `handlers` for the team commands; `images` in it (none: a teammate's first day).
 */
function showBar(handlers: Handlers, boards: () => Board[] = () => [], images = 3): Backend {
  backend = connect({ 'boards.list': () => boards(), ...handlers }, images)
  render(<GalleryScreen />)
  return backend
}

/** What the last sync said, where it is said: beside the button. */
const syncStatus = (): HTMLElement =>
  within(
    screen.getByRole('button', { name: /^(Sync with team|与团队同步)$/ }).parentElement as HTMLElement
  ).getByRole('status')

const named = (b: Backend, name: string): Record<string, unknown>[] =>
  b.calls.filter((call) => call.name === name).map((call) => call.input)

const reachable = (): unknown => ({ ok: true, problem: null, status: null, checkedAt: 1 })

describe('Gallery › Sync with team', () => {
  stubScreenSize(beforeAll, afterAll)
  beforeEach(() => resetTeam())
  afterEach(() => {
    backend?.off()
    backend = null
  })

  it('is offered only once a team location is saved', async () => {
    const b = showBar({ 'locations.list': () => [] })
    await waitFor(() => expect(named(b, 'locations.list')).toHaveLength(1))
    expect(screen.queryByRole('button', { name: 'Sync with team' })).toBeNull()
  })

  it('syncs each saved location in turn, says what came in, and shows the board a sync brought', async () => {
    const first = deferred<unknown>()
    let boards: Board[] = [boardOf('mine', 'Mine', 1)]
    const b = showBar(
      {
        'locations.list': () => [folder, bucket],
        'team.sync': (input) => (input.id === folder.id ? first.promise : { pushed: 0, pulled: 0, added: 0 }),
        'locations.test': reachable
      },
      () => boards
    )
    const sync = await screen.findByRole('button', { name: 'Sync with team' })
    await waitFor(() => expect(named(b, 'gallery.query')).toHaveLength(1))
    fireEvent.click(sync)
    const status = syncStatus()
    await waitFor(() => expect(status).toHaveTextContent('Syncing with Studio share (1 of 2)…'))
    // Pressed again while it runs: nothing more is sent, and the focus stays where it was.
    expect(sync).toHaveAttribute('aria-disabled', 'true')
    fireEvent.click(sync)
    boards = [...boards, boardOf('team-1', 'Moodboard', 3)]
    await act(async () => {
      first.resolve({ pushed: 0, pulled: 1, added: 3 })
      await Promise.resolve()
    })
    await waitFor(() => expect(status).toHaveTextContent('3 new images from the team.'))
    expect(named(b, 'team.sync')).toEqual([{ id: folder.id }, { id: bucket.id }])
    // The bucket moved nothing: had it not been there, its own listing would have failed the sync.
    expect(named(b, 'locations.test')).toEqual([])
    expect(sync).toHaveAttribute('aria-disabled', 'false')
    // The grid is read again, and the board the sync brought is there, marked as the team's.
    await waitFor(() => expect(named(b, 'gallery.query')).toHaveLength(2))
    const chip = await screen.findByRole('button', { name: /^Moodboard/ })
    expect(chip).toHaveAccessibleName('Moodboard 3 shared with Studio share')
    expect(screen.getByRole('button', { name: /^Mine/ })).not.toHaveTextContent('team')
  })

  it('is offered in an empty gallery too: a teammate’s first sync starts from nothing', async () => {
    const b = showBar(
      { 'locations.list': () => [folder], 'team.sync': () => ({ pushed: 0, pulled: 1, added: 2 }) },
      () => [],
      0
    )
    await screen.findByText('No images yet')
    fireEvent.click(await screen.findByRole('button', { name: 'Sync with team' }))
    await waitFor(() => expect(named(b, 'team.sync')).toEqual([{ id: folder.id }]))
    // The images it brought are read at once.
    await waitFor(() => expect(named(b, 'gallery.query').length).toBeGreaterThan(1))
  })

  it.each([
    [{ pushed: 0, pulled: 0, added: 0 }, 'Up to date.'],
    [{ pushed: 0, pulled: 2, added: 0 }, 'Changes from the team are in. No new images.'],
    [{ pushed: 1, pulled: 0, added: 0 }, 'Your changes went to the team. Nothing new from them.'],
    [{ pushed: 1, pulled: 1, added: 1 }, '1 new image from the team.'],
    [
      { pushed: 0, pulled: 1, added: 0, removed: 2 },
      'Changes from the team are in. No new images. 2 images the team deleted are gone from your gallery.'
    ],
    [
      { pushed: 0, pulled: 1, added: 1, removed: 1 },
      '1 new image from the team. 1 image the team deleted is gone from your gallery.'
    ]
  ])('says %o as “%s”', async (outcome, words) => {
    showBar({
      'locations.list': () => [folder],
      'team.sync': () => outcome,
      'locations.test': reachable
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Sync with team' }))
    await waitFor(() => expect(syncStatus()).toHaveTextContent(words))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says a failure by the location it was for, in words, and still syncs the others', async () => {
    const b = showBar({
      'locations.list': () => [folder, bucket],
      'team.sync': (input) =>
        input.id === folder.id
          ? new Refusal({
              code: 'location.unreachable',
              message: 'Nothing answered at the team location.',
              words: { code: 'locationUnreachable' }
            })
          : { pushed: 0, pulled: 1, added: 2 }
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Sync with team' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Could not sync with Studio share')
    expect(alert).toHaveTextContent(
      'Nothing answered at the team location. Check that you are online and that its address is right, then sync again.'
    )
    expect(named(b, 'team.sync')).toHaveLength(2)
    expect(syncStatus()).toHaveTextContent('2 new images from the team.')
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('does not say “Up to date” for a shared folder that is not there', async () => {
    const b = showBar({
      'locations.list': () => [folder],
      'team.sync': () => ({ pushed: 0, pulled: 0, added: 0 }),
      'locations.test': () => ({ ok: false, problem: 'missing', status: null, checkedAt: 1 })
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Sync with team' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Could not sync with Studio share')
    expect(alert).toHaveTextContent('The bucket or folder of this team location is not there.')
    // An unmounted folder reads as an empty one: the sync moved nothing, so the folder was looked for.
    expect(named(b, 'locations.test')).toEqual([
      { id: folder.id, settings: folder.settings, credentials: null }
    ])
    expect(syncStatus()).not.toHaveTextContent('Up to date.')
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    showBar({
      'locations.list': () => [folder],
      'team.sync': () => ({ pushed: 0, pulled: 1, added: 3 })
    })
    fireEvent.click(await screen.findByRole('button', { name: '与团队同步' }))
    await waitFor(() => expect(syncStatus()).toHaveTextContent('从团队收到 3 张新图片。'))
    expect(within(screen.getByRole('list', { name: '画板' })).getAllByRole('listitem')).toHaveLength(2)
  })
})
