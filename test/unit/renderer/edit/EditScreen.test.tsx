import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { EditScreen } from '@renderer/features/edit/EditScreen'
import { useEditStore } from '@renderer/features/edit/store'
import { i18n } from '@renderer/i18n'
import { catalog, fakeBackend, jobView } from '../images/harness'

const MASK_ID = 'd'.repeat(32)
const SOURCE = { mediaId: 'e'.repeat(32), width: 40, height: 30 }

/** The stage at zoom 1 with no pan: a client position is an image pixel (happy-dom lays nothing out). */
function openEditor(): void {
  useEditStore.setState({ prompt: '', model: '', options: { n: '', outputFormat: '' }, submitError: null })
  useEditStore.getState().openSource(SOURCE)
  useEditStore.getState().setView({ zoom: 1, x: 0, y: 0 })
}

const stage = (): HTMLElement => screen.getByTestId('mask-stage')

function drag(from: [number, number], to: [number, number], button = 0): void {
  fireEvent.pointerDown(stage(), { clientX: from[0], clientY: from[1], button, pointerId: 1 })
  for (let i = 1; i <= 4; i++)
    fireEvent.pointerMove(stage(), {
      clientX: from[0] + ((to[0] - from[0]) * i) / 4,
      clientY: from[1] + ((to[1] - from[1]) * i) / 4,
      pointerId: 1
    })
  fireEvent.pointerUp(stage(), { clientX: to[0], clientY: to[1], button, pointerId: 1 })
}

/** A backend that takes the mask into the library and starts the edit job `id`. */
const sendingBackend = (id: string): ReturnType<typeof fakeBackend> =>
  fakeBackend({
    'library.import': () => ({
      mediaId: MASK_ID,
      mime: 'image/png',
      width: 40,
      height: 30,
      bytes: 100,
      createdAt: 1,
      prompt: null
    }),
    'jobs.submit': (input) => jobView({ id, kind: 'edit', request: (input as { request: unknown }).request })
  })

const editor = () => {
  const current = useEditStore.getState().editor
  if (!current) throw new Error('no editor')
  return current
}

describe('Edit screen', () => {
  beforeEach(() => {
    useEditStore.getState().closeSource()
  })

  it('paints and erases the mask from pointer events on the stage, in image pixels', async () => {
    fakeBackend()
    openEditor()
    render(<EditScreen />)
    await screen.findByRole('toolbar', { name: 'Mask tools' })
    act(() => editor().setBrushSize(6))
    drag([5.5, 10.5], [30.5, 10.5])
    expect(editor().state).toBe('idle')
    expect(editor().isPainted(5, 10)).toBe(true)
    expect(editor().isPainted(18, 12)).toBe(true)
    expect(editor().isPainted(18, 14)).toBe(false)
    expect(editor().isPainted(36, 10)).toBe(false)
    expect(screen.getByText(/^Painted: /)).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Eraser' }))
    drag([18.5, 5.5], [18.5, 15.5])
    expect(editor().isPainted(18, 10)).toBe(false)
    expect(editor().isPainted(10, 10)).toBe(true)

    // Pan with the middle button moves the view, not the mask.
    const before = Uint8Array.from(editor().buffer)
    drag([10, 10], [20, 25], 1)
    expect(Uint8Array.from(editor().buffer)).toEqual(before)
    expect(useEditStore.getState().view).toEqual({ zoom: 1, x: 10, y: 15 })
  })

  it('answers B, E, [ ], Ctrl+Z and Ctrl+Shift+Z, but not while typing the prompt', async () => {
    fakeBackend()
    openEditor()
    render(<EditScreen />)
    await screen.findByRole('toolbar', { name: 'Mask tools' })
    act(() => editor().setBrushSize(10))
    drag([10.5, 10.5], [25.5, 10.5])
    const painted = editor().paintedCount()
    fireEvent.keyDown(window, { key: 'e' })
    expect(screen.getByRole('button', { name: 'Eraser' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.keyDown(window, { key: 'b' })
    expect(screen.getByRole('button', { name: 'Brush' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.keyDown(window, { key: ']' })
    expect(screen.getByLabelText('Brush size')).toHaveValue('14')
    fireEvent.keyDown(window, { key: '[' })
    expect(editor().brushSize).toBe(10)
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true })
    expect(editor().isEmpty()).toBe(true)
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true })
    expect(editor().paintedCount()).toBe(painted)
    fireEvent.keyDown(screen.getByLabelText('What should change?'), { key: 'e' })
    expect(editor().tool).toBe('brush')
    fireEvent.click(screen.getByRole('button', { name: 'Invert' }))
    expect(editor().paintedCount()).toBe(40 * 30 - painted)
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(editor().isEmpty()).toBe(true)
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled()
  })

  it('sends the mask as a PNG of the image’s exact size, transparent exactly where painted', async () => {
    const backend = sendingBackend('e1')
    openEditor()
    render(<EditScreen />)
    await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('gpt-image'))
    const send = screen.getByRole('button', { name: 'Send edit' })
    expect(send).toHaveAccessibleDescription('Say what should change.')
    fireEvent.change(screen.getByLabelText('What should change?'), { target: { value: 'make it night' } })
    expect(send).toHaveAccessibleDescription('Paint the area to change (B for the brush).')
    act(() => editor().setBrushSize(8))
    drag([8.5, 8.5], [30.5, 20.5])
    fireEvent.change(screen.getByLabelText('Images'), { target: { value: '2' } })
    fireEvent.change(screen.getByLabelText('Output format'), { target: { value: 'webp' } })
    expect(send).toBeEnabled()
    fireEvent.click(send)
    await waitFor(() => expect(backend.calls.some((c) => c.name === 'jobs.submit')).toBe(true))

    const imported = backend.calls.find((c) => c.name === 'library.import')?.input as {
      data: string
      purpose: string
    }
    expect(imported.purpose).toBe('mask')
    const { data, info } = await sharp(Buffer.from(imported.data, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([info.width, info.height, info.channels]).toEqual([40, 30, 4])
    for (let i = 0; i < 40 * 30; i++) expect(data[i * 4 + 3]).toBe(editor().buffer[i] === 1 ? 0 : 255)
    expect(backend.calls.find((c) => c.name === 'jobs.submit')?.input).toEqual({
      request: {
        endpoint: 'imageEdits',
        body: { model: 'gpt-image', prompt: 'make it night', fields: { n: 2, output_format: 'webp' } },
        images: [{ mediaId: SOURCE.mediaId }],
        mask: { mediaId: MASK_ID }
      }
    })
    expect(
      await screen.findByText(
        'Edit sent. When it is done, the result takes the canvas’s place, next to the original.'
      )
    ).toHaveAttribute('role', 'status')
  })

  it('describes the model picker by the hint when the gateway lists no model that edits (ui/Field)', async () => {
    fakeBackend({ 'models.list': () => ({ ...catalog, models: [] }) })
    openEditor()
    render(<EditScreen />)
    const picker = screen.getByRole('combobox', { name: 'Model' })
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription(
        'No model of this gateway lists /v1/images/edits for your key.'
      )
    )
  })

  it('offers the library, a file and paste when no image is chosen', async () => {
    fakeBackend()
    render(<EditScreen />)
    expect(screen.getByText('Choose an image to edit', { selector: 'p.empty-title' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send edit' })).toHaveAccessibleDescription(
      'Choose an image to edit.'
    )
    fireEvent.click(screen.getByRole('button', { name: 'Pick from library' }))
    expect(await screen.findByRole('dialog', { name: 'Pick an image to edit' })).toBeInTheDocument()
    expect(await screen.findByText('The library is empty')).toBeInTheDocument()
  })

  it('speaks Simplified Chinese: mask tools, the form, its issues and its notices', async () => {
    await i18n.changeLanguage('zh-CN')
    sendingBackend('e2')
    openEditor()
    render(<EditScreen />)
    expect(screen.getByRole('heading', { level: 1, name: '编辑' })).toBeInTheDocument()
    expect(screen.getByText(/40×30 · 蒙版将按此精确尺寸发送/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '关闭图片' })).toBeInTheDocument()
    const tools = await screen.findByRole('toolbar', { name: '蒙版工具' })
    for (const name of ['画笔', '橡皮擦', '撤销', '重做', '反选', '清除', '缩小', '放大'])
      expect(within(tools).getByRole('button', { name })).toBeInTheDocument()
    expect(within(tools).getByRole('button', { name: '画笔' })).toHaveAttribute('title', '画笔（B）')
    act(() => editor().setBrushSize(8))
    expect(within(tools).getByLabelText('画笔大小')).toHaveValue('8')
    expect(tools).toHaveTextContent('8 像素')
    expect(within(tools).getByLabelText('蒙版叠加不透明度')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: '蒙版：涂抹的区域就是模型要修改的部分' })).toBeInTheDocument()
    expect(screen.getByText('画笔', { selector: '.stage-hint', exact: false })).toBeInTheDocument()

    const form = screen.getByRole('form', { name: '编辑请求' })
    await waitFor(() => expect(within(form).getByLabelText('模型')).toHaveValue('gpt-image'))
    expect(within(form).getByLabelText('图片数量')).toBeInTheDocument()
    const format = within(form).getByLabelText('输出格式')
    expect(within(format).getByRole('option', { name: '默认' })).toBeInTheDocument()
    expect(within(format).getByRole('option', { name: 'WebP' })).toHaveValue('webp')
    expect(screen.getByText('还没有涂抹：涂抹的区域就是要修改的部分。')).toBeInTheDocument()
    const send = within(form).getByRole('button', { name: '发送编辑' })
    expect(send).toHaveAccessibleDescription('请描述要修改的内容。')
    fireEvent.change(within(form).getByLabelText('要修改什么？'), { target: { value: '换成夜景' } })
    expect(send).toHaveAccessibleDescription('请涂抹要修改的区域（按 B 使用画笔）。')
    drag([8.5, 8.5], [30.5, 20.5])
    expect(screen.getByText(/^已涂抹：图片的 [\d.]+% 将被修改。$/)).toBeInTheDocument()
    fireEvent.change(within(form).getByLabelText('图片数量'), { target: { value: '20' } })
    expect(send).toHaveAccessibleDescription('图片数量须为 1 到 10 之间的整数。')
    // ui/Field ties the error to its field: described by it and marked invalid while it shows.
    const count = within(form).getByLabelText('图片数量')
    expect(count).toHaveAccessibleDescription('图片数量须为 1 到 10 之间的整数。')
    expect(count).toHaveAttribute('aria-invalid', 'true')
    fireEvent.change(within(form).getByLabelText('图片数量'), { target: { value: '' } })
    expect(send).toHaveAccessibleDescription('准备就绪。蒙版将按图片的精确尺寸发送。')
    expect(count).not.toHaveAttribute('aria-invalid')
    expect(count).not.toHaveAccessibleDescription()
    fireEvent.click(send)
    expect(await screen.findByText('编辑已发送。完成后结果会直接替换画布，和原图并排对比。')).toHaveAttribute(
      'role',
      'status'
    )
    // A notice kept as its key follows a change of language.
    await act(() => i18n.changeLanguage('en'))
    expect(
      screen.getByText(
        'Edit sent. When it is done, the result takes the canvas’s place, next to the original.'
      )
    ).toBeInTheDocument()
  })

  it('offers an image to edit in Simplified Chinese when none is chosen', async () => {
    await i18n.changeLanguage('zh-CN')
    fakeBackend()
    render(<EditScreen />)
    expect(screen.getByText('选择要编辑的图片', { selector: 'p.empty-title' })).toBeInTheDocument()
    expect(screen.getByText('也可以把图片拖放或粘贴到这里')).toBeInTheDocument()
    expect(screen.getByLabelText('要编辑的图片文件')).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: '编辑设置' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '发送编辑' })).toHaveAccessibleDescription(
      '请选择要编辑的图片。'
    )
    fireEvent.click(screen.getByRole('button', { name: '从图库选择' }))
    expect(await screen.findByRole('dialog', { name: '选择要编辑的图片' })).toBeInTheDocument()
  })
})
