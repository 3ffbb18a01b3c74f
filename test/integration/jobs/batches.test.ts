import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import { connectToEmulator, startTestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'
import type { BatchSubmitInput } from '../../../src/shared/schemas/batches'
import { IMAGE_PRICES } from '../../helpers/prices'

const CSV = [
  'prompt,model,size',
  '"a red kite, over the sea",studio-image-v3,',
  'a {small|large} lighthouse,wan-image,1K',
  ',studio-image-v3,',
  'a paper boat,no-such-model,'
].join('\n')

describe('a batch sent from the builder: expanded again, refused rows never sent, its source kept', () => {
  let emulator: RunningEmulator
  const temp = makeTempDir()
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.stop()
    temp.cleanup()
  })

  it('sends the valid rows of a CSV as one group, in order, and keeps the file and spec with it', async () => {
    let studio = startTestBackend(temp.dir, 'batch')
    const profileId = await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    // A capped batch needs its models' prices (P50): an unknown cost is never sent under a cap.
    await studio.api.invoke('prices.set', {
      profileId,
      table: IMAGE_PRICES
    })
    emulator.clearLog()
    const spec: BatchSubmitInput['spec'] = {
      bases: [
        { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: '' } },
        { endpoint: 'partnerB', body: { model: 'wan-image', prompt: '', size: '1K' } }
      ],
      prompts: { kind: 'csv', text: CSV },
      combine: 'rows'
    }
    const sent = await studio.api.invoke('batches.submit', {
      name: 'shoot.csv',
      screen: 'images',
      spec,
      fileName: 'shoot.csv',
      capMicros: 5_000_000
    })
    // Rows 0, 1a, 1b go; the empty prompt (row 3) and the unknown model (row 4) do not.
    expect(sent.sent).toBe(3)
    expect(sent.refused.length).toBe(2)
    expect((await studio.api.invoke('groups.cap', { id: sent.group.id })).capMicros).toBe(5_000_000)
    expect(sent.group.settings).toMatchObject({
      kind: 'batch',
      fileName: 'shoot.csv',
      combine: 'rows',
      jobs: 5
    })
    await studio.backend.engine.waitForIdle()
    const prompts = emulator.requestLog.filter((entry) => entry.method === 'POST').map((entry) => entry.path)
    expect(prompts.length).toBe(3)
    const jobs = await Promise.all(sent.group.jobIds.map((id) => studio.api.invoke('jobs.get', { id })))
    expect(jobs.map((job) => job.prompt)).toEqual([
      'a red kite, over the sea',
      'a small lighthouse',
      'a large lighthouse'
    ])
    expect(jobs.every((job) => job.status === 'succeeded')).toBe(true)

    await studio.backend.close()
    studio = startTestBackend(temp.dir, 'batch')
    const source = await studio.api.invoke('batches.source', { id: sent.group.id })
    expect(source.fileName).toBe('shoot.csv')
    expect(source.spec.prompts).toEqual({ kind: 'csv', text: CSV })
    await studio.backend.close()
  })

  it('refuses a batch with nothing to send, saying what to fix, and makes no group', async () => {
    const studio = startTestBackend(temp.dir, 'empty')
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    emulator.clearLog()
    const before = await studio.api.invoke('groups.list', {})
    await expect(
      studio.api.invoke('batches.submit', {
        name: 'nothing',
        screen: 'images',
        spec: {
          bases: [{ endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: '' } }],
          prompts: { kind: 'lines', text: '\n\n' }
        },
        fileName: null
      })
    ).rejects.toThrow('Nothing in this batch can be sent: There is nothing to make yet.')
    expect(await studio.api.invoke('groups.list', {})).toEqual(before)
    expect(emulator.requestLog.filter((entry) => entry.method === 'POST')).toEqual([])
    await studio.backend.close()
  })
})
