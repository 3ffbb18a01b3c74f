import { z } from 'zod'
import { type FileSettings } from '../../shared/schemas/fileSettings'
import {
  a1111Settings,
  comfySettings,
  fileJson,
  invokeSettings,
  isComfyWorkflow,
  isRecord,
  numberOf,
  safely,
  seedOf,
  settingsFrom,
  sizeOf,
  textOf
} from './foreign'

/*
 * Read back (issue 26): the settings an image file was made with, from the tags ExifTool read in it
 * (`MetadataWriter.readTags`: group-qualified names, values as text). Ours first, as `embed.ts` writes
 * them; then InvokeAI, ComfyUI and A1111, whose readers are in `foreign.ts`. Pure: no file is touched here.
 */

export { a1111Settings, comfySettings, invokeSettings } from './foreign'

/** The tags' values by name, whatever the case ExifTool's version spells a name in. */
type Tag = (name: string) => string | null

function tagReader(tags: Record<string, unknown>): Tag {
  const byName = new Map<string, unknown>()
  for (const name of Object.keys(tags)) byName.set(name.toLowerCase(), tags[name])
  return (name) => textOf(byName.get(name.toLowerCase()))
}

// ---------------------------------------------------------------------------------------------------------
// Gateway Studio: the `gateway-studio` PNG chunk (the whole record) and the XMP fields (`embed.ts`)

/** `xmp:CreatorTool` as our exports write it: the app's name, then its version. */
const OUR_TOOL = /^Gateway Studio(?:\s|$)/

/**
 * The record in the PNG chunk, field by field: a field that does not read is left to the XMP. Lenient
 * where `ProvenanceRecord` is strict, since a file's copy may come from an older or newer app.
 */
const OptionalText = z.string().optional().catch(undefined)
const ChunkRecord = z.looseObject({
  prompt: OptionalText,
  revisedPrompt: OptionalText,
  model: OptionalText,
  endpoint: OptionalText,
  parameters: z.record(z.string(), z.unknown()).optional().catch(undefined),
  seed: z.union([z.number(), z.string()]).optional().catch(undefined),
  gatewayHost: OptionalText,
  jobId: OptionalText,
  resultId: OptionalText,
  batchId: OptionalText
})
type ChunkRecord = z.output<typeof ChunkRecord>

/** The chunk's name with our ExifTool config, and without it (another reader's tags). */
const CHUNK_TAGS = ['PNG:GatewayStudio', 'PNG:Gateway-studio']

function chunkRecord(tag: Tag): ChunkRecord | null {
  for (const name of CHUNK_TAGS) {
    const text = tag(name)
    const parsed = text === null ? null : ChunkRecord.safeParse(fileJson(text))
    if (parsed?.success) return parsed.data
  }
  return null
}

/** The request's parameters as `XMP-gs:Parameters` holds them (JSON text). */
function xmpParameters(tag: Tag): Record<string, unknown> | null {
  const text = tag('XMP-gs:Parameters')
  const value = text === null ? undefined : fileJson(text)
  return isRecord(value) ? value : null
}

/** Where our gateways' bodies put the usual settings: the top, or a provider's `fields` or `extra`. */
function bodyValue(body: Record<string, unknown>, names: readonly string[]): unknown {
  for (const holder of [body, body.fields, body.extra]) {
    if (!isRecord(holder)) continue
    for (const name of names) if (holder[name] !== undefined) return holder[name]
  }
  return undefined
}

/**
 * Our settings, or null when the file is not ours. A file that is ours but holds no settings (a *Public*
 * copy: only `DigitalSourceType` and `CreatorTool`) reads as `gateway-studio` with every field null.
 */
function ourSettings(tags: Record<string, unknown>, tag: Tag): FileSettings | null {
  const record = chunkRecord(tag)
  const hasFields = Object.keys(tags).some((name) => name.toLowerCase().startsWith('xmp-gs:'))
  if (!record && !hasFields)
    return OUR_TOOL.test(tag('XMP-xmp:CreatorTool') ?? '') ? settingsFrom('gateway-studio', {}) : null
  const prompt = record?.prompt ?? tag('XMP-dc:Description')
  const model = record?.model ?? tag('XMP-gs:Model')
  const parameters = record?.parameters ?? xmpParameters(tag)
  // The body as sent: what the app fills its form from. The file's prompt and model win over any
  // `prompt` or `model` a damaged parameter list might also hold.
  const body =
    parameters === null && prompt === null && model === null
      ? null
      : { ...parameters, ...(prompt === null ? {} : { prompt }), ...(model === null ? {} : { model }) }
  const size = sizeOf(body && bodyValue(body, ['size']))
  return settingsFrom('gateway-studio', {
    prompt,
    negativePrompt: body && bodyValue(body, ['negative_prompt']),
    model,
    endpoint: record?.endpoint ?? tag('XMP-gs:Endpoint'),
    body,
    seed: record?.seed ?? seedOf(tag('XMP-gs:Seed')),
    width: size?.width ?? numberOf(body && bodyValue(body, ['width'])),
    height: size?.height ?? numberOf(body && bodyValue(body, ['height'])),
    steps: numberOf(body && bodyValue(body, ['steps', 'num_inference_steps'])),
    guidance: numberOf(body && bodyValue(body, ['guidance_scale', 'cfg_scale', 'guidance'])),
    sampler: body && bodyValue(body, ['sampler', 'sampler_name']),
    scheduler: body && bodyValue(body, ['scheduler']),
    revisedPrompt: record?.revisedPrompt ?? tag('XMP-gs:RevisedPrompt'),
    jobId: record?.jobId ?? tag('XMP-gs:JobId'),
    resultId: record?.resultId ?? tag('XMP-gs:ResultId'),
    batchId: record?.batchId ?? tag('XMP-gs:BatchId'),
    gatewayHost: record?.gatewayHost ?? tag('XMP-gs:GatewayHost')
  })
}

// ---------------------------------------------------------------------------------------------------------
// Which reader a file's tags go to

/** Whether a settings object says anything beyond who made the file. */
const saysSomething = (settings: FileSettings): boolean =>
  Object.entries(settings).some(([key, value]) => key !== 'source' && value !== null)

/** A1111 always writes `Steps`: an EXIF comment without it is some other tool's or a person's. */
const A1111_STEPS = /(?:^|[\s,])Steps: *\d/

/**
 * The settings a file's tags carry, or null when they carry none we know. Ours come first, then
 * InvokeAI's, ComfyUI's and A1111's. A file that only says who made it (a *Public* copy of ours, a ComfyUI
 * file with its UI graph alone) reads as that tool with every field null, after any tool's real settings:
 * a Public copy of an image that came with ComfyUI's chunks still tells what ComfyUI did. Never throws.
 */
export function settingsOf(tags: Record<string, unknown>): FileSettings | null {
  return safely(() => {
    if (!isRecord(tags)) return null
    const tag = tagReader(tags)
    const ours = ourSettings(tags, tag)
    if (ours && saysSomething(ours)) return ours
    const readers: [string, (text: string) => FileSettings | null][] = [
      ['PNG:Invokeai_metadata', invokeSettings],
      ['PNG:Sd-metadata', invokeSettings],
      ['PNG:Prompt', comfySettings],
      ['PNG:Parameters', a1111Settings],
      ['ExifIFD:UserComment', (text) => (A1111_STEPS.test(text) ? a1111Settings(text) : null)]
    ]
    for (const [name, read] of readers) {
      const text = tag(name)
      const settings = text === null ? null : read(text)
      if (settings) return settings
    }
    if (ours) return ours
    const workflow = tag('PNG:Workflow')
    if (workflow !== null && isComfyWorkflow(workflow)) return settingsFrom('comfyui', {})
    return null
  })
}
