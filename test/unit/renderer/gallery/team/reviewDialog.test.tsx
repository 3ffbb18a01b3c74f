import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BoardsBar } from '@renderer/features/gallery/Boards'
import { useGalleryStore } from '@renderer/features/gallery/store'
import { i18n } from '@renderer/i18n'
import { useAppStore } from '@renderer/store/app'
import type { CommandName } from '@shared/contract'
import type { ReviewShare } from '@shared/schemas/locations'
import { sentences } from '@shared/sentences'
import { connect, Refusal, type Backend } from '../imports/harness'
import { boardOf, bucket, folder, resetTeam } from './fixtures'

type Handlers = Parameters<typeof connect>[0]

const MOODBOARD = boardOf('b1', 'Moodboard', 2)
const DAY = 86_400_000
const CREATED = Date.UTC(2026, 10, 20, 9, 30)

const shareOf = (id: string, patch: Partial<ReviewShare> = {}): ReviewShare => ({
  id,
  locationId: bucket.id,
  boardId: MOODBOARD.id,
  boardName: 'Moodboard',
  profile: 'full',
  images: 2,
  link: `https://s3.example.com/team-library/studio/shares/${id}/index.html?X-Amz-Signature=abc`,
  createdAt: CREATED,
  expiresAt: CREATED + 7 * DAY,
  state: 'live',
  ...patch
})

let backend: Backend | null = null

function showBoard(handlers: Handlers): Backend {
  backend = connect({
    'boards.list': () => [MOODBOARD],
    'locations.list': () => [bucket, folder],
    'team.boards': () => [],
    ...handlers
  })
  useGalleryStore.setState({ form: { ...useGalleryStore.getState().form, boardId: MOODBOARD.id } })
  render(<BoardsBar />)
  return backend
}

const calls = (b: Backend, name: CommandName): Record<string, unknown>[] =>
  b.calls.filter((call) => call.name === name).map((call) => call.input)

describe('Gallery › Share for review', () => {
  beforeEach(() => {
    resetTeam()
    useAppStore.setState({ screen: 'gallery' })
  })
  afterEach(async () => {
    backend?.off()
    backend = null
    await i18n.changeLanguage('en')
  })

  it('makes a page with the choices made, gives its link, and lists it', async () => {
    let shares: ReviewShare[] = []
    const b = showBoard({
      'team.reviewShares': () => shares,
      'team.shareForReview': () => {
        shares = [shareOf('s1', { profile: 'public', expiresAt: CREATED + DAY })]
        return shares[0]
      }
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Share for review…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share “Moodboard” for review' })
    expect(await within(dialog).findByText('No review pages yet.')).toBeInTheDocument()
    // The bucket is first: its link expires, so the dialog asks for how long.
    expect(within(dialog).getByRole('radio', { name: /^Agency bucket/ })).toBeChecked()
    expect(within(dialog).getByLabelText('The link works for')).toHaveValue('604800')
    fireEvent.click(within(dialog).getByLabelText('The images only, without prompts or settings'))
    fireEvent.change(within(dialog).getByLabelText('The link works for'), { target: { value: '86400' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create review page' }))

    const link = await within(dialog).findByLabelText('Review link')
    expect(link).toHaveValue(shares[0]?.link)
    expect(calls(b, 'team.shareForReview')).toEqual([
      expect.objectContaining({
        locationId: bucket.id,
        boardId: MOODBOARD.id,
        profile: 'public',
        lifetimeSeconds: 86_400,
        language: 'en'
      })
    ])
    const row = await within(dialog).findByRole('listitem')
    expect(row).toHaveTextContent('Agency bucket · 2 images, images only · created')
    expect(row).toHaveTextContent('The link works until')
    // An https link opens from here too.
    expect(within(dialog).getByRole('button', { name: 'Open' })).toBeInTheDocument()
  })

  it('a shared folder has no expiring link: the dialog says so instead of asking', async () => {
    showBoard({ 'team.reviewShares': () => [] })
    fireEvent.click(await screen.findByRole('button', { name: 'Share for review…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share “Moodboard” for review' })
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Studio share/ }))
    expect(within(dialog).queryByLabelText('The link works for')).toBeNull()
    expect(dialog).toHaveTextContent(
      'On a WebDAV server or a shared folder the page stays until you take it down'
    )
  })

  it('says each page’s state, takes one down, and says why when the location refuses', async () => {
    let shares = [
      shareOf('live'),
      shareOf('old', {
        state: 'expired',
        link: null,
        createdAt: CREATED - 9 * DAY,
        expiresAt: CREATED - 2 * DAY
      }),
      shareOf('cut', { state: 'unfinished', link: null, expiresAt: null }),
      shareOf('gone', { state: 'revoked', link: null })
    ]
    let refuse = true
    const b = showBoard({
      'team.reviewShares': () => shares,
      'team.revokeShare': (input) => {
        if (refuse)
          return new Refusal({
            code: 'location.denied',
            message: sentences.reviewRemoveDenied.replace('{{folder}}', 'shares/old/'),
            words: { code: 'reviewRemoveDenied', values: { folder: 'shares/old/' } }
          })
        shares = shares.map((s) => (s.id === input.shareId ? { ...s, state: 'revoked', link: null } : s))
        return shares.find((s) => s.id === input.shareId)
      }
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Share for review…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share “Moodboard” for review' })
    const rows = await within(dialog).findAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('The link works until'),
      expect.stringContaining('The link expired'),
      expect.stringContaining('Not finished: some of its files may be at the location'),
      expect.stringContaining('Taken down')
    ])
    // A live page takes down; an expired or unfinished one removes its files; a taken-down one offers nothing.
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Take down' })).toBeInTheDocument()
    expect(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Remove its files' })
    ).toBeInTheDocument()
    expect(within(rows[3] as HTMLElement).queryByRole('button')).toBeNull()

    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Remove its files' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ask whoever manages it to remove the folder shares/old/'
    )
    refuse = false
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Take down' }))
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')[0]).toHaveTextContent('Taken down'))
    expect(calls(b, 'team.revokeShare')).toEqual([{ shareId: 'old' }, { shareId: 'live' }])
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    showBoard({ 'team.reviewShares': () => [shareOf('s1')] })
    fireEvent.click(await screen.findByRole('button', { name: '分享以供审阅…' }))
    const dialog = await screen.findByRole('dialog', { name: '分享“Moodboard”以供审阅' })
    expect(within(dialog).getByLabelText('链接有效期')).toBeInTheDocument()
    expect(await within(dialog).findByRole('listitem')).toHaveTextContent('链接有效期至')
    expect(within(dialog).getByRole('button', { name: '撤下' })).toBeInTheDocument()
  })
})
