import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeBackend } from '../images/harness'

const KEY = 'gateway-studio.edit.session'
const SOURCE = { mediaId: 'e'.repeat(32), width: 40, height: 30 }
const RESULT = { mediaId: 'a'.repeat(32), width: 40, height: 30 }

describe('the edit screen after a reload', () => {
  beforeEach(() => localStorage.clear())

  it('opens on the saved base of the saved chain, in the saved mode, with the saved inputs', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        chain: [SOURCE, RESULT],
        base: 1,
        inputs: [{ mediaId: 'c'.repeat(32) }],
        mode: 'whole',
        awaiting: 'j9'
      })
    )
    vi.resetModules()
    const { useEditStore, restoredSession } = await import('@renderer/features/edit/store')
    const state = useEditStore.getState()
    expect(restoredSession).toBe(true)
    expect(state.source).toEqual(RESULT)
    expect(state.editor?.width).toBe(40)
    expect(state.chain).toEqual([SOURCE, RESULT])
    expect(state.inputs).toEqual([{ mediaId: 'c'.repeat(32) }])
    expect([state.mode, state.awaiting]).toEqual(['whole', 'j9'])
    // Closing the image forgets the session.
    state.closeSource()
    expect(localStorage.getItem(KEY)).toBeNull()
  })

  it('closes a restored base the library no longer has, and keeps it when the backend only failed', async () => {
    const { useEditStore } = await import('@renderer/features/edit/store')
    const { dropMissingBase } = await import('@renderer/features/edit/useRestoredCheck')
    let answer: { code: string; message: string } = { code: 'offline', message: 'no backend' }
    const backend = fakeBackend({
      'library.info': () => {
        throw Object.assign(new Error(answer.message), answer)
      }
    })
    useEditStore.getState().openSource(SOURCE)
    await dropMissingBase(backend.api)
    expect(useEditStore.getState().source).toEqual(SOURCE)
    answer = { code: 'not_found', message: 'That image is no longer in the library.' }
    await dropMissingBase(backend.api)
    expect(useEditStore.getState().source).toBeNull()
    expect(useEditStore.getState().notice).toEqual({ key: 'imageGone' })
  })
})
