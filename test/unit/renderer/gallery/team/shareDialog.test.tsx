import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BoardsBar } from '@renderer/features/gallery/Boards'
import { useGalleryStore } from '@renderer/features/gallery/store'
import { i18n } from '@renderer/i18n'
import { useAppStore } from '@renderer/store/app'
import type { CommandName } from '@shared/contract'
import type { Board } from '@shared/schemas/boards'
import { connect, deferred, Refusal, type Backend } from '../imports/harness'
import { boardOf, bucket, folder, resetTeam } from './fixtures'

type Handlers = Parameters<typeof connect>[0]

let backend: Backend | null = null

const MOODBOARD: Board = boardOf('b1', 'Moodboard', 2)

/** The boards bar with the Moodboard shown (its menu holds "Share with team…"). */
function showBoard(handlers: Handlers, boards: Board[] = [MOODBOARD]): Backend {
  backend = connect({ 'boards.list': () => boards, ...handlers })
  useGalleryStore.setState({ form: { ...useGalleryStore.getState().form, boardId: MOODBOARD.id } })
  render(<BoardsBar />)
  return backend
}

async function openShare(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Share with team…' }))
  return screen.findByRole('dialog', { name: 'Share “Moodboard” with the team' })
}

const published = (b: Backend): { name: string; input: Record<string, unknown> }[] =>
  b.calls.filter((call) => call.name === ('team.publishBoard' satisfies CommandName))

describe('Gallery › Share with team', () => {
  beforeEach(() => {
    resetTeam()
    useAppStore.setState({ screen: 'gallery' })
  })
  afterEach(() => {
    backend?.off()
    backend = null
  })

  it('sends team.publishBoard with the location chosen and the board shown, then says it is shared', async () => {
    const answer = deferred<unknown>()
    const b = showBoard({
      'locations.list': () => [folder, bucket],
      'team.publishBoard': () => answer.promise
    })
    const dialog = await openShare()
    // Each saved location, by its name, its kind and where it is.
    const choice = within(dialog).getByRole('group', { name: 'Team location' })
    expect(within(choice).getByRole('radio', { name: /^Studio share/ })).toBeChecked()
    expect(choice).toHaveTextContent('Shared folder · /mnt/team/studio')
    expect(choice).toHaveTextContent('Bucket · team-library/studio/')
    // What happens, in a designer's words, for the location chosen.
    fireEvent.click(within(choice).getByRole('radio', { name: /^Agency bucket/ }))
    expect(dialog).toHaveTextContent(
      'The board’s 2 images go to Agency bucket, with their prompts and whether each is kept or rejected.'
    )
    expect(dialog).toHaveTextContent('Teammates who sync with Agency bucket get the board in their gallery.')
    expect(dialog).toHaveTextContent('go both ways whenever anyone syncs')
    expect(dialog).toHaveTextContent('Nothing is ever deleted at the location.')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(published(b)).toHaveLength(1))
    expect(published(b)[0]?.input).toEqual({ locationId: bucket.id, boardId: MOODBOARD.id })
    // While it runs: progress in words, Share gone, the focus on a way out that does not stop it.
    expect(within(dialog).getByRole('progressbar', { name: 'Sharing the board' })).toBeInTheDocument()
    expect(within(dialog).getByRole('status')).toHaveTextContent('Sharing 2 images with Agency bucket…')
    expect(within(dialog).queryByRole('button', { name: 'Share' })).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Keep sharing in the background' })).toHaveFocus()

    await act(async () => {
      answer.resolve({ pushed: 1, pulled: 0, added: 0 })
      await Promise.resolve()
    })
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Shared with Agency bucket. Teammates see “Moodboard” after they sync.'
    )
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    // The board now carries the team mark, named by its location.
    const chip = screen.getByRole('button', { name: /^Moodboard/ })
    expect(chip).toHaveTextContent('team')
    // The word is for the eye; a screen reader hears which location.
    expect(chip).toHaveAccessibleName('Moodboard 2 shared with Agency bucket')
  })

  it('with no team location saved, says so and opens Settings instead of sharing', async () => {
    const b = showBoard({ 'locations.list': () => [] })
    const dialog = await openShare()
    await waitFor(() => expect(dialog).toHaveTextContent('There is no team location on this computer yet.'))
    expect(dialog).toHaveTextContent('add it in Settings › Team locations')
    expect(within(dialog).queryByRole('button', { name: 'Share' })).toBeNull()
    const open = within(dialog).getByRole('button', { name: 'Open Settings' })
    expect(open).toHaveFocus()
    fireEvent.click(open)
    expect(useAppStore.getState().screen).toBe('settings')
    expect(published(b)).toHaveLength(0)
    // And the gallery offers no sync either.
    expect(screen.queryByRole('button', { name: 'Sync with team' })).toBeNull()
  })

  it('reads the locations again on each opening: one saved since is offered, with the focus on it', async () => {
    let saved = [] as (typeof folder)[]
    showBoard({ 'locations.list': () => saved })
    let dialog = await openShare()
    await within(dialog).findByRole('button', { name: 'Open Settings' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    // Added in Settings meanwhile (the gallery still holds the empty list it read before).
    saved = [folder]
    dialog = await openShare()
    const choice = await within(dialog).findByRole('radio', { name: /^Studio share/ })
    expect(within(dialog).queryByText(/There is no team location/)).toBeNull()
    await waitFor(() => expect(choice).toHaveFocus())
  })

  it('says a failure in words, by the location it was for, and lets the designer try again', async () => {
    let tries = 0
    showBoard({
      'locations.list': () => [folder],
      'team.publishBoard': () =>
        ++tries === 1
          ? new Refusal({
              code: 'location.missing',
              message: 'The bucket or folder of this team location is not there.',
              words: { code: 'locationMissing' }
            })
          : { pushed: 1, pulled: 0, added: 0 }
    })
    const dialog = await openShare()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Could not share with Studio share')
    expect(alert).toHaveTextContent(
      'The bucket or folder of this team location is not there. Check its address in Settings › Team locations.'
    )
    expect(screen.getByRole('button', { name: /^Moodboard/ })).not.toHaveTextContent('team')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
    await within(dialog).findByText('Shared with Studio share. Teammates see “Moodboard” after they sync.')
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it('closed while sharing, the gallery says how it ended', async () => {
    const answer = deferred<unknown>()
    showBoard({ 'locations.list': () => [folder], 'team.publishBoard': () => answer.promise })
    const dialog = await openShare()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Keep sharing in the background' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await act(async () => {
      answer.resolve({ pushed: 1, pulled: 0, added: 0 })
      await Promise.resolve()
    })
    expect(useGalleryStore.getState().notice).toEqual({
      type: 'shared',
      board: 'Moodboard',
      location: 'Studio share'
    })
    expect(screen.getByRole('button', { name: /^Moodboard/ })).toHaveTextContent('team')
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    showBoard({ 'locations.list': () => [folder] })
    fireEvent.click(await screen.findByRole('button', { name: '共享给团队…' }))
    const dialog = await screen.findByRole('dialog', { name: '将“Moodboard”共享给团队' })
    expect(dialog).toHaveTextContent('画板中的 2 张图片会连同提示词和保留/舍弃标记一起上传到“Studio share”。')
    expect(within(dialog).getByRole('group', { name: '团队位置' })).toHaveTextContent('共享文件夹')
  })
})
