import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GalleryScreen } from '@renderer/features/gallery/GalleryScreen'
import { i18n } from '@renderer/i18n'
import type { TeamDeleteImpact } from '@shared/schemas/locations'
import { stubScreenSize } from '../fixtures'
import { connect, deferred, Refusal, type Backend } from '../imports/harness'
import { bucket, resetTeam } from './fixtures'

let backend: Backend | null = null

/** Two of the gallery's images on the team board "Picks" of the bucket, both in its team library. */
const ON_PICKS: TeamDeleteImpact = {
  onBoards: 2,
  boards: [{ locationId: bucket.id, location: bucket.name, boardId: 'b-picks', board: 'Picks', images: 2 }],
  inLibrary: 2
}

/** The gallery, `ids` selected in the grid, and the delete dialog open: what the team command answers. */
async function openDelete(impact: () => unknown, ids = ['prompt 0', 'prompt 2']): Promise<HTMLElement> {
  backend = connect({
    'locations.list': () => [bucket],
    'team.deleteImpact': impact,
    'gallery.delete': () => ({ deleted: ids.length, filesRemoved: ids.length, filesKept: 0 })
  })
  render(<GalleryScreen />)
  const grid = await screen.findByRole('listbox', { name: /^(Images|图片)$/ })
  for (const [i, name] of ids.entries())
    fireEvent.click(await within(grid).findByRole('option', { name }), i > 0 ? { ctrlKey: true } : {})
  fireEvent.click(screen.getByRole('button', { name: /^(Delete selected…|删除所选…)$/ }))
  return screen.getByRole('alertdialog')
}

const named = (name: string): Record<string, unknown>[] =>
  (backend?.calls ?? []).filter((call) => call.name === name).map((call) => call.input)

/** What the dialog says before its answers, a paragraph each, in order. */
const said = (dialog: HTMLElement): string[] =>
  [...dialog.querySelectorAll('.dialog-description p')].map((p) => p.textContent ?? '')

/** The dialog's answers, in order (its close button is an icon, without words). */
const buttons = (dialog: HTMLElement): string[] =>
  within(dialog)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '')
    .filter((words) => words !== '')

describe('Gallery › Delete, when images are on a team board', () => {
  stubScreenSize(beforeAll, afterAll)
  beforeEach(() => resetTeam())
  afterEach(async () => {
    backend?.off()
    backend = null
    await i18n.changeLanguage('en')
  })

  it('says which team board they leave for teammates, and deletes here when asked to', async () => {
    const dialog = await openDelete(() => ON_PICKS)
    await within(dialog).findByText('2 of these are on the team board “Picks” (Agency bucket).')
    expect(dialog).toHaveAccessibleName('Delete 2 images?')
    expect(said(dialog)).toEqual([
      'These 2 images and their files are removed from the library. A file that another image still uses is kept. This cannot be undone.',
      '2 of these are on the team board “Picks” (Agency bucket).',
      'Deleting them here takes them off that board for your teammates too. They keep the images in their galleries.',
      '“Delete for everyone” also removes 2 of them from the team library and from your teammates’ galleries when they next sync. Images a teammate made or imported themselves stay in their gallery.'
    ])
    expect(buttons(dialog)).toEqual(['Keep them', 'Delete here', 'Delete for everyone'])
    expect(named('team.deleteImpact')).toEqual([{ selection: { kind: 'ids', ids: ['r0', 'r2'] } }])

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete here' }))
    await screen.findByText(/^Deleted 2 images/)
    expect(named('gallery.delete')).toEqual([
      { selection: { kind: 'ids', ids: ['r0', 'r2'] }, confirm: true }
    ])
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('deletes for everyone when asked to', async () => {
    const dialog = await openDelete(() => ON_PICKS)
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete for everyone' }))
    await screen.findByText(/^Deleted 2 images/)
    expect(named('gallery.delete')).toEqual([
      { selection: { kind: 'ids', ids: ['r0', 'r2'] }, confirm: true, forEveryone: true }
    ])
  })

  it('lets nothing be deleted until it knows, and speaks of one image as “it”', async () => {
    const answer = deferred<unknown>()
    const dialog = await openDelete(() => answer.promise, ['prompt 1'])
    const remove = within(dialog).getByRole('button', { name: 'Delete 1 image' })
    expect(remove).toBeDisabled()
    fireEvent.click(remove)
    await act(async () => {
      answer.resolve({
        onBoards: 1,
        boards: [
          { locationId: bucket.id, location: bucket.name, boardId: 'b-picks', board: 'Picks', images: 1 },
          { locationId: bucket.id, location: bucket.name, boardId: 'b-hero', board: 'Hero shots', images: 1 }
        ],
        inLibrary: 1
      })
      await Promise.resolve()
    })
    await within(dialog).findByText('It is on the team board “Picks” (Agency bucket).')
    expect(said(dialog).slice(1)).toEqual([
      'It is on the team board “Picks” (Agency bucket).',
      'It is on the team board “Hero shots” (Agency bucket).',
      'Deleting it here takes it off those boards for your teammates too. They keep the image in their galleries.',
      '“Delete for everyone” also removes it from the team library and from your teammates’ galleries when they next sync. A teammate who made or imported it themselves keeps it.'
    ])
    expect(buttons(dialog)).toEqual(['Keep it', 'Delete here', 'Delete for everyone'])
    expect(named('gallery.delete')).toEqual([])
  })

  it.each([
    ['no image is on a team board', () => ({ onBoards: 0, boards: [], inLibrary: 0 })],
    ['the team cannot be asked', () => new Refusal({ code: 'internal', message: 'no' })]
  ])('stays the plain question when %s', async (_, impact) => {
    const dialog = await openDelete(impact)
    const remove = within(dialog).getByRole('button', { name: 'Delete 2 images' })
    await waitFor(() => expect(remove).toBeEnabled())
    expect(buttons(dialog)).toEqual(['Keep them', 'Delete 2 images'])
    expect(dialog).not.toHaveTextContent('team')
    fireEvent.click(remove)
    await waitFor(() =>
      expect(named('gallery.delete')).toEqual([
        { selection: { kind: 'ids', ids: ['r0', 'r2'] }, confirm: true }
      ])
    )
  })

  it('names three boards and counts the rest', async () => {
    const boards = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'].map((board, i) => ({
      locationId: bucket.id,
      location: bucket.name,
      boardId: `b${i}`,
      board,
      images: 1
    }))
    const dialog = await openDelete(() => ({ onBoards: 2, boards, inLibrary: 2 }))
    await within(dialog).findByText('1 of these is on the team board “Gamma” (Agency bucket).')
    expect(said(dialog).slice(1, 6)).toEqual([
      '1 of these is on the team board “Alpha” (Agency bucket).',
      '1 of these is on the team board “Beta” (Agency bucket).',
      '1 of these is on the team board “Gamma” (Agency bucket).',
      'And on 2 more team boards.',
      'Deleting them here takes them off those boards for your teammates too. They keep the images in their galleries.'
    ])
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    const dialog = await openDelete(() => ON_PICKS, ['prompt 0', 'prompt 2'])
    await within(dialog).findByText('其中 2 张在“Agency bucket”的团队画板“Picks”上。')
    expect(dialog).toHaveAccessibleName('删除 2 张图片？')
    expect(said(dialog).slice(1)).toEqual([
      '其中 2 张在“Agency bucket”的团队画板“Picks”上。',
      '在这里删除，也会把图片从队友的这个画板上移除；队友图库中的图片仍会保留。',
      '“为所有人删除”还会把其中 2 张从团队图库中删除，队友下次同步时也会从他们的图库中移除；队友自己生成或导入的图片会保留。'
    ])
    expect(buttons(dialog)).toEqual(['保留', '在此删除', '为所有人删除'])
    fireEvent.click(within(dialog).getByRole('button', { name: '为所有人删除' }))
    await waitFor(() => expect(named('gallery.delete')).toHaveLength(1))
    expect(named('gallery.delete')[0]).toMatchObject({ forEveryone: true })
  })
})
