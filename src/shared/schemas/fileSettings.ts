import { z } from 'zod'

/** Prompts run long in the wild (weighted lists, wildcards); longer ones are cut to this, never refused. */
export const FILE_TEXT_MAX = 100_000
/** Names and ids: a model file's path, a sampler, a job id. */
export const FILE_NAME_MAX = 1_000
/** A seed kept as text because it does not fit a double exactly (ComfyUI allows up to 2^64 − 1). */
export const FILE_SEED_MAX = 100
/** Width and height beyond anything a generator makes: larger is a damaged or hostile value. */
export const FILE_SIDE_MAX = 1_000_000

/** The tools whose settings a file can be read for. */
export const FileSettingsSource = z.enum(['gateway-studio', 'comfyui', 'invokeai', 'a1111'])
export type FileSettingsSource = z.output<typeof FileSettingsSource>

const Text = z.string().max(FILE_TEXT_MAX).nullable()
const Name = z.string().max(FILE_NAME_MAX).nullable()
const Count = z.number().int().min(0).max(FILE_SIDE_MAX).nullable()

/**
 * The settings an image file says it was made with, read from the metadata its tool wrote (issue 26,
 * "Read back"). Every field is what the file said or null: a field a tool does not write, or wrote in a
 * shape that does not read, is null and the rest still come through.
 *
 * A file whose tool is known but that carries no settings (a *Public* export of ours, a ComfyUI file with
 * only its UI graph) reads as its `source` with every other field null, so the app can say who made it.
 */
export const FileSettings = z
  .object({
    source: FileSettingsSource,
    prompt: Text,
    negativePrompt: Text,
    model: Name,
    /** Ours only: the gateway endpoint the request went to. */
    endpoint: Name,
    /**
     * Ours only: the request's body as sent (`{ prompt, model, ...parameters }`), to fill the form from.
     * Plain JSON values, bounded in depth and size before they got here.
     */
    body: z.record(z.string().max(FILE_NAME_MAX), z.json()).nullable(),
    seed: z.union([z.number().int(), z.string().max(FILE_SEED_MAX)]).nullable(),
    width: Count,
    height: Count,
    steps: Count,
    /** Classifier-free guidance (CFG scale). */
    guidance: z.number().min(-FILE_SIDE_MAX).max(FILE_SIDE_MAX).nullable(),
    sampler: Name,
    /** The noise schedule where the tool names it apart from the sampler (A1111's "Schedule type"). */
    scheduler: Name,
    revisedPrompt: Text,
    jobId: Name,
    resultId: Name,
    batchId: Name,
    gatewayHost: Name
  })
  .strict()
export type FileSettings = z.output<typeof FileSettings>
