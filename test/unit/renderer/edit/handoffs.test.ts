import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { receiveEditHandoffs } from '@renderer/features/edit/handoffs'
import { useEditStore } from '@renderer/features/edit/store'
import { useAppStore } from '@renderer/store/app'
import { offerAsReference, openInEditor } from '@renderer/store/handoff'
import { resultView } from '../images/harness'

describe('hand-offs to the edit screen', () => {
  let off = (): void => undefined
  beforeEach(() => {
    useEditStore.getState().closeSource()
    useEditStore.getState().openViewer({ jobId: 'j1', resultId: 'r1' })
    useAppStore.setState({ screen: 'images' })
    off = receiveEditHandoffs()
  })
  afterEach(() => off())

  it('opens a result under a new mask of its exact size, closes the full view and goes there', () => {
    const result = resultView({ id: 'r1', index: 0, width: 1024, height: 768 })
    openInEditor(result)
    const state = useEditStore.getState()
    expect(state.source).toEqual({ mediaId: result.mediaId, width: 1024, height: 768 })
    expect(state.editor?.isEmpty()).toBe(true)
    expect(state.viewer).toBeNull()
    expect(useAppStore.getState().screen).toBe('edit')
  })

  it('opens nothing whose size is unknown (the mask must match it)', () => {
    openInEditor(resultView({ id: 'r1', index: 0, width: null, height: null }))
    expect(useEditStore.getState().source).toBeNull()
    expect(useEditStore.getState().viewer).not.toBeNull()
    expect(useAppStore.getState().screen).toBe('images')
  })

  it('closes its full view when an image leaves as a reference', () => {
    offerAsReference(resultView({ id: 'r1', index: 0 }))
    expect(useEditStore.getState().viewer).toBeNull()
    expect(useAppStore.getState().screen).toBe('images')
  })
})
