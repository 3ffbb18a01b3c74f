import { z } from 'zod'
import { readJson, type JsonLimits } from '../../shared/json'
import { FILE_TEXT_MAX, FileSettings, type FileSettingsSource } from '../../shared/schemas/fileSettings'

/*
 * The settings other image tools write into their files (issue 26, "Read back"): ComfyUI, InvokeAI and
 * AUTOMATIC1111 (and Forge, which writes the same text). Every reader takes the text of one PNG chunk or
 * EXIF comment as ExifTool read it, trusts none of it, and never throws: what does not read is null and
 * the rest still comes through. `readBack.ts` chooses which reader a file's tags go to.
 */

// ---------------------------------------------------------------------------------------------------------
// What every reader shares

/** Larger than any real workflow graph; longer text is refused before it is parsed at all. */
const JSON_CHARS_MAX = 8_000_000
/** A ComfyUI graph of a thousand nodes stays far below these; a hostile one is refused, not walked. */
export const FILE_JSON_LIMITS: JsonLimits = { maxDepth: 64, maxNodes: 500_000 }

/**
 * A JSON string, or an integer of 16 digits or more outside one. ComfyUI seeds run to 2^64 − 1, beyond
 * what a double holds exactly; quoted before parsing, they come through digit for digit. The lookbehind
 * and lookahead keep the digits of a fraction or an exponent out.
 */
const STRING_OR_BIG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])(-?\d{16,})(?![\d.eE])/g

/** The value of JSON text from a file, or undefined when it is not JSON or is too large or deep. */
export function fileJson(text: string, exactIntegers = false): unknown {
  if (text.length > JSON_CHARS_MAX) return undefined
  const source = exactIntegers
    ? text.replace(STRING_OR_BIG_INTEGER, (match, digits: string | undefined) =>
        digits === undefined ? match : `"${digits}"`
      )
    : text
  const reading = readJson(source, FILE_JSON_LIMITS)
  return reading.ok ? reading.value : undefined
}

/** `read()`, or null if anything in it throws: a file's metadata may break any assumption. */
export function safely<T>(read: () => T): T | null {
  try {
    return read()
  } catch {
    return null
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Text as a file gave it; a number or switch where text was expected is said as text. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean')
    return String(value)
  return null
}

const NUMERIC = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*$/i

/** A finite number, given as a number or as text (ExifTool and A1111 give everything as text). */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string' || value.length > 64 || !NUMERIC.test(value)) return null
  const number = Number(value)
  return Number.isFinite(number) ? number : null
}

/**
 * A seed: a number while a double holds it exactly; beyond that, or written in a way a number would not
 * keep (`0042`, a word), the text as the file gave it.
 */
export function seedOf(value: unknown): number | string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null
  if (typeof value !== 'string') return null
  const text = value.trim()
  if (text === '') return null
  const number = /^-?(?:0|[1-9]\d{0,19})$/.test(text) ? Number(text) : NaN
  return Number.isSafeInteger(number) ? number : text
}

/** A size said as `512x768` (A1111, our gateways' `size`). */
export function sizeOf(value: unknown): { width: number; height: number } | null {
  const match = typeof value === 'string' ? /^\s*(\d{1,7})\s*[x×*]\s*(\d{1,7})\s*$/.exec(value) : null
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null
}

/** Cuts text to `max` characters without leaving half of a surrogate pair at the end. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}

type Field = Exclude<keyof FileSettings, 'source'>
/** What a reader found, field by field, before it is checked. */
export type Found = { [K in Field]?: unknown }

const FIELDS = Object.keys(FileSettings.shape).filter((key): key is Field => key !== 'source')
/** Prompts are cut to length; a longer name, id or seed is damaged, and reads as null. */
const CLIPPED = new Set<Field>(['prompt', 'negativePrompt', 'revisedPrompt'])

/** The settings a reader found, each field checked on its own: one that does not fit is null. */
export function settingsFrom(source: FileSettingsSource, found: Found): FileSettings {
  const settings: Record<string, unknown> = { source }
  for (const field of FIELDS) {
    const value = found[field]
    const fitted = typeof value === 'string' && CLIPPED.has(field) ? clip(value, FILE_TEXT_MAX) : value
    const checked = (FileSettings.shape[field] as z.ZodType).safeParse(fitted ?? null)
    settings[field] = checked.success ? checked.data : null
  }
  return FileSettings.parse(settings)
}

// ---------------------------------------------------------------------------------------------------------
// AUTOMATIC1111 and Forge: the `parameters` text

/** A key of A1111's parameter line: a word character, then words, spaces, `-` and `/`. */
const KEY_CHAR = /[\w \-/]/
const WORD_CHAR = /\w/

/**
 * The `Key: value` pairs of A1111's last line, as its own `parse_generation_parameters` finds them
 * (`\s*(\w[\w \-/]+):\s*("(?:\\.|[^\\"])+"|[^,]*)(?:,|$)`), written out so that it runs in linear time:
 * that expression, retried at every position of a long line with no colon, takes quadratic time.
 */
export function a1111Params(line: string): Map<string, string> {
  const params = new Map<string, string>()
  let at = 0
  while (at < line.length) {
    const colon = line.indexOf(':', at)
    if (colon < 0) break
    // The key is the run of key characters before the colon, from its first word character.
    let start = colon
    while (start > at && KEY_CHAR.test(line.charAt(start - 1))) start--
    while (start < colon && !WORD_CHAR.test(line.charAt(start))) start++
    if (colon - start < 2) {
      at = colon + 1
      continue
    }
    let from = colon + 1
    while (from < line.length && /\s/.test(line.charAt(from))) from++
    let value: string | null = null
    let next = line.length
    if (line.charAt(from) === '"') {
      let end = from + 1
      while (end < line.length && line.charAt(end) !== '"') end += line.charAt(end) === '\\' ? 2 : 1
      // A quoted value counts only when it is closed, not empty, and the pair ends right after it.
      if (end < line.length && end > from + 1 && (end + 1 === line.length || line.charAt(end + 1) === ',')) {
        value = line.slice(from, end + 1)
        next = end + 2
      }
    }
    if (value === null) {
      const comma = line.indexOf(',', from)
      value = line.slice(from, comma < 0 ? line.length : comma)
      next = comma < 0 ? line.length : comma + 1
    }
    params.set(line.slice(start, colon), unquoted(value.trim()))
    at = next
  }
  return params
}

/** A1111 quotes a value that holds a comma or quote as a JSON string. */
function unquoted(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value
  const reading = readJson(value, FILE_JSON_LIMITS)
  return reading.ok && typeof reading.value === 'string' ? reading.value : value
}

const NEGATIVE = 'Negative prompt:'

/**
 * A1111's text: the prompt's lines, then the negative prompt's after `Negative prompt:` (when there is
 * one), then one line of `Key: value` pairs. As A1111 itself reads it, the last line is the parameters only
 * when it holds three pairs or more; each prompt line is trimmed.
 */
export function a1111Settings(text: string): FileSettings | null {
  return safely(() => {
    if (text.trim() === '') return null
    const lines = text.trim().split('\n')
    let params = a1111Params(lines[lines.length - 1] ?? '')
    const promptLines = lines.slice(0, -1)
    if (params.size < 3) {
      promptLines.push(lines[lines.length - 1] ?? '')
      params = new Map()
    }
    const prompt: string[] = []
    let negative: string[] | null = null
    for (const raw of promptLines) {
      let line = raw.trim()
      if (line.startsWith(NEGATIVE)) {
        negative ??= []
        line = line.slice(NEGATIVE.length).trim()
      }
      if (negative) negative.push(line)
      else prompt.push(line)
    }
    const size = sizeOf(params.get('Size'))
    return settingsFrom('a1111', {
      prompt: prompt.join('\n'),
      negativePrompt: negative?.join('\n') ?? null,
      model: params.get('Model'),
      seed: seedOf(params.get('Seed')),
      width: size?.width,
      height: size?.height,
      steps: numberOf(params.get('Steps')),
      guidance: numberOf(params.get('CFG scale')),
      sampler: params.get('Sampler'),
      scheduler: params.get('Schedule type')
    })
  })
}

// ---------------------------------------------------------------------------------------------------------
// ComfyUI: the `prompt` chunk, the graph it ran (node id → { class_type, inputs })

/** An input wired to another node's output: `[node id, output index]`. */
const ComfyLink = z.tuple([z.union([z.string(), z.number()]), z.number()])
const ComfyNode = z.looseObject({
  class_type: z.string(),
  inputs: z.record(z.string(), z.unknown()).catch({})
})
type ComfyNode = z.output<typeof ComfyNode>
type ComfyGraph = ReadonlyMap<string, ComfyNode>

/** How far a chain of links is followed: real chains are a few nodes long, and a loop must end. */
const LINKS_MAX = 16

/** The graph's readable nodes; null when the text is no ComfyUI graph at all. */
function comfyGraph(promptJson: string): ComfyGraph | null {
  const value = fileJson(promptJson, true)
  if (!isRecord(value)) return null
  const graph = new Map<string, ComfyNode>()
  for (const [id, node] of Object.entries(value)) {
    const parsed = ComfyNode.safeParse(node)
    if (parsed.success) graph.set(id, parsed.data)
  }
  return graph.size > 0 ? graph : null
}

/** The node an input is wired to, if it is a link to a node the graph has. */
function linked(graph: ComfyGraph, input: unknown): ComfyNode | null {
  const link = ComfyLink.safeParse(input)
  return link.success ? (graph.get(String(link.data[0])) ?? null) : null
}

/** The inputs of the node an input is wired to, or none. */
const inputsAt = (graph: ComfyGraph, input: unknown): Record<string, unknown> =>
  linked(graph, input)?.inputs ?? {}

/**
 * An input's value: itself, or through links to nodes that only pass one value on (a primitive, a
 * `Seed` or `String Literal` node). A node with more inputs may compute something else from them
 * (concatenate, replace): its value is not known, and reads as null.
 */
function valueOf(graph: ComfyGraph, input: unknown, depth = 0): unknown {
  if (typeof input !== 'object' || input === null) return input
  const node = linked(graph, input)
  if (!node || depth >= LINKS_MAX) return null
  const inputs = Object.values(node.inputs)
  return inputs.length === 1 ? valueOf(graph, inputs[0], depth + 1) : null
}

/** Where a text encoder keeps its prompt: plain, SDXL (`text_g`), Flux and SD3 (`t5xxl`, `clip_g`). */
const TEXT_INPUTS = ['text', 'text_g', 't5xxl', 'clip_g', 'clip_l', 'text_l', 'prompt']

/**
 * The prompt behind a sampler's `positive` or `negative` conditioning: the text of the encoder it comes
 * from, through nodes that pass that conditioning on (a ControlNet's `positive`/`negative`, Flux guidance,
 * a timestep range: one `conditioning` input). A mix of two (combine, concat) is no one prompt: null;
 * so is a zeroed-out one, which says "no prompt" rather than the text it zeroed.
 */
function promptOf(
  graph: ComfyGraph,
  input: unknown,
  slot: 'positive' | 'negative',
  depth = 0
): string | null {
  const node = linked(graph, input)
  if (!node || depth >= LINKS_MAX || node.class_type === 'ConditioningZeroOut') return null
  const key = TEXT_INPUTS.find((name) => name in node.inputs)
  if (key !== undefined) {
    const text = valueOf(graph, node.inputs[key])
    return typeof text === 'string' ? text : null
  }
  const onward = node.inputs[slot] ?? node.inputs.conditioning
  return onward === undefined ? null : promptOf(graph, onward, slot, depth + 1)
}

const MODEL_INPUTS = ['ckpt_name', 'unet_name']

/** The checkpoint a sampler's `model` comes from, through LoRA and patch nodes that pass on a `model`. */
function modelOf(graph: ComfyGraph, input: unknown, depth = 0): string | null {
  const node = linked(graph, input)
  if (!node || depth >= LINKS_MAX) return null
  const key = MODEL_INPUTS.find((name) => name in node.inputs)
  if (key !== undefined) return textOf(valueOf(graph, node.inputs[key]))
  return modelOf(graph, node.inputs.model, depth + 1)
}

/** The one checkpoint the graph loads, when the sampler's chain did not lead to it and there is one. */
function onlyModel(graph: ComfyGraph): string | null {
  const names = new Set<string>()
  for (const node of graph.values()) {
    for (const key of MODEL_INPUTS) {
      const name = textOf(valueOf(graph, node.inputs[key]))
      if (name !== null) names.add(name)
    }
  }
  return names.size === 1 ? ([...names][0] ?? null) : null
}

const EMPTY_LATENT = /^Empty.*Latent/i
const SAMPLER = /^(?:KSampler|SamplerCustom)/
/** The inputs a latent passes through on its way to a sampler (an upscale, a batch pick). */
const LATENT_INPUTS = ['samples', 'latent_image', 'latent']

/**
 * The latent a sampler starts from: its size where a node sets one, and whether it starts empty. A latent
 * that went through another sampler on the way (a refiner's, a hires pass's) does not start empty.
 */
function latentOf(
  graph: ComfyGraph,
  input: unknown
): { width: number | null; height: number | null; empty: boolean } {
  let node = linked(graph, input)
  let sampled = false
  for (let depth = 0; node && depth < LINKS_MAX; depth++) {
    const { inputs } = node
    if ('width' in inputs && 'height' in inputs)
      return {
        width: numberOf(valueOf(graph, inputs.width)),
        height: numberOf(valueOf(graph, inputs.height)),
        empty: !sampled && EMPTY_LATENT.test(node.class_type)
      }
    sampled ||= SAMPLER.test(node.class_type)
    const onward = LATENT_INPUTS.find((name) => name in inputs)
    node = onward === undefined ? null : linked(graph, inputs[onward])
  }
  return { width: null, height: null, empty: false }
}

/** What a sampler was given, whichever of ComfyUI's samplers it is. */
interface Sampling {
  seed: unknown
  steps: unknown
  cfg: unknown
  sampler: unknown
  scheduler: unknown
  positive: unknown
  negative: unknown
  model: unknown
  latent: unknown
}

/**
 * A sampler node's settings. `KSampler` and `KSamplerAdvanced` (and the many `KSampler …` nodes shaped
 * like them) hold all of them; `SamplerCustom` and `SamplerCustomAdvanced` (Flux's templates) spread them
 * over the nodes wired to their `noise`, `guider`, `sampler` and `sigmas`.
 */
function samplingOf(graph: ComfyGraph, node: ComfyNode): Sampling | null {
  const { inputs } = node
  // `KSamplerSelect` only names a sampler for the custom ones: a sampler itself takes a prompt or a latent.
  if (node.class_type.startsWith('KSampler') && ('positive' in inputs || 'latent_image' in inputs))
    return {
      seed: inputs.seed ?? inputs.noise_seed,
      steps: inputs.steps,
      cfg: inputs.cfg,
      sampler: inputs.sampler_name,
      scheduler: inputs.scheduler,
      positive: inputs.positive,
      negative: inputs.negative,
      model: inputs.model,
      latent: inputs.latent_image
    }
  if (node.class_type !== 'SamplerCustom' && node.class_type !== 'SamplerCustomAdvanced') return null
  const custom = node.class_type === 'SamplerCustom'
  const guider = custom ? inputs : inputsAt(graph, inputs.guider)
  const sigmas = inputsAt(graph, inputs.sigmas)
  return {
    seed: custom ? inputs.noise_seed : inputsAt(graph, inputs.noise).noise_seed,
    steps: sigmas.steps,
    cfg: guider.cfg,
    sampler: inputsAt(graph, inputs.sampler).sampler_name,
    scheduler: sigmas.scheduler,
    positive: guider.positive ?? guider.conditioning,
    negative: guider.negative,
    model: guider.model ?? sigmas.model,
    latent: inputs.latent_image
  }
}

/**
 * The settings of the graph a ComfyUI file says it ran. With several samplers (a refiner, a hires pass),
 * the first pass is the one that starts from an empty latent; among equals, the lowest node id.
 */
export function comfySettings(promptJson: string): FileSettings | null {
  return safely(() => {
    const graph = comfyGraph(promptJson)
    if (!graph) return null
    const samplers = [...graph.entries()]
      .map(([id, node]) => ({ id, sampling: samplingOf(graph, node) }))
      .flatMap(({ id, sampling }) =>
        sampling ? [{ id, sampling, latent: latentOf(graph, sampling.latent) }] : []
      )
      .sort(
        (a, b) =>
          Number(b.latent.empty) - Number(a.latent.empty) || a.id.localeCompare(b.id, 'en', { numeric: true })
      )
    const first = samplers[0]
    if (!first) return settingsFrom('comfyui', { model: onlyModel(graph) })
    const { sampling, latent } = first
    return settingsFrom('comfyui', {
      prompt: promptOf(graph, sampling.positive, 'positive'),
      negativePrompt: promptOf(graph, sampling.negative, 'negative'),
      model: modelOf(graph, sampling.model) ?? onlyModel(graph),
      seed: seedOf(valueOf(graph, sampling.seed)),
      width: latent.width,
      height: latent.height,
      steps: numberOf(valueOf(graph, sampling.steps)),
      guidance: numberOf(valueOf(graph, sampling.cfg)),
      sampler: textOf(valueOf(graph, sampling.sampler)),
      scheduler: textOf(valueOf(graph, sampling.scheduler))
    })
  })
}

/** Whether ComfyUI's `workflow` chunk (its UI graph) is one: a sign of who made a file, no settings. */
export function isComfyWorkflow(workflowJson: string): boolean {
  const value = safely(() => fileJson(workflowJson))
  return isRecord(value) && Array.isArray(value.nodes)
}

// ---------------------------------------------------------------------------------------------------------
// InvokeAI: `invokeai_metadata` (3.0 on) and the older `sd-metadata`

const OptionalText = z.string().optional().catch(undefined)
/** A value of any type, or none: the readers above check each one themselves. */
const Anything = z.unknown().optional()

/** The model, as a name (older) or an object naming it (`name` from 4.0, `model_name` in 3.x). */
const InvokeModel = z
  .union([z.string(), z.looseObject({ name: OptionalText, model_name: OptionalText })])
  .optional()
  .catch(undefined)

const InvokeMetadata = z.looseObject({
  positive_prompt: OptionalText,
  negative_prompt: OptionalText,
  model: InvokeModel,
  seed: Anything,
  width: Anything,
  height: Anything,
  steps: Anything,
  cfg_scale: Anything,
  scheduler: OptionalText
})

/** 2.x: a prompt as text, or as weighted parts (a blend). */
const InvokeOldPrompt = z
  .union([z.string(), z.array(z.looseObject({ prompt: z.string(), weight: Anything }))])
  .optional()
  .catch(undefined)

const SdMetadata = z.looseObject({
  model_weights: OptionalText,
  image: z.looseObject({
    prompt: InvokeOldPrompt,
    seed: Anything,
    width: Anything,
    height: Anything,
    steps: Anything,
    cfg_scale: Anything,
    sampler: OptionalText
  })
})

/** A 2.x prompt as InvokeAI's own syntax says it: one part as it is, a blend as `part:weight` parts. */
function oldPrompt(prompt: z.output<typeof InvokeOldPrompt>): string | null {
  if (prompt === undefined) return null
  if (typeof prompt === 'string') return prompt
  if (prompt.length === 1) return prompt[0]?.prompt ?? null
  return prompt.map((part) => `${part.prompt}:${numberOf(part.weight) ?? 1}`).join(' ')
}

/**
 * InvokeAI's metadata JSON, new (`invokeai_metadata`: flat, `positive_prompt`, a model object) or old
 * (`sd-metadata`: `model_weights` and an `image` object). In 2.x a negative prompt was `[bracketed]`
 * inside the prompt: it is left there, not guessed out.
 */
export function invokeSettings(json: string): FileSettings | null {
  return safely(() => {
    const value = fileJson(json, true)
    if (!isRecord(value)) return null
    const old = SdMetadata.safeParse(value)
    if (old.success) {
      const { image } = old.data
      return settingsFrom('invokeai', {
        prompt: oldPrompt(image.prompt),
        model: old.data.model_weights,
        seed: seedOf(image.seed),
        width: numberOf(image.width),
        height: numberOf(image.height),
        steps: numberOf(image.steps),
        guidance: numberOf(image.cfg_scale),
        sampler: image.sampler
      })
    }
    const parsed = InvokeMetadata.safeParse(value)
    if (!parsed.success) return null
    const metadata = parsed.data
    const { model } = metadata
    return settingsFrom('invokeai', {
      prompt: metadata.positive_prompt,
      negativePrompt: metadata.negative_prompt,
      model: typeof model === 'string' ? model : (model?.name ?? model?.model_name),
      seed: seedOf(metadata.seed),
      width: numberOf(metadata.width),
      height: numberOf(metadata.height),
      steps: numberOf(metadata.steps),
      guidance: numberOf(metadata.cfg_scale),
      sampler: metadata.scheduler
    })
  })
}
