import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { initialVideoState, useVideoStore } from '@renderer/features/video/store'
import { VideoScreen } from '@renderer/features/video/VideoScreen'
import { i18n } from '@renderer/i18n'
import { useAppStore } from '@renderer/store/app'
import { useJobsStore } from '@renderer/store/jobs'
import { connect, job, resetStores, result, runningVideo, task } from '../queue/fixtures'
import { modelGroups, openModelList, optionName } from '../ui/modelPicker'
import { groupView } from '../../../helpers/jobViews'

const catalog = {
  profileId: 'demo',
  fetchedAt: 1,
  models: [
    { id: 'studio-chat', ownedBy: null, supportedEndpoints: ['/v1/chat/completions'], billingUnit: 'token' },
    {
      id: 'seedance-video',
      ownedBy: null,
      supportedEndpoints: ['/v1/videos/generations'],
      billingUnit: 'token'
    }
  ]
}

beforeEach(() => {
  resetStores()
  useVideoStore.setState(initialVideoState)
})

describe('Video screen', () => {
  it('offers only video models, validates as the user types and submits a durable videos job', async () => {
    const submitted: unknown[] = []
    connect({
      'models.list': () => catalog,
      'jobs.list': () => [],
      'jobs.submit': (input) => {
        submitted.push(input)
        return runningVideo({ id: 'new', prompt: 'a paper boat', status: 'pending' })
      }
    })
    render(<VideoScreen />)
    const model = await screen.findByRole('combobox', { name: 'Model' })
    await waitFor(() => expect(model).toHaveValue('seedance-video'))
    expect(modelGroups(model).flatMap((g) => g.ids)).toEqual(['seedance-video'])
    fireEvent.keyDown(model, { key: 'Escape' })

    const duration = screen.getByLabelText('Duration (seconds)')
    fireEvent.change(duration, { target: { value: '0' } })
    expect(duration).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Use a whole number of at least 1 (duration: 0).')).toBeInTheDocument()
    fireEvent.change(duration, { target: { value: '3' } })
    expect(duration).not.toHaveAttribute('aria-invalid')

    // Submitting with an empty prompt shows the issue and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }))
    expect(await screen.findByText('Required: it cannot be empty (prompt).')).toBeInTheDocument()
    expect(submitted).toEqual([])

    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a paper boat' } })
    fireEvent.change(screen.getByLabelText('Size preset'), { target: { value: '0' } })
    expect(screen.getByLabelText('Width')).toHaveValue(1280)
    fireEvent.change(screen.getByLabelText('Resolution'), { target: { value: '1080p' } })
    fireEvent.change(screen.getByLabelText('Audio'), { target: { value: 'off' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }))
    await waitFor(() =>
      expect(submitted).toEqual([
        {
          request: {
            endpoint: 'videos',
            body: {
              model: 'seedance-video',
              prompt: 'a paper boat',
              duration: 3,
              size: '1280x720',
              extra: { resolution: '1080p', generate_audio: false }
            }
          }
        }
      ])
    )
    // The new job shows at once in the list beside the form.
    const recent = await screen.findByRole('list', { name: 'Recent videos' })
    expect(recent).toHaveTextContent('a paper boat')
    expect(useJobsStore.getState().byId.new).toBeDefined()
  })

  it('opens "More options" when an issue hides there, and keeps the draft across navigation', async () => {
    connect({ 'models.list': () => catalog, 'jobs.list': () => [] })
    const { unmount } = render(<VideoScreen />)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('seedance-video'))
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'kept' } })
    fireEvent.change(screen.getByLabelText('Other fields (JSON)'), { target: { value: '{"a":' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }))
    expect(screen.getByText('More options').closest('details')).toHaveAttribute('open')
    unmount()
    render(<VideoScreen />)
    expect(screen.getByLabelText('Prompt')).toHaveValue('kept')
  })

  it('shows the gateway’s refusal next to the form', async () => {
    connect({
      'models.list': () => catalog,
      'jobs.list': () => [],
      'jobs.submit': () => {
        throw new Error('Your balance is too low.')
      }
    })
    render(<VideoScreen />)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('seedance-video'))
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your balance is too low.')
  })

  it('plays finished videos inline with their size and duration; shows progress for the others', async () => {
    const done = runningVideo({
      id: 'done',
      prompt: 'finished clip',
      status: 'succeeded',
      createdAt: 5,
      finishedAt: 9,
      tasks: [task()],
      results: [result({ kind: 'video', mime: 'video/mp4', width: 320, height: 180, durationMs: 2_000 })]
    })
    connect({ 'models.list': () => catalog, 'jobs.list': () => [done, runningVideo()] })
    useJobsStore.getState().upsert(job({ id: 'img', prompt: 'not a video' }))
    render(<VideoScreen />)
    const recent = await screen.findByRole('list', { name: 'Recent videos' })
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(2))
    expect(recent).not.toHaveTextContent('not a video')
    const player = screen.getByLabelText('Video: finished clip')
    expect(player.tagName).toBe('VIDEO')
    expect(recent).toHaveTextContent('320 × 180')
    expect(recent).toHaveTextContent('2.0 s')
    expect(within(recent).getByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      'Running at the gateway'
    )
    fireEvent.click(within(recent).getAllByRole('button', { name: 'Show in Queue' })[0] as HTMLElement)
    expect(useAppStore.getState().screen).toBe('queue')
  })

  it('speaks Simplified Chinese: title, fields, options and the form’s own issues', async () => {
    await i18n.changeLanguage('zh-CN')
    connect({ 'models.list': () => catalog, 'jobs.list': () => [] })
    render(<VideoScreen />)
    expect(screen.getByRole('heading', { level: 1, name: '视频' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: '新建视频' })).toBeInTheDocument()
    // Model ids stay as the gateway names them.
    const model = await screen.findByRole('combobox', { name: '模型' })
    await waitFor(() => expect(model).toHaveValue('seedance-video'))
    expect(
      within(openModelList(model)).getByRole('option', { name: optionName('seedance-video') })
    ).toBeVisible()
    fireEvent.keyDown(model, { key: 'Escape' })
    expect(screen.getByLabelText('提示词')).toBeInTheDocument()
    expect(screen.getByLabelText('时长（秒）')).toHaveValue(5)
    expect(screen.getByRole('group', { name: '尺寸（可选）' })).toBeInTheDocument()
    expect(screen.getByLabelText('宽度')).toBeInTheDocument()
    expect(screen.getByLabelText('高度')).toBeInTheDocument()
    const preset = screen.getByRole('combobox', { name: '尺寸预设' })
    expect(within(preset).getByRole('option', { name: '1280 × 720 · 横屏' })).toBeInTheDocument()
    expect(screen.getByText('更多选项')).toBeInTheDocument()
    expect(screen.getByLabelText('分辨率')).toBeInTheDocument()
    const ratio = screen.getByRole('combobox', { name: '画面比例' })
    expect(within(ratio).getByRole('option', { name: '自适应' })).toHaveValue('adaptive')
    expect(screen.getByLabelText('随机种子')).toHaveAttribute('placeholder', '随机')
    expect(
      within(screen.getByLabelText('水印')).getByRole('option', { name: '网关默认' })
    ).toBeInTheDocument()
    expect(within(screen.getByLabelText('声音')).getByRole('option', { name: '静音' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: '首帧' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('radio', { name: '图片地址' }))
    expect(screen.getByLabelText('其他字段（JSON）')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: '我的视频' })).toBeInTheDocument()
    expect(screen.getByText('还没有视频')).toBeInTheDocument()

    fireEvent.change(screen.getByLabelText('宽度'), { target: { value: '640' } })
    expect(screen.getByText('宽度和高度请同时填写，或都不填。')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: '生成视频' }))
    expect(await screen.findByText('请输入图片的 http(s) 地址。')).toBeInTheDocument()
  })

  it('names a video card’s parts in Simplified Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    connect({ 'models.list': () => catalog, 'jobs.list': () => [runningVideo()] })
    render(<VideoScreen />)
    const recent = await screen.findByRole('list', { name: '最近的视频' })
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(1))
    expect(within(recent).getByRole('button', { name: '在队列中查看' })).toBeInTheDocument()
    expect(within(recent).getByRole('progressbar')).toHaveAccessibleName(/的进度$/)
    expect(recent).toHaveTextContent('已运行')
  })

  it('sends several prompts as one batch of video jobs from the form as it is', async () => {
    const submitted: unknown[] = []
    connect({
      'models.list': () => catalog,
      'jobs.list': () => [],
      'batches.submit': (input) => {
        submitted.push(input)
        return {
          group: groupView({ id: 'g', name: 'waves', screen: 'video' }),
          sent: 2,
          refused: []
        }
      }
    })
    render(<VideoScreen />)
    const model = await screen.findByRole('combobox', { name: 'Model' })
    await waitFor(() => expect(model).toHaveValue('seedance-video'))
    fireEvent.click(screen.getByRole('button', { name: 'Batch…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Batch' })
    fireEvent.change(within(dialog).getByLabelText('Type them'), {
      target: { value: 'waves at night\na harbour\n' }
    })
    // A video job makes one video: the count is of jobs only.
    expect(await within(dialog).findByText('2 jobs')).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Batch name'), { target: { value: 'waves' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 2 jobs' }))
    await waitFor(() => expect(submitted.length).toBe(1))
    expect(submitted[0]).toMatchObject({
      name: 'waves',
      screen: 'video',
      spec: { bases: [{ endpoint: 'videos', body: { model: 'seedance-video', prompt: '' } }] }
    })
  })
})
