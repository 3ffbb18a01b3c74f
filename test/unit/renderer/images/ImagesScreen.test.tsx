import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { ImagesScreen } from '@renderer/features/images/ImagesScreen'
import { useImagesStore } from '@renderer/features/images/store'
import { useHandoffStore } from '@renderer/store/handoff'
import { fakeBackend, jobView, resultView, resetImagesScreen } from './harness'
import { modelGroups, pickModel } from '../ui/modelPicker'

const streamRequest = {
  endpoint: 'partnerA',
  body: {
    model: 'seedream-stream',
    prompt: 'a kite',
    watermark: false,
    sequential_image_generation: 'auto',
    sequential_image_generation_options: { max_images: 3 }
  },
  stream: true
}

async function ready(): Promise<void> {
  await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('gpt-image'))
}

describe('Images screen', () => {
  beforeEach(() => {
    resetImagesScreen()
    useHandoffStore.setState({ imagePrompt: null })
  })

  it('offers only image models, grouped by endpoint, and says how the chosen one is billed', async () => {
    fakeBackend()
    render(<ImagesScreen />)
    await ready()
    // A model on several endpoints is listed once, under its first; the endpoint is chosen below.
    expect(modelGroups(screen.getByLabelText('Model'))).toEqual([
      { label: 'Per image — /v3/images/generations', ids: ['gpt-image', 'multi'] },
      { label: 'Streaming groups — /partner-a/v3/images/generations', ids: ['seedream-stream'] },
      { label: 'Compatible — /v1/images/generations', ids: ['compat'] }
    ])
    expect(screen.getAllByText('Billed per image').length).toBeGreaterThan(0)
    expect(screen.getByText('No images yet')).toBeInTheDocument()
  })

  it('validates as the user types: the message sits next to the field and Generate says why it is off', async () => {
    fakeBackend()
    render(<ImagesScreen />)
    await ready()
    const generate = screen.getByRole('button', { name: 'Generate' })
    expect(generate).toBeDisabled()
    expect(generate).toHaveAccessibleDescription('Write a prompt.')
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a fox' } })
    expect(generate).toBeEnabled()
    fireEvent.change(screen.getByLabelText('Output format'), { target: { value: 'jpeg' } })
    fireEvent.change(screen.getByLabelText('Background'), { target: { value: 'transparent' } })
    // The rule first, in a designer's words; the field it is about second.
    const message = 'A transparent background needs PNG or WebP (output format: jpeg).'
    expect(screen.getByLabelText('Background')).toHaveAccessibleDescription(message)
    expect(screen.getByLabelText('Background')).toHaveAttribute('aria-invalid', 'true')
    expect(generate).toBeDisabled()
    expect(generate).toHaveAccessibleDescription(message)
    // Untouched fields keep quiet until the user tries to send.
    expect(screen.getByRole('textbox', { name: 'Images' })).not.toHaveAttribute('aria-invalid')
  })

  it('sends what preflight accepted and fills a streamed group slot by slot as images arrive', async () => {
    const submitted = jobView({ id: 'j1', request: streamRequest })
    const backend = fakeBackend({ 'jobs.submit': () => submitted })
    render(<ImagesScreen />)
    await ready()
    pickModel(screen.getByLabelText('Model'), 'seedream-stream')
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a kite' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Generate a group of images' }))
    fireEvent.change(screen.getByLabelText('Max images'), { target: { value: '3' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show images as they arrive (stream)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(backend.calls.some((c) => c.name === 'jobs.submit')).toBe(true))
    expect(backend.calls.find((c) => c.name === 'jobs.submit')?.input).toEqual({ request: streamRequest })

    await screen.findByRole('article', { name: 'Job: a kite' })
    // Found again at each look: a busy machine may lay the list out anew between two (a new element).
    const card = (): HTMLElement => screen.getByRole('article', { name: 'Job: a kite' })
    expect(
      within(card())
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label'))
    ).toEqual(['Image 1 of 3: Generating…', 'Image 2 of 3: Generating…', 'Image 3 of 3: Generating…'])
    // The second image comes first: it takes its own slot, the others keep waiting.
    const second = resultView({ id: 'r2', index: 1 })
    act(() =>
      backend.emit('jobs.partial', {
        jobId: 'j1',
        result: second,
        job: { ...submitted, status: 'running', results: [second] }
      })
    )
    // Found, not got: the partial reaches the card through the jobs mirror, which a loaded machine (CI, the
    // whole suite at once) can draw a moment after the event.
    expect(
      await within(card()).findByRole('button', { name: 'Image 2 of 3, 2048×2048: open full view' })
    ).toBeInTheDocument()
    expect(within(card()).getAllByRole('listitem', { name: /Generating/ })).toHaveLength(2)
    expect(within(card()).getByRole('status')).toHaveAccessibleName('Running at the gateway: 1 of 3 images')
    act(() =>
      backend.emit(
        'jobs.updated',
        jobView({
          id: 'j1',
          request: streamRequest,
          status: 'succeeded',
          tasks: [{ ...submitted.tasks[0]!, status: 'succeeded' }],
          results: [
            resultView({ id: 'r1', index: 0 }),
            resultView({ id: 'r2', index: 1 }),
            resultView({
              id: 'r3',
              index: 2,
              status: 'failed',
              mediaId: null,
              error: {
                code: 'OutputImageSensitiveContentDetected',
                message: 'The output image may be sensitive.'
              }
            })
          ],
          usage: { generated_images: 2, total_tokens: 32768 }
        })
      )
    )
    expect(within(card()).getAllByRole('button', { name: /open full view/ })).toHaveLength(2)
    expect(within(card()).getByRole('listitem', { name: 'Image 3 of 3 failed' })).toHaveTextContent(
      'The output image may be sensitive.'
    )
    // One image of the group failed: not the "Done" of a job whose every image is kept.
    expect(within(card()).getByText('2 of 3 ready, 1 failed')).toBeInTheDocument()
    expect(within(card()).queryByText('Done')).toBeNull()
    expect(within(card()).getByText(/2 images · 32,768 tokens/)).toBeInTheDocument()
    // The group's usage is the job's: said once on its card, not again under each of its images.
    fireEvent.click(within(card()).getByRole('button', { name: 'Image 1 of 3, 2048×2048: open full view' }))
    const viewer = screen.getByRole('dialog', { name: 'Image 1 of 2' })
    expect(within(viewer).queryByText(/32,768/)).toBeNull()
    expect(within(viewer).getByText(/Reported for the whole job/)).toBeInTheDocument()
  })

  it('opens the full view with the image facts, favorites, and remixes back into the form', async () => {
    const done = jobView({
      id: 'j1',
      request: streamRequest,
      status: 'succeeded',
      tasks: [{ ...jobView({ id: 'x', request: null }).tasks[0]!, status: 'succeeded' }],
      results: [resultView({ id: 'r1', index: 0, revisedPrompt: 'a red kite over dunes' })]
    })
    const backend = fakeBackend({
      'jobs.list': () => [done],
      'results.setFavorite': () => ({ id: 'r1', favorite: true })
    })
    render(<ImagesScreen />)
    await ready()
    // The stage draws its image only once its canvas has a size, which jsdom never lays out.
    const size = { clientWidth: 1200, clientHeight: 800 }
    for (const [key, value] of Object.entries(size))
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value })
    try {
      fireEvent.click(await screen.findByRole('button', { name: 'Image 1 of 1, 2048×2048: open full view' }))
    } finally {
      for (const key of Object.keys(size)) Reflect.deleteProperty(HTMLElement.prototype, key)
    }
    const viewer = screen.getByRole('dialog', { name: 'Image 1 of 1' })
    expect(within(viewer).getByRole('img', { name: 'a kite' })).toHaveAttribute(
      'src',
      `/media/${'a'.repeat(31)}0`
    )
    expect(within(viewer).getByText('a red kite over dunes')).toBeInTheDocument()
    fireEvent.click(within(viewer).getByRole('button', { name: '☆ Favorite' }))
    await waitFor(() =>
      expect(backend.calls.find((c) => c.name === 'results.setFavorite')?.input).toEqual({
        id: 'r1',
        favorite: true
      })
    )
    fireEvent.click(within(viewer).getByRole('button', { name: 'Remix' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByLabelText('Model')).toHaveValue('seedream-stream')
    expect(screen.getByLabelText('Prompt')).toHaveValue('a kite')
    expect(screen.getByLabelText('Max images')).toHaveValue('3')
    expect(screen.getByRole('checkbox', { name: 'Show images as they arrive (stream)' })).toBeChecked()
  })

  it('takes a prompt handed over from the chat when it opens', async () => {
    useHandoffStore.getState().setImagePrompt('a castle made of glass')
    fakeBackend()
    render(<ImagesScreen />)
    await ready()
    expect(screen.getByLabelText('Prompt')).toHaveValue('a castle made of glass')
    expect(useHandoffStore.getState().imagePrompt).toBeNull()
  })

  it('remembers a model whose stream request the gateway refused, and stops the next one before sending', async () => {
    const backend = fakeBackend()
    render(<ImagesScreen />)
    await ready()
    act(() =>
      backend.emit(
        'jobs.updated',
        jobView({
          id: 'j9',
          request: streamRequest,
          status: 'failed',
          tasks: [],
          error: {
            code: 'stream_not_supported',
            message: 'Model "seedream-stream" does not support streaming',
            view: {
              kind: 'invalid',
              title: 'The gateway refused the request',
              message: 'Model "seedream-stream" does not support streaming',
              action: 'fix_input',
              status: 400,
              code: 'stream_not_supported'
            }
          }
        })
      )
    )
    expect(useImagesStore.getState().noStream).toEqual(['p1 seedream-stream'])
    expect(JSON.parse(localStorage.getItem('gs.images.noStream') ?? '[]')).toEqual(['p1 seedream-stream'])
    const card = screen.getByRole('article', { name: 'Job: a kite' })
    expect(within(card).getByRole('alert')).toHaveTextContent('does not support streaming')
    fireEvent.click(within(card).getByRole('button', { name: 'Remix without streaming' }))
    const toggle = screen.getByRole('checkbox', { name: 'Show images as they arrive (stream)' })
    expect(toggle).not.toBeChecked()
    fireEvent.click(toggle)
    expect(toggle).toHaveAccessibleDescription(
      'This model refused streaming last time: turn it off, or try again to check (stream).'
    )
    fireEvent.click(screen.getByRole('button', { name: 'Forget that' }))
    expect(toggle).not.toHaveAttribute('aria-invalid')
  })

  it('adds pasted images as references through the library and removes them again', async () => {
    const backend = fakeBackend({
      'library.import': () => ({
        mediaId: 'c'.repeat(32),
        mime: 'image/png',
        width: 8,
        height: 8,
        bytes: 70,
        createdAt: 1,
        prompt: null
      })
    })
    render(<ImagesScreen />)
    await ready()
    pickModel(screen.getByLabelText('Model'), 'seedream-stream')
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ref.png', { type: 'image/png' })
    const paste = new Event('paste', { bubbles: true, cancelable: true })
    Object.defineProperty(paste, 'clipboardData', { value: { files: [file], types: ['Files'] } })
    act(() => {
      document.dispatchEvent(paste)
    })
    const list = await screen.findByRole('list', { name: 'Reference images' })
    expect(within(list).getByRole('img', { name: 'Reference image 1' })).toHaveAttribute(
      'src',
      `/media/${'c'.repeat(32)}_thumb`
    )
    expect(backend.calls.find((c) => c.name === 'library.import')?.input).toEqual({
      data: 'iVBORw==',
      purpose: 'image'
    })
    expect(screen.getByText('1 of 14')).toBeInTheDocument()
    const remove = within(list).getByRole('button', { name: 'Remove reference image 1' })
    // ui/IconButton: its name is its tooltip too, and it draws an icon instead of a bare ×.
    expect(remove).toHaveAttribute('title', 'Remove reference image 1')
    expect(remove).not.toHaveTextContent('×')
    fireEvent.click(remove)
    expect(screen.queryByRole('list', { name: 'Reference images' })).toBeNull()
  })

  it('lets the user choose the endpoint of a model listed on several, and says when billing is unknown', async () => {
    fakeBackend()
    render(<ImagesScreen />)
    await ready()
    pickModel(screen.getByLabelText('Model'), 'multi')
    const choice = screen.getByRole('group', { name: 'Endpoint' })
    expect(within(choice).getByRole('radio', { name: /Per image/ })).toBeChecked()
    expect(screen.getByText('The gateway does not say how this model is billed')).toBeInTheDocument()
    fireEvent.click(within(choice).getByRole('radio', { name: /Streaming groups/ }))
    expect(screen.getByLabelText('Model')).toHaveValue('multi')
    expect(within(choice).getByRole('radio', { name: /Streaming groups/ })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Show images as they arrive (stream)' })).toBeInTheDocument()
  })

  it('adds dropped files and library picks as references, up to the endpoint’s limit', async () => {
    let next = 0
    const image = (id: string) => ({
      mediaId: id,
      mime: 'image/png',
      width: 8,
      height: 8,
      bytes: 70,
      createdAt: 1,
      prompt: null
    })
    const backend = fakeBackend({
      'library.import': () => image(String(next++).repeat(32).slice(0, 32)),
      'library.recent': () => ({
        items: ['a', 'b', 'c'].map((c) => ({ ...image(c.repeat(32)), prompt: `picture ${c}` })),
        hasMore: false
      })
    })
    render(<ImagesScreen />)
    await ready()
    pickModel(screen.getByLabelText('Model'), 'seedream-stream')
    const png = (name: string) => new File([new Uint8Array([0x89, 0x50])], name, { type: 'image/png' })
    const gif = new File([new Uint8Array([0x47, 0x49])], 'anim.gif', { type: 'image/gif' })
    fireEvent.drop(screen.getByRole('form', { name: 'Generate images' }), {
      dataTransfer: { files: [png('one.png'), gif], types: ['Files'] }
    })
    const list = await screen.findByRole('list', { name: 'Reference images' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(screen.getByRole('alert')).toHaveTextContent('anim.gif is not a PNG, JPEG or WebP image.')
    expect(backend.calls.filter((c) => c.name === 'library.import')).toHaveLength(1)

    fireEvent.click(screen.getByRole('button', { name: 'From library' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pick reference images' })
    fireEvent.click(await within(dialog).findByRole('button', { name: '“picture a”, 8×8' }))
    fireEvent.click(within(dialog).getByRole('button', { name: '“picture c”, 8×8' }))
    expect(within(dialog).getByText('2 of 13 chosen')).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 images' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByText('3 of 14')).toBeInTheDocument()
  })
})
