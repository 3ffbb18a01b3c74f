import type { RunningEmulator } from '../../src/emulator'
import type { ApiClient } from '../../src/shared/client'
import type { CommandInput } from '../../src/shared/contract'

/** One user action per job family, as the crash matrix and the soak submit them (issue 11). */
export type JobRequestInput = CommandInput<'jobs.submit'>['request']

export interface JobFamily {
  name: string
  /** The create endpoint, tenant-relative, as the emulator's request log shows it. */
  path: string
  /** Images (or videos) one finished action yields. */
  images: number
  request: (prompt: string) => JobRequestInput
}

export const V1_B64: JobFamily = {
  name: 'sync image v1 (b64_json)',
  path: '/v1/images/generations',
  images: 1,
  request: (prompt) => ({
    endpoint: 'imagesV1',
    body: { model: 'studio-image-compat', prompt, response_format: 'b64_json' }
  })
}

export const V3_URL: JobFamily = {
  name: 'sync image v3 (url)',
  path: '/v3/images/generations',
  images: 1,
  request: (prompt) => ({ endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt } })
}

export const V2_TASK: JobFamily = {
  name: 'v2 image task',
  path: '/v2/images/generations',
  images: 1,
  request: (prompt) => ({
    endpoint: 'imagesV2',
    body: { model: 'studio-image-async', prompt, size: '1:1', resolution: '1K' }
  })
}

export const PARTNER_A_STREAM: JobFamily = {
  name: 'partner-a stream',
  path: '/partner-a/v3/images/generations',
  images: 3,
  request: (prompt) => ({
    endpoint: 'partnerA',
    body: {
      model: 'seedream-stream',
      prompt,
      size: '1280x720',
      sequential_image_generation: 'auto',
      sequential_image_generation_options: { max_images: 3 }
    },
    stream: true
  })
}

export const PARTNER_B: JobFamily = {
  name: 'partner-b',
  path: '/v1/images/partner-b',
  images: 1,
  request: (prompt) => ({ endpoint: 'partnerB', body: { model: 'wan-image', prompt, size: '1K' } })
}

export const VIDEO_TASK: JobFamily = {
  name: 'video task',
  path: '/v1/videos/generations',
  images: 1,
  request: (prompt) => ({ endpoint: 'videos', body: { model: 'seedance-video', prompt, duration: 1 } })
}

export const JOB_FAMILIES = [V1_B64, V3_URL, V2_TASK, PARTNER_A_STREAM, PARTNER_B, VIDEO_TASK]

export const CHAT_PATH = '/v1/chat/completions'

/** A chat message that opens its own conversation; its reply streams 40 tokens (one SSE event each). */
export function chatSend(prompt: string, requestId: string): CommandInput<'chat.send'> {
  return { draft: { model: 'studio-chat', style: 'chat' }, text: `[[tokens=40]] ${prompt}`, requestId }
}

/** Adds the emulator as the active profile, with its ordinary key and its models; returns the profile's id. */
export async function connectToEmulatorOverWire(api: ApiClient, emulator: RunningEmulator): Promise<string> {
  const profile = await api.invoke('profiles.create', {
    name: 'Emulator',
    baseUrl: emulator.baseUrl,
    activate: true
  })
  await api.invoke('secrets.setKey', {
    profileId: profile.id,
    apiKey: emulator.keys.ordinary,
    acceptWeakProtection: true
  })
  await api.invoke('models.refresh', { profileId: profile.id })
  return profile.id
}
