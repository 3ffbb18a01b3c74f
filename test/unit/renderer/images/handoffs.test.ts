import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emptyDraft } from '@renderer/jobs/imageForm/form'
import { receiveImagesHandoffs } from '@renderer/features/images/handoffs'
import { useImagesStore } from '@renderer/features/images/store'
import { useAppStore } from '@renderer/store/app'
import { offerAsReference, openInEditor } from '@renderer/store/handoff'
import { resultView } from './harness'

describe('hand-offs to the image studio', () => {
  let off = (): void => undefined
  beforeEach(() => {
    useImagesStore.setState({ draft: emptyDraft(), viewer: { jobId: 'j1', resultId: 'r1' }, notice: null })
    useAppStore.setState({ screen: 'edit' })
    off = receiveImagesHandoffs()
  })
  afterEach(() => off())

  it('adds a result offered as a reference once, closes the full view and goes to the studio', () => {
    const result = resultView({ id: 'r1', index: 0, width: 1024, height: 768 })
    offerAsReference(result)
    offerAsReference(result)
    const state = useImagesStore.getState()
    expect(state.draft.references).toEqual([
      { kind: 'media', mediaId: result.mediaId, width: 1024, height: 768 }
    ])
    expect(state.viewer).toBeNull()
    expect(state.notice).toEqual({ key: 'addedReference' })
    expect(useAppStore.getState().screen).toBe('images')
  })

  it('takes nothing from a result without a stored file', () => {
    offerAsReference(resultView({ id: 'r1', index: 0, status: 'failed', mediaId: null }))
    expect(useImagesStore.getState().draft.references).toEqual([])
    expect(useImagesStore.getState().viewer).not.toBeNull()
    expect(useAppStore.getState().screen).toBe('edit')
  })

  it('closes its full view when an image leaves for the editor', () => {
    openInEditor(resultView({ id: 'r1', index: 0 }))
    expect(useImagesStore.getState().viewer).toBeNull()
    expect(useAppStore.getState().screen).toBe('edit')
  })
})
