import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CHIP_BOARDS } from '@renderer/features/gallery/Boards'
import { GalleryScreen } from '@renderer/features/gallery/GalleryScreen'
import { useGalleryStore } from '@renderer/features/gallery/store'
import { stubScreenSize } from './fixtures'
import { connect, type Backend } from './imports/harness'
import { boardOf, resetTeam } from './team/fixtures'

let backend: Backend | null = null

/** 200 boards, "Board 001" … "Board 200", as a studio keeps them over a year. */
const boards = Array.from({ length: 200 }, (_, i) =>
  boardOf(`b${i + 1}`, `Board ${String(i + 1).padStart(3, '0')}`, i + 1)
)

const chipList = (): HTMLElement => screen.getByRole('list', { name: 'Boards' })

describe('Gallery › boards, when a studio keeps 200 of them', () => {
  stubScreenSize(beforeAll, afterAll)
  beforeEach(() => resetTeam())
  afterEach(() => {
    backend?.off()
    backend = null
  })

  it('keeps a few chips above the grid and finds any other board by name', async () => {
    backend = connect({ 'boards.list': () => boards, 'locations.list': () => [] }, 3)
    render(<GalleryScreen />)
    const more = await screen.findByRole('button', { name: 'All 200 boards…' })
    // "All images" and the first boards by name: the grid keeps its place on the screen.
    expect(within(chipList()).getAllByRole('button', { name: /^(All images|Board)/ })).toHaveLength(
      CHIP_BOARDS + 1
    )
    expect(within(chipList()).queryByRole('button', { name: /^Board 150/ })).toBeNull()

    fireEvent.click(more)
    const dialog = await screen.findByRole('dialog', { name: 'Show a board' })
    const search = within(dialog).getByRole('searchbox', { name: 'Board name' })
    fireEvent.change(search, { target: { value: '15' } })
    // "015", "115", "150" … "159": every name holding what was typed, and nothing else.
    const found = within(dialog)
      .getAllByRole('button', { name: /^Board/ })
      .map((button) => button.textContent?.split(' ')[1])
    expect(found).toEqual([
      '015',
      '115',
      '150',
      '151',
      '152',
      '153',
      '154',
      '155',
      '156',
      '157',
      '158',
      '159'
    ])
    fireEvent.change(search, { target: { value: 'zebra' } })
    expect(within(dialog).getByRole('status')).toHaveTextContent('No board’s name has “zebra” in it.')
    fireEvent.change(search, { target: { value: '150' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /^Board 150/ }))

    // The board is shown, and its chip joins the row (pressed), so it can be renamed or shared from there.
    await waitFor(() => expect(useGalleryStore.getState().form.boardId).toBe('b150'))
    expect(screen.queryByRole('dialog', { name: 'Show a board' })).toBeNull()
    const chip = within(chipList()).getByRole('button', { name: /^Board 150/ })
    expect(chip).toHaveAttribute('aria-pressed', 'true')
    expect(within(chipList()).getAllByRole('button', { name: /^(All images|Board)/ })).toHaveLength(
      CHIP_BOARDS + 1
    )
    expect(screen.getByRole('group', { name: 'Board Board 150' })).toBeInTheDocument()
  })

  it('shows every board as a chip while there are only a few', async () => {
    backend = connect({ 'boards.list': () => boards.slice(0, CHIP_BOARDS), 'locations.list': () => [] }, 3)
    render(<GalleryScreen />)
    await screen.findByRole('button', { name: /^Board 012/ })
    expect(screen.queryByRole('button', { name: /^All \d+ boards/ })).toBeNull()
  })
})
