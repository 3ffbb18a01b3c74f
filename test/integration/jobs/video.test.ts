import { describe, expect, it } from 'vitest'
import { useStudioAgainstEmulator } from '../../helpers/suite'

describe('video jobs as the Video screen sends them', () => {
  const env = useStudioAgainstEmulator({ name: 'video' })

  const finished = env.finished
  const videoPosts = () =>
    env.emulator.requestLog.filter(
      (entry) => entry.method === 'POST' && entry.path === '/v1/videos/generations'
    )

  it('sends the extra fields under their provider names and stores a playable MP4 with its size and duration', async () => {
    const job = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'videos',
        body: {
          model: 'seedance-video',
          prompt: 'a paper boat',
          duration: 2,
          size: '320x180',
          extra: { resolution: '720p', ratio: '16:9', seed: 7, watermark: false, generate_audio: true }
        }
      }
    })
    const done = await finished(job.id)
    expect(done.status).toBe('succeeded')
    expect(videoPosts()[0]?.bodySummary.fields?.sort()).toEqual(
      [
        'duration',
        'generate_audio',
        'model',
        'prompt',
        'ratio',
        'resolution',
        'seed',
        'size',
        'watermark'
      ].sort()
    )
    const result = done.results[0]
    expect(result).toMatchObject({
      kind: 'video',
      status: 'stored',
      mime: 'video/mp4',
      width: 320,
      height: 180
    })
    expect(result?.durationMs).toBeGreaterThan(0)
    // The library keeps a thumbnail for every video (a placeholder for MP4s), served as `<id>_thumb`.
    expect(await env.studio.backend.resolveMedia(`${result?.mediaId ?? ''}_thumb`)).not.toBeNull()
  })

  it('sends a first frame picked from the library as the image field, read from the library at send time', async () => {
    const image = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'imagesV3',
        body: { model: 'studio-image-v3', prompt: 'first frame', size: '1024x1024' }
      }
    })
    const mediaId = (await finished(image.id)).results[0]?.mediaId ?? ''
    const job = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'videos',
        body: { model: 'seedance-video', prompt: 'it starts here', duration: 1 },
        firstFrame: { mediaId }
      }
    })
    expect((await finished(job.id)).status).toBe('succeeded')
    expect(videoPosts()[0]?.bodySummary.fields).toContain('image')
    // The stored request names the library item, not its bytes.
    expect(JSON.stringify(job.request)).not.toContain('base64')
  })

  it('fails plainly when the first frame left the library before sending', async () => {
    const job = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'videos',
        body: { model: 'seedance-video', prompt: 'orphan', duration: 1 },
        firstFrame: { mediaId: 'f'.repeat(32) }
      }
    })
    const done = await finished(job.id)
    expect(done.status).toBe('failed')
    expect(done.error?.message).toMatch(/no longer in the library/)
    expect(videoPosts()).toHaveLength(0)
  })
})
