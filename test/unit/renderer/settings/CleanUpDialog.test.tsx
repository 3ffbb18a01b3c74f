import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { LocationsSection } from '@renderer/features/settings/LocationsSection'
import { i18n } from '@renderer/i18n'
import { useAppStore } from '@renderer/store/app'
import { createApiClient, type Transport } from '@shared/client'
import type { AppError } from '@shared/result'
import type { LocationView, TeamCleanUpOutcome } from '@shared/schemas/locations'
import { english } from '@shared/sentences'
import { testInfo, testSettings } from '../connection'

const NOW = Date.now()

const bucket: LocationView = {
  id: 'loc-s3',
  name: 'team-library',
  settings: {
    kind: 's3',
    endpoint: 'http://127.0.0.1:9000',
    region: 'us-east-1',
    bucket: 'team-library',
    prefix: 'studio/',
    pathStyle: true
  },
  hasCredentials: true,
  credentialHint: '…ABCD',
  lastCheck: { ok: true, problem: null, status: null, checkedAt: NOW },
  createdAt: NOW - 86_400_000
}

const MB = 1024 * 1024
const cleaned: TeamCleanUpOutcome = {
  removed: { files: 13, bytes: 34 * MB },
  kinds: {
    images: { files: 5, bytes: 29 * MB },
    thumbnails: { files: 5, bytes: 1 * MB },
    snapshots: { files: 2, bytes: 3 * MB },
    reviewPages: { files: 0, bytes: 0 },
    unfinished: { files: 1, bytes: 1 * MB }
  },
  kept: {
    recent: { files: 3, bytes: 2 * MB },
    undated: { files: 0, bytes: 0 },
    unread: { files: 0, bytes: 0 }
  }
}

const denied: AppError = {
  code: 'location.denied',
  message: english('cleanUpDenied'),
  words: { code: 'cleanUpDenied' }
}

/**
 * The section against a scripted backend whose `team.cleanUp` answers `answer` once released: the test
 * sees the dialog while Clean up runs, then its answer.
 */
function setup(answer: { ok: true; value: TeamCleanUpOutcome } | { ok: false; error: AppError }): {
  invoke: ReturnType<typeof vi.fn>
  release: () => void
} {
  let release = (): void => undefined
  const invoke = vi.fn((name: string) => {
    if (name === 'locations.list') return Promise.resolve({ ok: true, value: [bucket] })
    if (name === 'team.cleanUp')
      return new Promise((resolve) => {
        release = () => resolve(answer)
      })
    return Promise.resolve({ ok: false, error: { code: 'test', message: `${name} not stubbed` } })
  })
  const transport: Transport = { invoke, subscribe: () => () => undefined }
  useAppStore
    .getState()
    .setConnection(
      { api: createApiClient(transport), host: 'web', mediaUrl: (id) => `/media/${id}` },
      testInfo(),
      testSettings({ theme: 'system' })
    )
  render(<LocationsSection />)
  return { invoke, release: () => release() }
}

const cleanUpCalls = (invoke: ReturnType<typeof vi.fn>): unknown[] =>
  (invoke.mock.calls as [string, unknown][])
    .filter(([name]) => name === 'team.cleanUp')
    .map(([, input]) => input)

describe('Settings › Team locations: Clean up', () => {
  it('says what it removes and that it needs delete rights; Cancel has the focus and removes nothing', async () => {
    const { invoke } = setup({ ok: true, value: cleaned })
    const opener = await screen.findByRole('button', { name: 'Clean up team-library…' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('alertdialog', { name: 'Clean up “team-library”?' })
    expect(dialog).toHaveAccessibleDescription(/Clean up removes what nothing uses any more/)
    expect(dialog).toHaveTextContent('files of images the team deleted, once they are a day old')
    expect(dialog).toHaveTextContent('older copies of the library’s index')
    expect(dialog).toHaveTextContent('review pages from this computer that were taken down')
    expect(dialog).toHaveTextContent('It needs credentials allowed to delete files at the location')
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' })
    expect(cancel).toHaveFocus()
    fireEvent.click(cancel)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(opener).toHaveFocus()
    expect(cleanUpCalls(invoke)).toEqual([])
  })

  it('runs, says it is working, then what it removed and kept; Done takes the focus and gives it back', async () => {
    const { invoke, release } = setup({ ok: true, value: cleaned })
    const opener = await screen.findByRole('button', { name: 'Clean up team-library…' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('alertdialog', { name: 'Clean up “team-library”?' })
    const confirm = within(dialog).getByRole('button', { name: 'Clean up' })
    fireEvent.click(confirm)
    expect(await within(dialog).findByRole('progressbar', { name: 'Cleaning up' })).toBeInTheDocument()
    expect(within(dialog).getByRole('status')).toHaveTextContent('Syncing, then cleaning up “team-library”…')
    // While it runs, nothing closes it and a second press sends nothing more.
    expect(confirm).toHaveAttribute('aria-disabled', 'true')
    fireEvent.click(confirm)
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(cleanUpCalls(invoke)).toEqual([{ id: 'loc-s3' }])

    act(() => release())
    const status = within(dialog).getByRole('status')
    await waitFor(() => expect(status).toHaveTextContent('Removed 13 files (34.0 MB).'))
    const kinds = within(status).getByRole('list', { name: 'Removed, by kind' })
    expect(
      within(kinds)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    ).toEqual([
      'Images deleted by the team: 5 files (29.0 MB)',
      'Their thumbnails: 5 files (1.0 MB)',
      'Older copies of the library’s index: 2 files (3.0 MB)',
      'Pieces of cut-off uploads: 1 file (1.0 MB)'
    ])
    expect(status).toHaveTextContent('3 recent files were kept: a teammate may still be sharing them.')
    const done = within(dialog).getByRole('button', { name: 'Done' })
    await waitFor(() => expect(done).toHaveFocus())
    fireEvent.click(done)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(opener).toHaveFocus()
  })

  it('says in words that the credentials cannot delete, and offers to try again', async () => {
    const { invoke, release } = setup({ ok: false, error: denied })
    fireEvent.click(await screen.findByRole('button', { name: 'Clean up team-library…' }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clean up' }))
    act(() => release())
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Clean up of “team-library” stopped')
    expect(alert).toHaveTextContent(
      'This location’s credentials can’t remove files, so nothing was removed. Ask whoever manages the location for credentials that may delete files'
    )
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(cleanUpCalls(invoke)).toHaveLength(1)
  })

  it('speaks Chinese: the question and the summary', async () => {
    await i18n.changeLanguage('zh-CN')
    const { release } = setup({
      ok: true,
      value: {
        ...cleaned,
        kept: {
          recent: { files: 0, bytes: 0 },
          undated: { files: 1, bytes: 10 },
          unread: { files: 0, bytes: 0 }
        }
      }
    })
    fireEvent.click(await screen.findByRole('button', { name: '清理 team-library…' }))
    const dialog = await screen.findByRole('alertdialog', { name: '要清理“team-library”吗？' })
    expect(dialog).toHaveTextContent('团队已删除的图片的文件')
    fireEvent.click(within(dialog).getByRole('button', { name: '清理' }))
    act(() => release())
    const status = within(dialog).getByRole('status')
    await waitFor(() => expect(status).toHaveTextContent('已删除 13 个文件（34.0 MB）。'))
    expect(status).toHaveTextContent('中断的上传留下的残余文件：1 个文件（1.0 MB）')
    expect(status).toHaveTextContent('保留了 1 个文件，因为该位置没有提供它们的时间。')
    expect(within(dialog).getByRole('button', { name: '完成' })).toBeInTheDocument()
  })
})
