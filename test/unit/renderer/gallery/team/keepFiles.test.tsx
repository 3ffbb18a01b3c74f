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

const pins = (b: Backend): unknown[] =>
  b.calls.filter((call) => call.name === 'team.pinBoard').map((call) => call.input)

describe('Gallery › Keep files on this computer [P54]', () => {
  beforeEach(() => {
    resetTeam()
    useAppStore.setState({ screen: 'gallery' })
  })
  afterEach(async () => {
    backend?.off()
    backend = null
    await i18n.changeLanguage('en')
  })

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
  afterEach(async () => {
    backend?.off()
    backend = null
    await i18n.changeLanguage('en')
  })

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
  afterEach(async () => {
    backend?.off()
    backend = null
    await i18n.changeLanguage('en')
  })

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
