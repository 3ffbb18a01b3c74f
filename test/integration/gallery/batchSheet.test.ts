import { readFileSync } from 'node:fs'
import { unzipSync } from 'fflate'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import type { BatchSheet } from '../../../src/shared/schemas/batches'
import type { ExportProgress } from '../../../src/shared/schemas/gallery'
import { connectToEmulator, exportFinished, startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'
import { IMAGE_PRICES } from '../../helpers/prices'

/** The gateway refuses the first image POST: one job of the batch fails, unbilled. */
const REFUSAL = {
  status: 400,
  error: {
    type: 'invalid_request_error',
    code: 'content_policy_violation',
    message: 'This prompt was refused by the safety system.'
  }
}

describe("a batch's contact sheet: its jobs with their images, verdicts, cost per kept image and export", () => {
  const temp = makeTempDir('gs-sheet-')
  let emulator: RunningEmulator
  let studio: TestBackend
  let profileId: string
  let groupId: string
  let sheet: BatchSheet

  const finished = (exportId: string): Promise<ExportProgress> => exportFinished(studio, exportId)

  beforeAll(async () => {
    emulator = await startEmulator()
    studio = startTestBackend(temp.dir)
    profileId = await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    await studio.api.invoke('prices.set', {
      profileId,
      table: IMAGE_PRICES
    })
    emulator.faults.script('POST /v3/images/generations', REFUSAL)
    const sent = await studio.api.invoke('batches.submit', {
      name: 'kites',
      screen: 'images',
      spec: {
        bases: [
          { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: '' } },
          { endpoint: 'partnerB', body: { model: 'wan-image', prompt: '', size: '1K' } }
        ],
        prompts: { kind: 'lines', text: 'a red kite\n=SUM(A1) a green kite\na blue kite' },
        combine: 'every'
      },
      fileName: null
    })
    expect(sent.sent).toBe(6)
    groupId = sent.group.id
    await studio.backend.engine.waitForIdle()
    sheet = await studio.api.invoke('batches.sheet', { id: groupId })
  })
  afterAll(async () => {
    await studio.backend.close()
    await emulator.stop()
    temp.cleanup()
  })

  it("lists every job in the batch's order with its images, the failed one with the gateway's words", () => {
    expect(sheet.group.id).toBe(groupId)
    expect(sheet.jobs.map((job) => job.id)).toEqual(sheet.group.jobIds)
    expect(sheet.jobs.map((job) => [job.prompt, job.model])).toEqual([
      ['a red kite', 'studio-image-v3'],
      ['a red kite', 'wan-image'],
      ['=SUM(A1) a green kite', 'studio-image-v3'],
      ['=SUM(A1) a green kite', 'wan-image'],
      ['a blue kite', 'studio-image-v3'],
      ['a blue kite', 'wan-image']
    ])
    const failed = sheet.jobs.filter((job) => job.status === 'failed')
    expect(failed.length).toBe(1)
    expect(failed[0]?.model).toBe('studio-image-v3')
    expect(failed[0]?.error?.message).toContain('refused by the safety system')
    expect(failed[0]?.results.filter((r) => r.status === 'stored')).toEqual([])
    for (const job of sheet.jobs.filter((j) => j.status === 'succeeded')) {
      expect(job.results.length).toBeGreaterThan(0)
      for (const result of job.results) expect(result).toMatchObject({ status: 'stored', verdict: null })
      expect(job.results[0]?.mediaId).toEqual(expect.any(String))
      expect(job.currency).toBe('USD')
      expect(job.costMicros).toBe((job.model === 'wan-image' ? 30_000 : 40_000) * job.results.length)
    }
    // The refused job was never billed: the gateway did no work, so it costs nothing.
    expect(failed[0]?.costMicros).toBeNull()
  })

  it('keeps and rejects images, says how many changed, and reads the verdicts back after a restart', async () => {
    const wan = sheet.jobs.filter((job) => job.model === 'wan-image').map((job) => job.results[0]?.id ?? '')
    expect(await studio.api.invoke('results.setVerdict', { ids: wan.slice(0, 2), verdict: 'kept' })).toEqual({
      changed: 2
    })
    // Marking again what is already so changes nothing; an unknown id is left out, not an error.
    expect(
      await studio.api.invoke('results.setVerdict', {
        ids: [wan[0] ?? '', 'no-such-result'],
        verdict: 'kept'
      })
    ).toEqual({ changed: 0 })
    expect(
      await studio.api.invoke('results.setVerdict', { ids: [wan[2] ?? ''], verdict: 'rejected' })
    ).toEqual({
      changed: 1
    })
    await studio.backend.close()
    studio = startTestBackend(temp.dir)
    const again = await studio.api.invoke('batches.sheet', { id: groupId })
    const verdicts = again.jobs
      .filter((job) => job.model === 'wan-image')
      .map((job) => job.results[0]?.verdict)
    expect(verdicts).toEqual(['kept', 'kept', 'rejected'])
    await studio.api.invoke('results.setVerdict', { ids: [wan[2] ?? ''], verdict: null })
    const cleared = await studio.api.invoke('batches.sheet', { id: groupId })
    expect(cleared.jobs.find((job) => job.results[0]?.id === wan[2])?.results[0]?.verdict).toBeNull()
  })

  it('counts the kept images per model beside what the model cost, for a cost per kept image', async () => {
    const byModel = await studio.api.invoke('spend.summary', { by: 'model', groupId })
    const wan = byModel.find((row) => row.key === 'wan-image')
    const v3 = byModel.find((row) => row.key === 'studio-image-v3')
    expect(wan).toMatchObject({ keptImages: 2, countedMicros: 90_000 })
    expect(v3?.keptImages).toBe(0)
  })

  it('exports the kept images with a batch.csv of every job: its files, verdicts, cost, and guarded prompts', async () => {
    const kept = (await studio.api.invoke('batches.sheet', { id: groupId })).jobs.flatMap((job) =>
      job.results.filter((r) => r.verdict === 'kept').map((r) => r.id)
    )
    const started = await studio.api.invoke('gallery.export', {
      selection: { kind: 'ids', ids: kept },
      format: 'zip',
      batchId: groupId,
      timeZone: 'UTC'
    })
    const done = await finished(started.exportId)
    expect(done).toMatchObject({ status: 'succeeded', done: 2 })
    const files = unzipSync(readFileSync(done.path ?? ''))
    const text = Buffer.from(files['batch.csv'] ?? []).toString('utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const rows = Papa.parse<Record<string, string>>(text.slice(1), {
      header: true,
      skipEmptyLines: true
    }).data
    expect(rows.length).toBe(6)
    expect(rows.map((row) => row.job)).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(rows[2]?.prompt).toBe("'=SUM(A1) a green kite")
    expect(rows.filter((row) => row.status === 'failed').length).toBe(1)
    const withFiles = rows.filter((row) => row.files !== '')
    expect(withFiles.length).toBe(2)
    for (const row of withFiles) {
      expect(row.verdicts).toBe('kept')
      expect(row.model).toBe('wan-image')
      expect(row.cost).toBe('0.03')
      expect(row.currency).toBe('USD')
      expect(files[row.files ?? '']?.length).toBeGreaterThan(0)
    }
  })

  it('refuses to export a batch that no longer exists, saying so', async () => {
    const one = sheet.jobs.find((job) => job.results.length > 0)?.results[0]?.id ?? ''
    await expect(
      studio.api.invoke('gallery.export', {
        selection: { kind: 'ids', ids: [one] },
        format: 'zip',
        batchId: 'no-such-batch'
      })
    ).rejects.toThrow('That group of jobs no longer exists.')
    await expect(studio.api.invoke('batches.sheet', { id: 'no-such-batch' })).rejects.toThrow(
      'That group of jobs no longer exists.'
    )
  })
})
