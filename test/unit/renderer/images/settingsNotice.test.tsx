import { act, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { ImagesScreen } from '@renderer/features/images/ImagesScreen'
import type { SettingsNotice } from '@renderer/features/images/settingsDraft'
import { useImagesStore } from '@renderer/features/images/store'
import { i18n } from '@renderer/i18n'
import { fakeBackend, resetImagesScreen } from './harness'

/** The Images screen, its model loaded, with the notice "Use these settings" leaves. */
async function showNotice(settings: SettingsNotice): Promise<void> {
  fakeBackend()
  render(<ImagesScreen />)
  await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('gpt-image'))
  act(() => useImagesStore.getState().setNotice({ settings }))
}

describe('Images screen: what "Use these settings" took, under the form', () => {
  beforeEach(() => resetImagesScreen())

  it('says what it took from another tool’s image, and follows a change of language', async () => {
    await showNotice({
      from: 'invokeai',
      how: 'fields',
      taken: ['prompt', 'seed'],
      left: [{ name: 'model', why: 'unlisted', value: 'juggernautXL' }]
    })
    expect(screen.getByRole('status')).toHaveTextContent(
      'Prompt and seed taken from an InvokeAI image. Its model, juggernautXL, is not one of this gateway’s.'
    )
    await act(() => i18n.changeLanguage('zh-CN'))
    expect(screen.getByRole('status')).toHaveTextContent(
      '已从 InvokeAI 图片中取用提示词和随机种子。它使用的模型 juggernautXL 不在当前网关的模型列表中。'
    )
  })

  it('says the model was not checked, not that the gateway lacks it, while the models load', async () => {
    await showNotice({
      from: 'comfyui',
      how: 'fields',
      taken: ['prompt'],
      left: [{ name: 'model', why: 'unchecked', value: 'sd_xl_base_1.0' }]
    })
    expect(screen.getByRole('status')).toHaveTextContent(
      'Prompt taken from a ComfyUI image. Its model, sd_xl_base_1.0, was not taken: this gateway’s models have not loaded yet.'
    )
  })
})
