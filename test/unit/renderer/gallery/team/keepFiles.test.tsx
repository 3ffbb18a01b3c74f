import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BoardsBar } from '@renderer/features/gallery/Boards'
import { DetailPanel } from '@renderer/features/gallery/DetailPanel'
import { GalleryScreen } from '@renderer/features/gallery/GalleryScreen'
import { useGalleryStore } from '@renderer/features/gallery/store'
import { loadLocations } from '@renderer/features/gallery/team/actions'
import { useTeamStore } from '@renderer/features/gallery/team/store'
import { i18n } from '@renderer/i18n'
import { useAppStore } from '@renderer/store/app'
import type { GalleryDetail } from '@shared/schemas/gallery'
import { stubScreenSize } from '../fixtures'
import { connect, item, type Backend } from '../imports/harness'
import { boardOf, folder, resetTeam, teamImage } from './fixtures'

type Handlers = Parameters<typeof connect>[0]

let backend: Backend | null = null
const TEAM_BOARD = boardOf('b1', 'Lookbook', 3)
const OWN_BOARD = boardOf('b2', 'Mine', 1)

/** The boards bar with `boardId` shown, once the team locations and links are loaded (as the screen does). */
async function showBoard(boardId: string, handlers: Handlers): Promise<Backend> {
  backend = connect({ 'boards.list': () => [TEAM_BOARD, OWN_BOARD], ...handlers })
  const api = useAppStore.getState().connection?.api
  if (api) await loadLocations(api)
  useGalleryStore.setState({ form: { ...useGalleryStore.getState().form, boardId } })
  render(<BoardsBar />)
  return backend
}

/** Each test's backend goes, and the language comes back to English. */
async function disconnect(): Promise<void> {
  backend?.off()
  backend = null
  await i18n.changeLanguage('en')
}

const pins = (b: Backend): unknown[] =>
  b.calls.filter((call) => call.name === 'team.pinBoard').map((call) => call.input)

describe('Gallery › Keep files on this computer [P54]', () => {
  beforeEach(() => {
    resetTeam()
    useAppStore.setState({ screen: 'gallery' })
  })
  afterEach(disconnect)

  it('is offered for a team board only, and turns on and off as the backend says', async () => {
    let pinned = false
    const b = await showBoard(TEAM_BOARD.id, {
      'locations.list': () => [folder],
      'team.boards': () => [{ boardId: TEAM_BOARD.id, locationId: folder.id }],
      'team.pinBoard': (input) => {
        pinned = (input as { pinned: boolean }).pinned
        return { boardId: TEAM_BOARD.id, locationId: folder.id, ...(pinned ? { pinned: true } : {}) }
      }
    })
    const keep = await screen.findByRole('button', { name: 'Keep files on this computer' })
    expect(keep).toHaveAttribute('aria-pressed', 'false')
    // Turning it off deletes nothing: the menu says so where the choice is made.
    expect(keep).toHaveAttribute('title', expect.stringContaining('Turning it off deletes nothing'))
    fireEvent.click(keep)
    await waitFor(() => expect(keep).toHaveAttribute('aria-pressed', 'true'))
    fireEvent.click(keep)
    await waitFor(() => expect(keep).toHaveAttribute('aria-pressed', 'false'))
    expect(pins(b)).toEqual([
      { boardId: TEAM_BOARD.id, pinned: true },
      { boardId: TEAM_BOARD.id, pinned: false }
    ])
  })

  it('is not offered for a board that is not linked to a team location', async () => {
    await showBoard(OWN_BOARD.id, {
      'locations.list': () => [folder],
      'team.boards': () => [{ boardId: TEAM_BOARD.id, locationId: folder.id, pinned: true }]
    })
    await screen.findByRole('button', { name: 'Share with team…' })
    // A pin made in an earlier session is known from the backend.
    await waitFor(() => expect(useTeamStore.getState().pinned).toEqual({ [TEAM_BOARD.id]: true }))
    expect(screen.queryByRole('button', { name: 'Keep files on this computer' })).toBeNull()
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    await showBoard(TEAM_BOARD.id, {
      'locations.list': () => [folder],
      'team.boards': () => [{ boardId: TEAM_BOARD.id, locationId: folder.id }]
    })
    await screen.findByRole('button', { name: '在这台电脑上保留文件' })
  })
})

describe('Gallery › a team image whose file is away', () => {
  afterEach(disconnect)

  const detail = (fileAway: boolean): GalleryDetail =>
    teamImage(folder.id, {
      prompt: '',
      imported: { file: 'ana', settings: null, team: { author: 'ana', locationId: folder.id } },
      ...(fileAway ? { fileAway: true as const } : {})
    })

  it('says the full file is on the team location and could not be reached, in words and for screen readers', async () => {
    backend = connect({ 'gallery.get': () => detail(true), 'locations.list': () => [folder] })
    render(<DetailPanel id="r9" />)
    const panel = screen.getByRole('complementary', { name: 'Image details' })
    const note = await within(panel).findByText(/Only a preview is on this computer/)
    expect(note.closest('[role="status"]')).not.toBeNull()
    expect(note).toHaveTextContent('The full file is on the team location')
  })

  it('says nothing of it when the file is here', async () => {
    backend = connect({ 'gallery.get': () => detail(false), 'locations.list': () => [folder] })
    render(<DetailPanel id="r9" />)
    const panel = screen.getByRole('complementary', { name: 'Image details' })
    await within(panel).findByText('From the team · shared by ana via Studio share')
    expect(panel).not.toHaveTextContent('Only a preview')
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    backend = connect({ 'gallery.get': () => detail(true), 'locations.list': () => [folder] })
    render(<DetailPanel id="r9" />)
    await screen.findByText(/这台电脑上只有预览图/)
  })
})

describe('Gallery › a tile whose full file is not here yet [P54]', () => {
  stubScreenSize(beforeAll, afterAll)
  afterEach(disconnect)

  const page = () => ({
    items: [{ ...item(0), away: true as const }, item(1)],
    nextCursor: null,
    matching: 2
  })

  it('shows a cloud and says so in the tile’s name; a tile whose file is here says nothing', async () => {
    backend = connect({ 'gallery.query': page }, 2)
    render(<GalleryScreen />)
    const grid = await screen.findByRole('listbox', { name: 'Images' })
    const away = await within(grid).findByRole('option', {
      name: 'prompt 0, full file on the team location'
    })
    expect(away.querySelector('.tile-away')).not.toBeNull()
    const here = within(grid).getByRole('option', { name: 'prompt 1' })
    expect(here.querySelector('.tile-away')).toBeNull()
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    backend = connect({ 'gallery.query': page }, 2)
    render(<GalleryScreen />)
    await screen.findByRole('option', { name: 'prompt 0，完整文件在团队位置上' })
  })
})

describe('Gallery › a team file that comes here while it is shown [P55]', () => {
  stubScreenSize(beforeAll, afterAll)
  afterEach(disconnect)

  const thumbOf = (detail: GalleryDetail): string => `/media/${detail.mediaId}_thumb`
  const queries = (b: Backend): number => b.calls.filter((call) => call.name === 'gallery.query').length
  const gets = (b: Backend): unknown[] =>
    b.calls.filter((call) => call.name === 'gallery.get').map((call) => call.input)

  it('takes the cloud off its tile in place, without reading the page again', async () => {
    const b = (backend = connect(
      {
        'gallery.query': () => ({
          items: [
            { ...item(0), away: true as const },
            { ...item(1), away: true as const }
          ],
          nextCursor: null,
          matching: 2
        })
      },
      2
    ))
    render(<GalleryScreen />)
    const grid = await screen.findByRole('listbox', { name: 'Images' })
    await within(grid).findByRole('option', { name: 'prompt 0, full file on the team location' })
    const read = queries(b)
    b.emit('gallery.filesHere', { mediaIds: [item(0).mediaId, 'f'.repeat(32)] })
    const here = await within(grid).findByRole('option', { name: 'prompt 0' })
    expect(here.querySelector('.tile-away')).toBeNull()
    // The other image's file is still away: its tile keeps its cloud.
    const still = within(grid).getByRole('option', { name: 'prompt 1, full file on the team location' })
    expect(still.querySelector('.tile-away')).not.toBeNull()
    expect(queries(b)).toBe(read)
  })

  it('opens the details at once on the thumbnail, says the full image is coming, then shows it', async () => {
    const whole = teamImage(folder.id, {
      exit: { fileName: 'a paper boat on a pond.png', mime: 'image/png', sidecar: false }
    })
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const b = (backend = connect({
      'locations.list': () => [folder],
      'gallery.get': async (input) => {
        // As the backend answers before the file is here: what the image leaves as is not known yet.
        if (input.waitForFile === false) return { ...whole, exit: null, fileFetching: true }
        await held
        return whole
      }
    }))
    render(<DetailPanel id="r9" />)
    const panel = screen.getByRole('complementary', { name: 'Image details' })
    const status = await within(panel).findByText('Fetching the full image…')
    expect(status.closest('[role="status"]')).not.toBeNull()
    // Everything else is there already: who shared it, its prompt, the picture (its thumbnail).
    expect(panel).toHaveTextContent('From the team · shared by ana via Studio share')
    expect(panel).toHaveTextContent('a paper boat on a pond')
    expect(within(panel).getByRole('img')).toHaveAttribute('src', thumbOf(whole))
    expect(panel).not.toHaveTextContent('Only a preview')
    // Nothing to drag out until the file is here: it leaves as its copy, which needs the file.
    expect(within(panel).getByRole('img').parentElement).toHaveAttribute('draggable', 'false')

    release()
    await waitFor(() =>
      expect(within(panel).getByRole('img')).toHaveAttribute('src', `/media/${whole.mediaId}`)
    )
    expect(within(panel).getByRole('img').parentElement).toHaveAttribute('draggable', 'true')
    expect(panel).not.toHaveTextContent('Fetching the full image')
    expect(gets(b)).toEqual([{ id: 'r9', waitForFile: false }, { id: 'r9' }])
  })

  it('asks only once for an image whose file is here', async () => {
    const b = (backend = connect({
      'locations.list': () => [folder],
      'gallery.get': () => teamImage(folder.id)
    }))
    render(<DetailPanel id="r9" />)
    await screen.findByText('From the team · shared by ana via Studio share')
    expect(screen.getByRole('img')).toHaveAttribute('src', `/media/${'9'.repeat(32)}`)
    expect(gets(b)).toEqual([{ id: 'r9', waitForFile: false }])
  })

  it('drops the line saying only a preview is here once the file comes later, and shows the file', async () => {
    let away = true
    const b = (backend = connect({
      'locations.list': () => [folder],
      'gallery.get': () => teamImage(folder.id, away ? { fileAway: true } : {})
    }))
    render(<DetailPanel id="r9" />)
    const panel = screen.getByRole('complementary', { name: 'Image details' })
    await within(panel).findByText(/Only a preview is on this computer/)
    // The preview it says is there is what it shows, not a picture that cannot load.
    expect(within(panel).getByRole('img')).toHaveAttribute('src', thumbOf(teamImage(folder.id)))
    // Another image's file coming changes nothing here.
    b.emit('gallery.filesHere', { mediaIds: ['f'.repeat(32)] })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(gets(b)).toHaveLength(1)
    away = false
    b.emit('gallery.filesHere', { mediaIds: ['9'.repeat(32)] })
    await waitFor(() => expect(panel).not.toHaveTextContent('Only a preview'))
    expect(within(panel).getByRole('img')).toHaveAttribute('src', `/media/${'9'.repeat(32)}`)
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    backend = connect({
      'locations.list': () => [folder],
      'gallery.get': (input) =>
        input.waitForFile === false
          ? teamImage(folder.id, { fileFetching: true })
          : new Promise(() => undefined)
    })
    render(<DetailPanel id="r9" />)
    await screen.findByText('正在取回完整图片…')
  })
})
