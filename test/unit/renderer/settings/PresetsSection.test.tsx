import { render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PresetsSection } from '@renderer/features/settings/PresetsSection'
import { i18n } from '@renderer/i18n'
import { fakeBackend } from '../images/harness'
import { preset, presetBackend } from '../jobs/presets/fakePresets'

function open(
  presets = [preset('images', 'Fox', {}), preset('edit', 'Night', {}), preset('video', 'Harbour', {})]
) {
  fakeBackend(presetBackend({ presets }).handlers)
  render(<PresetsSection />)
}

const rows = async (): Promise<string[]> => {
  const list = screen.getByRole('list', { name: /^(Presets|预设)$/ })
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3))
  return within(list)
    .getAllByRole('listitem')
    .map((item) => [...item.querySelectorAll('span')].map((span) => span.textContent).join(' · '))
}

describe('Settings › Presets and styles', () => {
  it('names where each preset is offered: an image preset on Images and on Compare', async () => {
    open()
    expect(await rows()).toEqual(['Fox · Images, Compare', 'Night · Edit', 'Harbour · Video'])
  })

  it('says so in Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    open()
    expect(await rows()).toEqual(['Fox · 生图、对比', 'Night · 编辑', 'Harbour · 视频'])
  })

  it('says on which screens a preset is saved while there is none', async () => {
    open([])
    expect(
      await screen.findByText('No presets yet: save one on the Images, Compare, Edit or Video screen.')
    ).toBeInTheDocument()
  })
})
