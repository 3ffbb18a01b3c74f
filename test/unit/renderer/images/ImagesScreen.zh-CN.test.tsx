import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { ImagesScreen } from '@renderer/features/images/ImagesScreen'
import { useImagesStore } from '@renderer/features/images/store'
import { i18n } from '@renderer/i18n'
import { useProfilesStore } from '@renderer/store/profiles'
import { catalog, fakeBackend, profile, resetImagesScreen } from './harness'
import { modelGroups, openModelList, optionName, pickModel } from '../ui/modelPicker'

/** The harness's models, and one on each endpoint it leaves out (partner-b, the v2 task). */
const models = () => ({
  ...catalog,
  models: [
    ...catalog.models,
    { id: 'wan', ownedBy: null, supportedEndpoints: ['/v1/images/partner-b'], billingUnit: 'image' },
    { id: 'async', ownedBy: null, supportedEndpoints: ['/v2/images/generations'], billingUnit: 'image' }
  ]
})

const options = (select: HTMLElement): (string | null)[] =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent)

async function openInChinese(): Promise<void> {
  await i18n.changeLanguage('zh-CN')
  fakeBackend({ 'models.list': models })
  render(<ImagesScreen />)
  await waitFor(() => expect(screen.getByLabelText('模型')).toHaveValue('gpt-image'))
}

/** Picks by "endpoint|model" as the tests name them; the endpoint follows the model (its first). */
const pick = (value: string): void => {
  pickModel(screen.getByLabelText('模型'), value.split('|').pop() ?? value)
}

describe('Images screen in Simplified Chinese', () => {
  beforeEach(() => {
    resetImagesScreen()
  })

  it('names the screen, the form, the model picker, the presets and the results in Chinese', async () => {
    await openInChinese()
    expect(screen.getByRole('heading', { level: 1, name: '生图' })).toBeInTheDocument()
    const form = screen.getByRole('form', { name: '生成图片' })
    // Endpoints by their Chinese names; paths and model ids as the gateway has them.
    const picker = within(form).getByRole('combobox', { name: '模型' })
    expect(modelGroups(picker).map((g) => g.label)).toEqual([
      '同步出图 — /v3/images/generations',
      '流式组图 — /partner-a/v3/images/generations',
      '单张生成 — /v1/images/partner-b',
      '异步任务 — /v2/images/generations',
      '兼容接口 — /v1/images/generations'
    ])
    expect(
      within(openModelList(picker)).getByRole('option', { name: optionName('gpt-image') })
    ).toBeInTheDocument()
    fireEvent.keyDown(picker, { key: 'Escape' })
    expect(screen.getByText('同步返回，按张计费。')).toBeInTheDocument()
    const prompt = screen.getByRole('textbox', { name: '提示词' })
    expect(prompt).toHaveAttribute('placeholder', '描述你想要的画面…')
    const generate = screen.getByRole('button', { name: '生成' })
    expect(generate).toBeDisabled()
    expect(generate).toHaveAccessibleDescription('请填写提示词。')
    fireEvent.change(prompt, { target: { value: '雪地里的红狐狸' } })
    expect(generate).toHaveAccessibleDescription('准备就绪。生成的图片会陆续保存到你的图库。')
    expect(screen.getByText(/^1 张/)).toBeInTheDocument()

    expect(screen.getByRole('combobox', { name: '预设' })).toBeInTheDocument()
    expect(options(screen.getByRole('combobox', { name: '风格' }))).toEqual(['不使用风格'])
    fireEvent.click(screen.getByRole('button', { name: '存为预设…' }))
    const save = screen.getByRole('group', { name: '存为预设' })
    expect(within(save).getByRole('textbox', { name: '预设名称' })).toHaveAttribute('placeholder', '预设名称')
    expect(within(save).getByRole('button', { name: '保存预设' })).toBeDisabled()
    fireEvent.click(within(save).getByRole('button', { name: '取消' }))

    expect(screen.getByRole('heading', { level: 2, name: '生成结果' })).toBeInTheDocument()
    expect(screen.getByText('还没有图片')).toBeInTheDocument()
  })

  it('speaks every field of the per-image endpoint, its options and the form’s own issues', async () => {
    await openInChinese()
    expect(screen.getByRole('region', { name: '参数' })).toBeInTheDocument()
    const count = screen.getByRole('textbox', { name: '张数' })
    expect(screen.getByText('每次请求 1 到 10 张。')).toBeInTheDocument()
    expect(options(screen.getByRole('combobox', { name: '尺寸' }))).toContain('自动')
    expect(options(screen.getByRole('combobox', { name: '输出格式' }))).toEqual(['png', 'jpeg', 'webp'])
    expect(options(screen.getByRole('combobox', { name: '背景' }))).toEqual([
      '模型默认',
      '透明',
      '不透明',
      '自动'
    ])
    expect(options(screen.getByRole('combobox', { name: '内容审核' }))).toEqual(['模型默认', '宽松', '自动'])
    const compression = screen.getByRole('textbox', { name: '压缩率' })
    expect(compression).toBeDisabled()
    expect(compression).toHaveAttribute('placeholder', 'PNG 不使用')
    expect(screen.getByText('仅用于 JPEG 和 WebP。')).toBeInTheDocument()
    fireEvent.change(screen.getByRole('combobox', { name: '输出格式' }), { target: { value: 'jpeg' } })
    expect(compression).toHaveAttribute('placeholder', '模型默认')
    expect(screen.getByText('0 到 100。')).toBeInTheDocument()

    fireEvent.change(count, { target: { value: 'abc' } })
    expect(count).toHaveAccessibleDescription('请填写整数（张数：abc）。')
    fireEvent.change(count, { target: { value: '2' } })
    expect(screen.getByText(/^2 张/)).toBeInTheDocument()
    // The shared pre-flight's rule in Chinese, naming the field by the form's words.
    fireEvent.change(screen.getByRole('combobox', { name: '背景' }), { target: { value: 'transparent' } })
    expect(screen.getByRole('combobox', { name: '背景' })).toHaveAccessibleDescription(
      '透明背景需要 PNG 或 WebP 格式（输出格式：jpeg）。'
    )
  })

  it('speaks the streaming-groups fields, switches and reference images', async () => {
    await openInChinese()
    pick('partnerA|seedream-stream')
    expect(screen.getByText('Partner A 服务商直连：一组图片可以逐张返回。')).toBeInTheDocument()
    const size = screen.getByRole('combobox', { name: '尺寸' })
    expect(screen.getByText('1K、2K、4K 或 宽x高，默认 2K。')).toBeInTheDocument()
    fireEvent.change(size, { target: { value: 'huge' } })
    expect(size).toHaveAccessibleDescription(
      '请填写 1K、2K、4K 或 <width>x<height>，例如 2048x2048（尺寸：huge）。'
    )
    expect(screen.getByRole('textbox', { name: '随机种子' })).toHaveAttribute('placeholder', '随机')
    expect(screen.getByRole('textbox', { name: '引导强度' })).toHaveAttribute('placeholder', '模型默认')
    expect(screen.getByText('通常 1–10，数值越高越贴合提示词。')).toBeInTheDocument()
    expect(options(screen.getByRole('combobox', { name: '输出格式' }))[0]).toBe('默认（JPEG）')
    expect(options(screen.getByRole('combobox', { name: '返回方式' }))).toEqual(['默认', 'url', 'b64_json'])
    expect(screen.getByRole('checkbox', { name: '添加服务商水印' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('checkbox', { name: '生成一组图片（组图）' }))
    const most = screen.getByRole('textbox', { name: '最多张数' })
    fireEvent.change(most, { target: { value: '' } })
    expect(most).toHaveAccessibleDescription('请填写这组图片最多几张，至少 1 张（最多张数）。')
    const stream = screen.getByRole('checkbox', { name: '边生成边显示（流式输出）' })
    expect(stream).toBeInTheDocument()
    expect(
      screen.getByText('模型列表不会标明哪些模型支持流式输出；不支持的模型会被网关以 400 拒绝。')
    ).toBeInTheDocument()

    fireEvent.click(screen.getByText('额外 JSON 字段'))
    const extra = screen.getByRole('textbox', { name: '额外 JSON 字段' })
    expect(extra).toHaveAttribute('placeholder', '{"字段名": "值"}')
    fireEvent.change(extra, { target: { value: '[1]' } })
    expect(extra).toHaveAccessibleDescription('请填写 JSON 对象：{"字段名": 值, …}（额外字段）。')

    const references = screen.getByRole('group', { name: /^参考图/ })
    expect(within(references).getByText('0 / 14')).toBeInTheDocument()
    expect(within(references).getByRole('button', { name: '从图库选择' })).toBeInTheDocument()
    expect(within(references).getByRole('button', { name: '添加文件…' })).toBeInTheDocument()
    expect(within(references).getByText('也可以把图片拖放或粘贴到这里')).toBeInTheDocument()
    const address = within(references).getByRole('textbox', { name: '参考图地址' })
    expect(address).toHaveAttribute('placeholder', '或填写图片地址：https://…')
    fireEvent.change(address, { target: { value: 'not an address' } })
    fireEvent.click(within(references).getByRole('button', { name: '添加地址' }))
    expect(within(references).getByText('请输入以 https:// 开头的网址')).toBeInTheDocument()
    fireEvent.change(address, { target: { value: 'https://example.com/a.png' } })
    fireEvent.click(within(references).getByRole('button', { name: '添加地址' }))
    expect(within(references).getByRole('button', { name: '移除参考图 1' })).toHaveAttribute(
      'title',
      '移除参考图 1'
    )
  })

  it('speaks the single-image size picker with its pixel facts, and the async task’s fields', async () => {
    await openInChinese()
    pick('partnerB|wan')
    const size = screen.getByRole('group', { name: '尺寸' })
    expect(within(size).getByRole('combobox', { name: '档位' })).toHaveValue('2K')
    fireEvent.click(within(size).getByRole('radio', { name: '宽 × 高' }))
    fireEvent.change(within(size).getByRole('textbox', { name: '宽度' }), { target: { value: '500' } })
    fireEvent.change(within(size).getByRole('textbox', { name: '高度' }), { target: { value: '500' } })
    expect(within(size).getByText('250,000 像素 ✗')).toBeInTheDocument()
    expect(within(size).getByText('（768² 至 4096²）')).toBeInTheDocument()
    expect(within(size).getByText('比例 1:1 ✓')).toBeInTheDocument()
    expect(
      within(size).getByText('总像素须在 768×768 到 4096×4096 之间（尺寸：500x500）。')
    ).toBeInTheDocument()
    expect(
      screen.getByText('Partner B 的图片地址约 24 小时后失效，因此每张结果一到就会下载到你的图库。')
    ).toBeInTheDocument()

    pick('imagesV2|async')
    expect(screen.getByRole('combobox', { name: '画面比例' })).toHaveValue('')
    expect(options(screen.getByRole('combobox', { name: '分辨率' }))[0]).toBe('模型默认')
    expect(screen.getByRole('textbox', { name: '张数' })).toHaveValue('1')
    expect(screen.getByText('每张图片各是一个任务，结果放在一起显示。')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: '参考图地址' })).toHaveAttribute(
      'placeholder',
      'https://…（此接口只接受图片地址）'
    )
    expect(screen.getByText('“异步任务”会按地址自行下载参考图。')).toBeInTheDocument()
  })

  it('says when a model refused streaming before, and offers to forget it', async () => {
    useImagesStore.setState({ noStream: ['p1 seedream-stream'] })
    await openInChinese()
    pick('partnerA|seedream-stream')
    const stream = screen.getByRole('checkbox', { name: '边生成边显示（流式输出）' })
    fireEvent.click(stream)
    expect(stream).toHaveAccessibleDescription(
      '这个模型上次拒绝了流式输出：请关掉它，或清除记录后再试（流式输出）。'
    )
    expect(screen.getByText(/^这个模型之前拒绝过流式输出。/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: '清除记录' }))
    expect(stream).not.toHaveAttribute('aria-invalid')
  })

  it('says where in Settings a gateway’s extra field stops the request, naming the demo gateway in Chinese', async () => {
    await openInChinese()
    act(() =>
      useProfilesStore.setState({
        profiles: [{ ...profile, name: 'Demo gateway', extraFields: { partnerA: { n: 2 } } }]
      })
    )
    pick('partnerA|seedream-stream')
    fireEvent.change(screen.getByLabelText('提示词'), { target: { value: '风筝' } })
    expect(screen.getByRole('button', { name: '生成' })).toHaveAccessibleDescription(
      '此接口不接受 `n`：请在“设置 › 网关 › 演示网关 › 额外 JSON 字段”中将它从此网关的额外 JSON 字段里移除。'
    )
  })

  it('keeps its notices as catalog keys, so a shown notice follows a change of language', async () => {
    await openInChinese()
    act(() => useImagesStore.getState().setNotice({ key: 'presetApplied', values: { name: '海报' } }))
    expect(screen.getByRole('status')).toHaveTextContent('已应用预设“海报”。')
    await act(() => i18n.changeLanguage('en'))
    expect(screen.getByRole('status')).toHaveTextContent('Preset “海报” applied.')
    expect(screen.getByRole('button', { name: 'Generate' })).toBeInTheDocument()
  })
})
