import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@renderer/i18n'
import { ImagesScreen } from '@renderer/features/images/ImagesScreen'
import { buildRequest, emptyDraft, type Draft } from '@renderer/jobs/imageForm/form'
import { useProfilesStore } from '@renderer/store/profiles'
import { defaultFieldMap } from '@shared/gateway/fieldMap'
import { fakeBackend, profile, resetImagesScreen } from './harness'
import { pickModel } from '../ui/modelPicker'

/**
 * Issue 11, finding 7, in the renderer: the form runs the same pre-flight as the backend and knows the
 * active profile's extras, so a forbidden `n` there stops Generate with the profile's words, not after a send.
 */

const acme = { name: 'Acme', extraFields: { partnerA: { n: 2 } }, fieldMap: defaultFieldMap() }
const message =
  "This endpoint takes no `n`: remove it from this gateway's extra JSON fields in Settings › Gateways › Acme › Extra JSON fields."

const partnerADraft = (): Draft => ({
  ...emptyDraft(),
  prompt: 'a fox',
  model: 'seedream',
  endpoint: 'partnerA'
})
const model = { id: 'seedream', supportedEndpoints: ['/partner-a/v3/images/generations'] }

describe('the generate form and the profile’s extra JSON fields', () => {
  beforeEach(() => {
    resetImagesScreen()
  })

  it('refuses the request with the profile’s words, as its own issue (no form field can fix it)', () => {
    const built = buildRequest(partnerADraft(), model, i18n.t, { profile: acme })
    expect(built.request).toBeNull()
    expect(built.issues).toEqual([{ field: 'profile', message }])
    expect(
      buildRequest(partnerADraft(), model, i18n.t, { profile: { ...acme, extraFields: {} } }).issues
    ).toEqual([])
  })

  it('Generate says why it is off, before anything is sent', async () => {
    const backend = fakeBackend()
    useProfilesStore.setState({
      // A team's own gateway: the built-in demo is named in the reader's language instead.
      profiles: [{ ...profile, kind: 'remote', name: 'Acme', extraFields: { partnerA: { n: 2 } } }]
    })
    render(<ImagesScreen />)
    await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('gpt-image'))
    pickModel(screen.getByLabelText('Model'), 'seedream-stream')
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a fox' } })
    await waitFor(() => expect(screen.getByText(message)).toBeInTheDocument())
    const generate = screen.getByRole('button', { name: 'Generate' })
    expect(generate).toBeDisabled()
    fireEvent.submit(generate.closest('form') as HTMLFormElement)
    expect(backend.calls.some((call) => call.name === 'jobs.submit')).toBe(false)
  })
})
