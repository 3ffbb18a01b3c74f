import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { noticeOfJob } from '@renderer/features/queue/bridge'
import { QueueScreen } from '@renderer/features/queue/QueueScreen'
import { i18n } from '@renderer/i18n'
import { Sidebar } from '@renderer/shell/Sidebar'
import {
  connect,
  job,
  resetStores,
  result,
  rowOf as rowOfIn,
  runningVideo,
  seed,
  stubLayout,
  task
} from './fixtures'

let restoreLayout: () => void = () => undefined

beforeEach(async () => {
  resetStores()
  restoreLayout = stubLayout()
  connect({ 'jobs.list': () => [] })
  await i18n.changeLanguage('zh-CN')
})
afterEach(() => restoreLayout())

const rowOf = (prompt: string): HTMLElement => rowOfIn(prompt, '任务列表')

/**
 * Pieces of a row whose words are the shared modules' (jobs/status, jobs/cancel, media/slots and the
 * endpoint names of shared/gateway), translated on their own, or the gateway's (a task's status as it came):
 * left out so this speaks for the Queue's own.
 */
const SHARED =
  '.tq-status, .tq-progress-label, .tq-endpoint-name, .tq-task-status, .tq-task-usage, .tq-job-usage, .tq-cancel-effect, .vid-facts, .tq-gateway-words'

/** Every English word the Queue shows or speaks, but shared pieces, model ids, prompts and durations. */
function englishWords(root: HTMLElement): string[] {
  const copy = root.cloneNode(true) as HTMLElement
  for (const shared of copy.querySelectorAll(`${SHARED}, code`)) shared.remove()
  // What Cancel does, in its tooltip, is jobs/cancel's.
  for (const cancel of copy.querySelectorAll('.tq-cancel')) cancel.removeAttribute('title')
  const texts = [copy.textContent ?? '']
  for (const element of copy.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
    for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
      texts.push(element.getAttribute(name) ?? '')
  const rest = texts
    .join('\n')
    .replace(/studio-image-v3|seedance-video|waves at night|a red fox/g, ' ')
    .replace(/\b\d+ (s|min|h|days)\b/g, ' ')
    .replace(/Gateway Studio/g, ' ')
  return rest.match(/[A-Za-z]{3,}/g) ?? []
}

const attention = job({
  id: 'att',
  kind: 'video',
  endpoint: '/v1/videos/generations',
  model: 'seedance-video',
  prompt: '可能已计费',
  status: 'needs_attention',
  createdAt: 3_000,
  finishedAt: 3_000,
  tasks: [task({ status: 'needs_attention' })],
  results: []
})
const group = job({
  id: 'grp',
  endpoint: '/v2/images/generations',
  request: { endpoint: 'imagesV2', body: { model: 'studio-image-v3', prompt: '两座灯塔' }, count: 2 },
  prompt: '两座灯塔',
  status: 'running',
  finishedAt: null,
  usage: { total_tokens: 600 },
  billingUnit: 'token',
  tasks: [
    task({ remoteId: 'a', pollCount: 1, lastPolledAt: 1_500 }),
    task({
      id: 't2',
      seq: 1,
      status: 'running',
      remoteId: 'b',
      remoteStatus: 'in_progress',
      progress: 0.4,
      pollCount: 2
    })
  ],
  results: [result()]
})

describe('Queue in 简体中文', () => {
  it('names its filters, rows, polls and actions in Chinese', async () => {
    seed(runningVideo(), group, attention, job({ id: 'sync', prompt: 'a red fox', createdAt: 500 }))
    const { container } = render(<QueueScreen />)
    expect(screen.getByRole('heading', { level: 1, name: '队列' })).toBeInTheDocument()
    expect(screen.getByText('2 个运行中 · 1 个需要处理')).toBeInTheDocument()
    for (const name of ['全部状态', '进行中 2', '需要处理 1', '已完成', '失败或部分完成', '已取消'])
      expect(screen.getByRole('radio', { name })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: '类型' })).toHaveDisplayValue('全部类型')
    const gateway = screen.getByRole('combobox', { name: '网关' })
    expect(within(gateway).getByRole('option', { name: '演示网关' })).toBeInTheDocument()

    const video = rowOf('waves at night')
    expect(within(video).getByText('已轮询 2 次 · 正在轮询')).toBeInTheDocument()
    expect(within(video).getByText(/^上次轮询：.+前$/)).toBeInTheDocument()
    expect(within(video).getByRole('button', { name: '停止跟踪' })).toHaveAccessibleDescription(
      '此网关未设置取消调用：“停止跟踪”只是让应用不再跟踪这个任务，网关仍可能继续运行并计费。'
    )
    expect(within(video).getByRole('progressbar', { name: '“waves at night”的进度' })).toBeInTheDocument()
    expect(within(video).getByText('演示网关')).toBeInTheDocument()
    expect(within(rowOf('可能已计费')).getByRole('button', { name: '重新发送…' })).toBeInTheDocument()
    expect(within(rowOf('可能已计费')).getByText('未收到答复')).toBeInTheDocument()
    expect(within(rowOf('a red fox')).getByText('单次请求，无需轮询')).toBeInTheDocument()
    expect(within(rowOf('a red fox')).getByRole('button', { name: '打开' })).toBeInTheDocument()
    expect(within(rowOf('a red fox')).getByRole('button', { name: '删除…' })).toHaveAttribute('title', '删除')

    const lighthouses = rowOf('两座灯塔')
    expect(lighthouses.querySelector('.tq-meta')).toHaveTextContent(/（2 个子任务）/)
    fireEvent.click(within(lighthouses).getByRole('button', { name: '显示 2 个子任务' }))
    expect(within(lighthouses).getByText(/^本任务用量：600 .+ · 按 Token 计费$/)).toBeInTheDocument()
    const lines = within(lighthouses).getByRole('list', { name: '本任务的子任务' })
    expect(lines).toHaveTextContent('子任务 1')
    expect(lines).toHaveTextContent('40%')
    expect(lines).toHaveTextContent('已轮询 2 次')
    // The gateway's own status word stays as it came, after ours.
    expect(lines).toHaveTextContent('网关状态：in_progress')
    expect(lighthouses).toHaveTextContent('取消：')
    expect(englishWords(container)).toEqual([])
    // Back in English at once; the check sees English where there is some.
    await act(async () => i18n.changeLanguage('en'))
    const jobs = within(screen.getByRole('list', { name: 'Jobs' }))
    expect(jobs.getAllByRole('button', { name: 'Stop tracking' }).length).toBeGreaterThan(0)
    expect(englishWords(container)).toEqual(expect.arrayContaining(['Stop', 'tracking', 'Queue']))
  })

  it('asks before sending again and before deleting, and plays a result, in Chinese', () => {
    const video = runningVideo({
      status: 'succeeded',
      finishedAt: 9_000,
      tasks: [task({ remoteId: 'vtask_1', pollCount: 3, lastPolledAt: 8_000 })],
      results: [result({ kind: 'video', mime: 'video/mp4', width: 320, height: 180, durationMs: 2_000 })]
    })
    seed(video, attention)
    const { container } = render(<QueueScreen />)
    fireEvent.click(within(rowOf('可能已计费')).getByRole('button', { name: '重新发送…' }))
    const resend = screen.getByRole('alertdialog', { name: '重新发送这个请求？' })
    expect(resend).toHaveTextContent('重新发送可能重复计费')
    expect(within(resend).getByText('并已计费').tagName).toBe('STRONG')
    expect(within(resend).getByRole('button', { name: '不发送' })).toBeInTheDocument()
    expect(within(resend).getByRole('button', { name: '重新发送（可能重复计费）' })).toBeInTheDocument()
    expect(within(resend).getByRole('button', { name: '关闭' })).toBeInTheDocument()
    expect(englishWords(container)).toEqual([])
    fireEvent.click(within(resend).getByRole('button', { name: '不发送' }))

    fireEvent.click(within(rowOf('waves at night')).getByRole('button', { name: '删除…' }))
    const remove = screen.getByRole('alertdialog', { name: '删除这个任务？' })
    expect(remove).toHaveTextContent('“waves at night”及其 1 个已保存的文件将从图库中移除。此操作无法撤销。')
    expect(englishWords(container)).toEqual([])
    fireEvent.click(within(remove).getByRole('button', { name: '保留' }))

    fireEvent.click(within(rowOf('waves at night')).getByRole('button', { name: '播放' }))
    const player = screen.getByRole('dialog', { name: '视频' })
    expect(player).toHaveTextContent('320 × 180')
    expect(englishWords(container)).toEqual([])
  })

  it('says what it is for when empty, and counts the badge in Chinese', async () => {
    render(<QueueScreen />)
    expect(await screen.findByText('还没有任务')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '生成视频' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '生成图片' })).toBeInTheDocument()
    seed(runningVideo(), attention)
    render(<Sidebar />)
    expect(screen.getByRole('button', { name: '队列' })).toHaveAccessibleDescription(
      '1 个运行中，1 个需要处理'
    )
  })

  it('names a finished job’s action in the language shown, also after a switch', async () => {
    render(<Sidebar />)
    act(() =>
      noticeOfJob({
        jobId: 'video',
        kind: 'video',
        status: 'succeeded',
        tone: 'ok',
        words: { code: 'ready', model: 'seedance-video' },
        count: 1,
        prompt: 'waves at night',
        hasResult: true,
        at: 1
      })
    )
    const toasts = screen.getByRole('region', { name: '通知' })
    expect(within(toasts).getByRole('button', { name: '播放' })).toBeInTheDocument()
    await act(async () => i18n.changeLanguage('en'))
    expect(within(toasts).getByRole('button', { name: 'Play' })).toBeInTheDocument()
  })
})
