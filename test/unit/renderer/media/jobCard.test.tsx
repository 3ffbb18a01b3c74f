import { render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { JobView, ResultView } from '@shared/schemas/jobs'
import { i18n } from '@renderer/i18n'
import { JobCard, type JobActions } from '@renderer/media/JobCard'
import { groupOfImages } from '../../../helpers/jobViews'
import { fakeBackend, jobView, resultView } from '../images/harness'

const actions: JobActions = { onOpen: vi.fn(), onRemix: vi.fn(), onCopyPrompt: vi.fn() }

const v2Request = { endpoint: 'imagesV2', body: { model: 'm', prompt: 'a kite' }, count: 2 }
const groupRequest = groupOfImages(3)
const task = (id: string, seq: number, status: JobView['tasks'][number]['status']) => ({
  ...jobView({ id: 'x', request: null }).tasks[0]!,
  id,
  seq,
  status
})

/** A finished group of three: two images kept, the third as `last` says. */
const groupEndingIn = (last: Partial<ResultView>): JobView =>
  jobView({
    id: 'j',
    request: groupRequest,
    status: 'succeeded',
    tasks: [task('t1', 0, 'succeeded')],
    results: [
      resultView({ id: 'r0', index: 0 }),
      resultView({ id: 'r1', index: 1 }),
      resultView({ id: 'r2', index: 2, ...last })
    ]
  })

/** A v2 "Images: 2" job whose two tasks wait at the gateway. */
const queuedV2 = (): JobView =>
  jobView({
    id: 'j',
    endpoint: '/v2/images/generations',
    request: v2Request,
    tasks: [task('a', 0, 'queued'), task('b', 1, 'queued')]
  })

function pill(job: JobView): HTMLElement {
  render(<JobCard job={job} actions={actions} />)
  const card = screen.getByRole('article', { name: 'Job: a kite' })
  return card.querySelector('.job-status') as HTMLElement
}

describe('the status of a job card', () => {
  beforeEach(() => {
    fakeBackend()
  })

  it('says queued, not running, while the tasks of a v2 job wait at the gateway', () => {
    const queued = queuedV2()
    const status = pill(queued)
    expect(status).toHaveTextContent('Queued at the gateway')
    expect(status).not.toHaveTextContent('Running')
    expect(status).toHaveAccessibleName('Queued at the gateway: 0 of 2 images')
  })

  it('is not done while an image is still being saved to the library', () => {
    const saving = groupEndingIn({ status: 'pending', mediaId: null })
    const status = pill(saving)
    expect(status).toHaveTextContent('Saving to the library')
    expect(status).not.toHaveTextContent('Done')
    expect(status).toHaveClass('tone-active')
    expect(within(screen.getByRole('article')).getByRole('status')).toBe(status)
  })

  it('reads a group with a failed image as "2 of 3 ready, 1 failed", not in the green of done', () => {
    const partial = groupEndingIn({ status: 'failed', mediaId: null })
    const status = pill(partial)
    expect(status).toHaveTextContent('2 of 3 ready, 1 failed')
    expect(status).toHaveClass('tone-partial')
    expect(status).not.toHaveClass('tone-ok')
  })
})

describe('a job card in 简体中文 (issue 16)', () => {
  beforeEach(async () => {
    fakeBackend()
    await i18n.changeLanguage('zh-CN')
  })

  const card = (job: JobView): HTMLElement => {
    render(<JobCard job={job} actions={actions} />)
    return screen.getByRole('article', { name: '任务：a kite' })
  }

  it('says a v2 job waiting at the gateway in Chinese, with its count of images', () => {
    const queued = queuedV2()
    const status = card(queued).querySelector('.job-status') as HTMLElement
    expect(status).toHaveTextContent('在网关排队中')
    expect(status).toHaveAccessibleName('在网关排队中：已收到 0/2 张图片')
    const slots = within(screen.getByRole('list', { name: '图片' }))
    expect(slots.getByRole('listitem', { name: '第 1 张，共 2 张：正在生成…' })).toBeInTheDocument()
    expect(screen.getByText('异步任务')).toBeInTheDocument()
  })

  it('reads a partly done group in Chinese and keeps its actions in Chinese', () => {
    const partial = groupEndingIn({
      status: 'failed',
      mediaId: null,
      error: { code: 'x', message: 'Output blocked' }
    })
    const element = card(partial)
    expect(element.querySelector('.job-status')).toHaveTextContent('3 张中 2 张已就绪，1 张失败')
    expect(within(element).getByText('第 3 张失败')).toBeInTheDocument()
    // What the gateway said about the image stays as it came.
    expect(within(element).getByText('Output blocked')).toBeInTheDocument()
    expect(within(element).getByRole('button', { name: '复制提示词' })).toBeInTheDocument()
    expect(within(element).getByRole('button', { name: '复用参数' })).toBeInTheDocument()
    expect(within(element).getByRole('button', { name: '收藏第 1 张（共 3 张）' })).toBeInTheDocument()
    expect(element).toHaveTextContent('按张计费')
  })
})
