import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GalleryScreen } from '@renderer/features/gallery/GalleryScreen'
import { useGalleryStore } from '@renderer/features/gallery/store'
import { i18n } from '@renderer/i18n'
import { useProfilesStore } from '@renderer/store/profiles'
import type { GalleryItem } from '@shared/schemas/gallery'
import { connect, profile, stubLayout } from '../queue/fixtures'
import { facetsOf } from './fixtures'

const TOTAL = 1200

const item = (i: number): GalleryItem => ({
  id: `r${i}`,
  jobId: `j${i}`,
  mediaId: String(i).padStart(32, '0'),
  width: 1024,
  height: 1024,
  model: 'studio-image-v3',
  prompt: `狐狸 ${i}`,
  favorite: i === 1,
  rating: 0,
  createdAt: Date.UTC(2025, 4, 1) - i
})

const board = { id: 'b1', name: '秋季海报', count: 3, cover: [], createdAt: 1 }

let calls: { name: string; input: unknown }[] = []

function connectGallery(): void {
  calls = []
  const record =
    (name: string, answer: (input: Record<string, unknown>) => unknown) =>
    (input: unknown): unknown => {
      calls.push({ name, input })
      return answer(input as Record<string, unknown>)
    }
  connect({
    'gallery.exports': record('gallery.exports', () => []),
    'gallery.query': record('gallery.query', (input) => {
      const start = Number(input.offset ?? input.cursor ?? 0)
      const items = Array.from({ length: Math.min(Number(input.limit), TOTAL - start) }, (_, k) =>
        item(start + k)
      )
      return { items, nextCursor: null, matching: TOTAL }
    }),
    'gallery.facets': record('gallery.facets', () => facetsOf(TOTAL)),
    'boards.list': record('boards.list', () => [board]),
    'boards.add': record('boards.add', () => ({ changed: 2, board: { ...board, count: 5 } })),
    'gallery.get': record('gallery.get', (input) => ({
      ...item(0),
      id: input.id,
      jobId: 'job-1',
      jobStatus: 'needs_attention',
      jobKind: 'image',
      mime: 'image/png',
      bytes: 1_572_864,
      sizeLabel: 'auto',
      prompt: '雪地里的红狐狸',
      revisedPrompt: null,
      params: { model: 'studio-image-v3' },
      seed: 7,
      endpoint: '/v1/images/partner-b',
      profileId: 'demo',
      profileName: 'Demo gateway',
      usage: { generated_images: 1, total_tokens: 1200 },
      imageUsage: { generated_images: 1, total_tokens: 1200 },
      billingUnit: 'image',
      imagesInJob: 1,
      note: '',
      verdict: null,
      createdAt: Date.now(),
      fromAddress: true
    })),
    'gallery.delete': record('gallery.delete', () => ({ deleted: 2, filesRemoved: 2, filesKept: 1 })),
    'settings.update': record('settings.update', (input) => input),
    'gallery.export': record('gallery.export', () => ({
      exportId: 'x1',
      format: 'zip',
      status: 'succeeded',
      done: 2,
      total: 2,
      skipped: 0,
      bytesWritten: 3_145_728,
      path: '/data/exports/2025.zip',
      downloadName: '2025.zip',
      error: null,
      startedAt: 1,
      finishedAt: 2
    })),
    'usage.report': record('usage.report', () => {
      const row = { jobs: 12, tokens: 34_500, images: 9, otherJobs: 1 }
      return {
        total: { key: 'total', label: 'Total', ...row },
        byDay: [{ key: '2025-05-01', label: '2025-05-01', ...row }],
        byModel: [{ key: 'studio-image-v3', label: 'studio-image-v3', ...row }],
        // A gateway no longer among the profiles: the backend sends no name, the screen says it.
        byProfile: [
          { key: 'demo', label: 'Demo gateway', ...row },
          { key: 'gone', label: null, ...row }
        ],
        timeZone: 'UTC'
      }
    }),
    // No price table yet: the money part of Usage says where prices are set (usageMoney.test.tsx counts it).
    'spend.summary': record('spend.summary', () => []),
    'groups.list': record('groups.list', () => [])
  })
}

/**
 * Every English word the screen shows or speaks, but the shared pieces' (endpoint names, said by
 * shared/gateway) and names: model ids, file names and the fields of a file name template (in `code`), the
 * parameters as sent (`pre`) and the size asked for as the gateway takes it ("auto").
 */
function englishWords(root: HTMLElement): string[] {
  const copy = root.cloneNode(true) as HTMLElement
  for (const shared of copy.querySelectorAll('.detail-endpoint, code, pre')) shared.remove()
  for (const option of copy.querySelectorAll('select:nth-of-type(2) option:not([value=""])')) option.remove()
  const texts = [copy.textContent ?? '']
  for (const element of copy.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
    for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
      texts.push(element.getAttribute(name) ?? '')
  const rest = texts.join('\n').split('studio-image-v3').join(' ').replace(/\/\S+/g, ' ')
  return (rest.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !['Token', 'ZIP', 'PNG', 'auto'].includes(word))
}

let restoreLayout: () => void = () => undefined

beforeEach(async () => {
  restoreLayout = stubLayout()
  useProfilesStore.setState({ profiles: [profile()], catalogs: {} })
  // The store as the app starts it: a module singleton, so every test starts it again.
  useGalleryStore.setState(useGalleryStore.getInitialState(), true)
  connectGallery()
  await i18n.changeLanguage('zh-CN')
})
afterEach(() => restoreLayout())

describe('Gallery in 简体中文', () => {
  it('names its views, filters, boards and grid in Chinese, the demo gateway included', async () => {
    const { container } = render(<GalleryScreen />)
    expect(screen.getByRole('heading', { level: 1, name: '图库' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: '图片' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: '用量' })).toBeInTheDocument()
    const grid = await screen.findByRole('listbox', { name: '图片' })
    await within(grid).findByRole('option', { name: '狐狸 0' })
    expect(screen.getByText('1,200 张图片')).toBeInTheDocument()
    const filters = screen.getByRole('search', { name: '筛选图片' })
    expect(within(filters).getByRole('searchbox', { name: '搜索提示词' })).toHaveAttribute(
      'placeholder',
      '搜索提示词和改写后的提示词'
    )
    const gateway = within(filters).getByRole('combobox', { name: '网关' })
    await waitFor(() =>
      expect(within(gateway).getByRole('option', { name: '演示网关（1200）' })).toBeVisible()
    )
    expect(within(filters).getByRole('checkbox', { name: '只看收藏' })).toBeInTheDocument()
    expect(within(filters).getByRole('group', { name: '创建日期范围' })).toBeInTheDocument()
    const boards = await screen.findByRole('list', { name: '画板' })
    expect(within(boards).getByRole('button', { name: '全部图片' })).toBeInTheDocument()
    expect(within(boards).getByRole('button', { name: '+ 新建画板' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '全部导出…' })).toBeInTheDocument()
    expect(englishWords(container)).toEqual([])
  })

  it('shows an image’s details, selects, adds to a board and deletes, all in Chinese', async () => {
    const { container } = render(<GalleryScreen />)
    const grid = await screen.findByRole('listbox', { name: '图片' })
    fireEvent.click(await within(grid).findByRole('option', { name: '狐狸 0' }))
    const details = await screen.findByRole('complementary', { name: '图片详情' })
    await within(details).findByText('雪地里的红狐狸')
    const fact = (term: string): string =>
      within(details).getByText(term).nextElementSibling?.textContent ?? ''
    expect(fact('网关')).toBe('演示网关')
    expect(fact('尺寸')).toBe('1024 × 1024（请求尺寸：auto）')
    expect(fact('文件')).toBe('PNG，1.5 MB')
    expect(fact('用量')).toBe('计费 1 张图片（网关报告 1,200 Token）按张计费')
    expect(fact('创建时间')).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/)
    expect(fact('网关上的副本')).toMatch(/^约 .+ 过期：网关大约保留 24 小时；本地副本会一直保留$/)
    expect(fact('任务')).toContain('需要处理')
    expect(within(details).getByRole('button', { name: '在队列中打开' })).toBeInTheDocument()
    expect(within(details).getByRole('button', { name: '关闭详情' })).toBeInTheDocument()
    expect(within(details).getByText('全部参数')).toBeInTheDocument()
    expect(englishWords(container)).toEqual([])

    fireEvent.click(within(grid).getByRole('option', { name: '狐狸 1' }), { shiftKey: true })
    expect(screen.getByText('已选 2 张，共 1,200 张')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: '添加到画板…' }))
    const add = screen.getByRole('dialog', { name: '将 2 张图片添加到画板' })
    expect(within(add).getByRole('radio', { name: /^秋季海报\s?· 3 张图片$/ })).toBeChecked()
    expect(within(add).getByRole('radio', { name: '新建画板' })).toBeInTheDocument()
    expect(englishWords(container)).toEqual([])
    fireEvent.click(within(add).getByRole('button', { name: '添加到画板' }))
    expect(await screen.findByText('已将 2 张图片添加到画板“秋季海报”。')).toBeInTheDocument()

    fireEvent.click(within(grid).getByRole('option', { name: '狐狸 2' }), { ctrlKey: true })
    fireEvent.click(within(grid).getByRole('option', { name: '狐狸 3' }), { ctrlKey: true })
    fireEvent.click(screen.getByRole('button', { name: '删除所选…' }))
    const confirm = screen.getByRole('alertdialog', { name: '删除 2 张图片？' })
    expect(confirm).toHaveTextContent('这 2 张图片及其文件将从图库中移除')
    expect(within(confirm).getByRole('button', { name: '保留' })).toBeInTheDocument()
    const remove = within(confirm).getByRole('button', { name: '删除 2 张图片' })
    // Delete waits for the answer of what it would do to a team (none here: the command is not answered).
    await waitFor(() => expect(remove).toBeEnabled())
    fireEvent.click(remove)
    expect(
      await screen.findByText('已删除 2 张图片（移除了 2 个文件；另有 1 个文件仍被其他图片使用，已保留）。')
    ).toBeInTheDocument()
    // The notice is kept as figures: it follows a change of language.
    await act(async () => i18n.changeLanguage('en'))
    expect(
      screen.getByText('Deleted 2 images (2 files removed; 1 file kept because other images use them).')
    ).toBeInTheDocument()
    // The check sees English where there is some.
    expect(englishWords(container)).toEqual(expect.arrayContaining(['Deleted', 'Gallery']))
  })

  it('exports in Chinese and says where the result went', async () => {
    const { container } = render(<GalleryScreen />)
    const grid = await screen.findByRole('listbox', { name: '图片' })
    fireEvent.click(await within(grid).findByRole('option', { name: '狐狸 0' }))
    fireEvent.click(within(grid).getByRole('option', { name: '狐狸 1' }), { ctrlKey: true })
    fireEvent.click(screen.getByRole('button', { name: '导出所选…' }))
    const dialog = screen.getByRole('dialog', { name: '导出图片' })
    expect(within(dialog).getByRole('radio', { name: '所选的 2 张图片' })).toBeChecked()
    expect(within(dialog).getByRole('radio', { name: '当前视图中的全部 1,200 张图片' })).toBeInTheDocument()
    expect(within(dialog).getByRole('radio', { name: 'ZIP 压缩包' })).toBeChecked()
    expect(
      within(dialog).getByRole('radio', { name: /^应用的导出文件夹，并在这里提供下载链接/ })
    ).toBeChecked()
    expect(within(dialog).getByText(/重名时依次加上 -2、-3…/)).toBeInTheDocument()
    expect(englishWords(container)).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导出' }))
    const tray = await screen.findByRole('region', { name: '导出' })
    // The page inside the export is written in the language on screen.
    expect(calls.find((c) => c.name === 'gallery.export')?.input).toMatchObject({ language: 'zh-CN' })
    const card = within(tray).getByRole('listitem', { name: 'ZIP 导出：2 张图片' })
    expect(card).toHaveTextContent('已导出 2 张图片（3.0 MB）。')
    expect(within(card).getByRole('link', { name: '下载 ZIP' })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: '关闭' })).toBeInTheDocument()
    expect(englishWords(container)).toEqual([])
  })

  it('counts usage in Chinese, with days, numbers and the time zone as Chinese writes them', async () => {
    useGalleryStore.setState({ tab: 'usage' })
    const { container } = render(<GalleryScreen />)
    const day = await screen.findByRole('region', { name: '按日期' })
    expect(within(day).getByText('2025年5月1日周四')).toBeInTheDocument()
    expect(within(day).getByRole('columnheader', { name: 'Token 数' })).toBeInTheDocument()
    expect(within(day).getAllByText('34,500')[0]).toBeInTheDocument()
    expect(within(day).getByTitle('模型在模型列表中没有计费单位的任务')).toHaveTextContent('（1 个未计费）')
    const gateways = screen.getByRole('region', { name: '按网关' })
    expect(within(gateways).getByRole('rowheader', { name: '演示网关' })).toBeInTheDocument()
    expect(within(gateways).getByRole('rowheader', { name: '已删除的网关' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: '时间范围' })).toHaveDisplayValue('最近 30 天')
    expect(screen.getByText('共统计 12 个任务 · 日期按协调世界时划分')).toBeInTheDocument()
    expect(
      await screen.findByText(
        '这段时间没有花费：在“设置 › 网关 › 价格”中为网关设置价格后，费用会显示在这里。'
      )
    ).toBeInTheDocument()
    expect(englishWords(container)).toEqual([])
  })
})
