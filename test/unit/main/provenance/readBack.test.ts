import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../../helpers/random'
import { a1111Params, isComfyWorkflow } from '../../../../src/main/provenance/foreign'
import {
  a1111Settings,
  comfySettings,
  invokeSettings,
  settingsOf
} from '../../../../src/main/provenance/readBack'
import { FILE_TEXT_MAX, FileSettings } from '../../../../src/shared/schemas/fileSettings'
import { noSettings as nothing } from '../../../helpers/provenance'

/** A reader's answer, which must also be what the IPC schema lets through. */
function valid(settings: FileSettings | null): FileSettings | null {
  if (settings !== null) expect(FileSettings.safeParse(settings).success).toBe(true)
  return settings
}

// ---------------------------------------------------------------------------------------------------------
// AUTOMATIC1111 / Forge

const A1111_TEXT = [
  'masterpiece, a red fox in snow,',
  '  looking back over its shoulder  ',
  'Negative prompt: blurry, lowres,',
  'watermark',
  'Steps: 28, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 6.5, Seed: 1234567890, Size: 512x768, ' +
    'Model hash: 6ce0161689, Model: v1-5-pruned-emaonly, Denoising strength: 0.4, ' +
    'Lora hashes: "fox: 1a2b3c, snow: 4d5e6f", Version: v1.10.1'
].join('\n')

/**
 * A1111's own reading (modules/infotext_utils.py), kept as the expression it uses: the oracle the linear
 * `a1111Params` is held to. Values are compared trimmed and unquoted, as the settings use them.
 */
function a1111Oracle(line: string): Map<string, string> {
  const params = new Map<string, string>()
  for (const [, key, raw] of line.matchAll(/\s*(\w[\w \-/]+):\s*("(?:\\.|[^\\"])+"|[^,]*)(?:,|$)/g)) {
    let value = (raw ?? '').trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      try {
        const parsed: unknown = JSON.parse(value)
        if (typeof parsed === 'string') value = parsed
      } catch {
        // A1111 keeps a value it cannot unquote as it is.
      }
    }
    params.set(key ?? '', value)
  }
  return params
}

describe('a1111Settings: the `parameters` text of AUTOMATIC1111 and Forge', () => {
  it('reads a multi-line prompt, the negative prompt and every setting', () => {
    expect(valid(a1111Settings(A1111_TEXT))).toEqual({
      ...nothing('a1111'),
      prompt: 'masterpiece, a red fox in snow,\nlooking back over its shoulder',
      negativePrompt: 'blurry, lowres,\nwatermark',
      model: 'v1-5-pruned-emaonly',
      seed: 1234567890,
      width: 512,
      height: 768,
      steps: 28,
      guidance: 6.5,
      sampler: 'DPM++ 2M',
      scheduler: 'Karras'
    })
  })

  it('reads a file without a negative prompt, and Windows line ends', () => {
    const text =
      'a lighthouse at dusk\r\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 42, Size: 1024x1024\r\n'
    expect(valid(a1111Settings(text))).toMatchObject({
      prompt: 'a lighthouse at dusk',
      negativePrompt: null,
      model: null,
      seed: 42,
      width: 1024,
      height: 1024,
      sampler: 'Euler a',
      scheduler: null
    })
  })

  it('unquotes values that hold commas and quotes', () => {
    const text =
      'a cat\nSteps: 20, Sampler: "Euler, but quoted", Model: "my \\"best\\", model", CFG scale: 7, Seed: 1'
    const settings = valid(a1111Settings(text))
    expect(settings?.sampler).toBe('Euler, but quoted')
    expect(settings?.model).toBe('my "best", model')
    expect(settings?.steps).toBe(20)
  })

  it('reads a Chinese prompt whole', () => {
    const text =
      '雪中的红狐狸，回头看\n第二行\nNegative prompt: 模糊\nSteps: 30, Sampler: Euler, Seed: 7, Size: 768x512'
    expect(valid(a1111Settings(text))).toMatchObject({
      prompt: '雪中的红狐狸，回头看\n第二行',
      negativePrompt: '模糊',
      seed: 7,
      width: 768
    })
  })

  it('takes a last line with fewer than three settings as part of the prompt, as A1111 does', () => {
    expect(valid(a1111Settings('a dog\nStyle: photo, Mood: calm'))).toEqual({
      ...nothing('a1111'),
      prompt: 'a dog\nStyle: photo, Mood: calm'
    })
    expect(valid(a1111Settings('only a prompt'))).toEqual({ ...nothing('a1111'), prompt: 'only a prompt' })
  })

  it('gives an empty prompt when the text starts with the negative prompt', () => {
    const settings = valid(a1111Settings('Negative prompt: ugly\nSteps: 9, Seed: 3, Sampler: Euler'))
    expect(settings).toMatchObject({ prompt: '', negativePrompt: 'ugly', steps: 9 })
  })

  it('keeps a seed too large for a number as its digits', () => {
    const settings = a1111Settings('x\nSteps: 1, Sampler: Euler, Seed: 18446744073709551615')
    expect(settings?.seed).toBe('18446744073709551615')
  })

  it('gives null for what does not read, and the rest', () => {
    const settings = valid(
      a1111Settings('x\nSteps: many, Sampler: Euler, Seed: , Size: huge, CFG scale: 1e999')
    )
    expect(settings).toMatchObject({ prompt: 'x', steps: null, seed: null, width: null, guidance: null })
    expect(settings?.sampler).toBe('Euler')
    expect(a1111Settings('')).toBeNull()
    expect(a1111Settings('  \n ')).toBeNull()
  })

  it('cuts a huge prompt to the limit, and reads a huge line without a colon in linear time', () => {
    const huge = 'fox '.repeat(75_000)
    const settings = valid(a1111Settings(`${huge}\nSteps: 1, Sampler: Euler, Seed: 2`))
    expect(settings?.prompt).toHaveLength(FILE_TEXT_MAX)
    expect(settings?.seed).toBe(2)
    const started = Date.now()
    expect(a1111Params('word '.repeat(400_000)).size).toBe(0)
    expect(valid(a1111Settings(`p\n${'a b '.repeat(250_000)}`))?.steps).toBeNull()
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('finds the same pairs as A1111 own expression, on random lines', () => {
    const random = seededRandom(26)
    const alphabet = ['a', 'Steps', ' ', ' ', ':', ':', ',', ',', '"', '\\', '-', '/', '7', 'x', '\t', 'é']
    for (let run = 0; run < 500; run++) {
      let line = ''
      const length = Math.floor(random() * 40)
      for (let index = 0; index < length; index++) line += alphabet[Math.floor(random() * alphabet.length)]
      expect(Object.fromEntries(a1111Params(line)), JSON.stringify(line)).toEqual(
        Object.fromEntries(a1111Oracle(line))
      )
    }
    expect(Object.fromEntries(a1111Params(A1111_TEXT.split('\n')[4] ?? ''))).toEqual(
      Object.fromEntries(a1111Oracle(A1111_TEXT.split('\n')[4] ?? ''))
    )
  })
})

// ---------------------------------------------------------------------------------------------------------
// ComfyUI

/** ComfyUI's default text-to-image graph, as its API format (the `prompt` chunk) holds it. */
const comfyDefault = (): Record<string, { class_type: string; inputs: Record<string, unknown> }> => ({
  '3': {
    class_type: 'KSampler',
    inputs: {
      seed: 156680208700286,
      steps: 20,
      cfg: 8,
      sampler_name: 'euler',
      scheduler: 'normal',
      denoise: 1,
      model: ['4', 0],
      positive: ['6', 0],
      negative: ['7', 0],
      latent_image: ['5', 0]
    }
  },
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'v1-5-pruned-emaonly.safetensors' } },
  '5': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 768, batch_size: 1 } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a red fox in snow', clip: ['4', 1] } },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: 'text, watermark', clip: ['4', 1] } },
  '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
  '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'ComfyUI', images: ['8', 0] } }
})

const COMFY_DEFAULT: FileSettings = {
  ...nothing('comfyui'),
  prompt: 'a red fox in snow',
  negativePrompt: 'text, watermark',
  model: 'v1-5-pruned-emaonly.safetensors',
  seed: 156680208700286,
  width: 512,
  height: 768,
  steps: 20,
  guidance: 8,
  sampler: 'euler',
  scheduler: 'normal'
}

describe('comfySettings: the graph in the `prompt` chunk', () => {
  it('reads the default graph (KSampler)', () => {
    expect(valid(comfySettings(JSON.stringify(comfyDefault())))).toEqual(COMFY_DEFAULT)
  })

  it('reads KSamplerAdvanced, and picks the first pass of a base-and-refiner graph', () => {
    const graph = {
      '10': {
        class_type: 'KSamplerAdvanced',
        inputs: {
          noise_seed: 99,
          steps: 25,
          cfg: 7,
          sampler_name: 'dpmpp_2m',
          scheduler: 'karras',
          model: ['4', 0],
          positive: ['6', 0],
          negative: ['7', 0],
          latent_image: ['5', 0]
        }
      },
      // The refiner comes first by id, and starts from the base pass's latent: not the one to read.
      '2': {
        class_type: 'KSamplerAdvanced',
        inputs: {
          noise_seed: 1,
          steps: 5,
          cfg: 3,
          sampler_name: 'euler',
          scheduler: 'normal',
          model: ['12', 0],
          positive: ['13', 0],
          negative: ['13', 0],
          latent_image: ['10', 0]
        }
      },
      '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' } },
      '12': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_refiner_1.0.safetensors' } },
      '5': { class_type: 'EmptyLatentImage', inputs: { width: 1024, height: 1024, batch_size: 1 } },
      '6': {
        class_type: 'CLIPTextEncodeSDXL',
        inputs: { text_g: 'a castle', text_l: 'a castle', clip: ['4', 1] }
      },
      '7': { class_type: 'CLIPTextEncode', inputs: { text: 'fog', clip: ['4', 1] } },
      '13': { class_type: 'CLIPTextEncode', inputs: { text: 'refine', clip: ['12', 1] } }
    }
    expect(valid(comfySettings(JSON.stringify(graph)))).toEqual({
      ...nothing('comfyui'),
      prompt: 'a castle',
      negativePrompt: 'fog',
      model: 'sd_xl_base_1.0.safetensors',
      seed: 99,
      width: 1024,
      height: 1024,
      steps: 25,
      guidance: 7,
      sampler: 'dpmpp_2m',
      scheduler: 'karras'
    })
  })

  it('follows links through LoRAs, ControlNets, primitives and single-value nodes', () => {
    const graph = comfyDefault()
    Object.assign(graph, {
      '20': {
        class_type: 'LoraLoader',
        inputs: { model: ['4', 0], clip: ['4', 1], lora_name: 'fox.safetensors' }
      },
      '21': {
        class_type: 'ControlNetApplyAdvanced',
        inputs: {
          positive: ['6', 0],
          negative: ['7', 0],
          control_net: ['22', 0],
          image: ['23', 0],
          strength: 1
        }
      },
      '24': { class_type: 'PrimitiveInt', inputs: { value: 4242 } },
      '25': { class_type: 'String Literal', inputs: { string: 'a fox from a primitive' } },
      '26': { class_type: 'Int Literal', inputs: { int: ['24', 0] } }
    })
    graph['3'] = {
      class_type: 'KSampler',
      inputs: {
        ...graph['3']?.inputs,
        seed: ['26', 0],
        model: ['20', 0],
        positive: ['21', 0],
        negative: ['21', 1]
      }
    }
    graph['6'] = { class_type: 'CLIPTextEncode', inputs: { text: ['25', 0], clip: ['20', 1] } }
    expect(valid(comfySettings(JSON.stringify(graph)))).toEqual({
      ...COMFY_DEFAULT,
      prompt: 'a fox from a primitive',
      seed: 4242
    })
  })

  it('gives null for a prompt mixed from two, a zeroed one or a computed one', () => {
    const graph = comfyDefault()
    Object.assign(graph, {
      '30': {
        class_type: 'ConditioningCombine',
        inputs: { conditioning_1: ['6', 0], conditioning_2: ['7', 0] }
      },
      '31': { class_type: 'ConditioningZeroOut', inputs: { conditioning: ['7', 0] } }
    })
    graph['3'] = {
      class_type: 'KSampler',
      inputs: { ...graph['3']?.inputs, positive: ['30', 0], negative: ['31', 0] }
    }
    graph['5'] = {
      class_type: 'EmptyLatentImage',
      inputs: { width: ['32', 0], height: 512, batch_size: 1 }
    }
    graph['32'] = { class_type: 'SimpleMath+', inputs: { a: 256, b: 2, value: 'a*b' } }
    expect(valid(comfySettings(JSON.stringify(graph)))).toMatchObject({
      prompt: null,
      negativePrompt: null,
      width: null,
      height: 512,
      seed: COMFY_DEFAULT.seed
    })
  })

  it('reads the Flux template (SamplerCustomAdvanced and the nodes around it)', () => {
    const graph = {
      '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a neon city at night', clip: ['11', 0] } },
      '8': { class_type: 'VAEDecode', inputs: { samples: ['13', 0], vae: ['10', 0] } },
      '12': {
        class_type: 'UNETLoader',
        inputs: { unet_name: 'flux1-dev.safetensors', weight_dtype: 'default' }
      },
      '13': {
        class_type: 'SamplerCustomAdvanced',
        inputs: {
          noise: ['25', 0],
          guider: ['22', 0],
          sampler: ['16', 0],
          sigmas: ['17', 0],
          latent_image: ['27', 0]
        }
      },
      '16': { class_type: 'KSamplerSelect', inputs: { sampler_name: 'euler' } },
      '17': {
        class_type: 'BasicScheduler',
        inputs: { scheduler: 'simple', steps: 20, denoise: 1, model: ['30', 0] }
      },
      '22': { class_type: 'BasicGuider', inputs: { model: ['30', 0], conditioning: ['26', 0] } },
      '25': { class_type: 'RandomNoise', inputs: { noise_seed: 0 } },
      '26': { class_type: 'FluxGuidance', inputs: { guidance: 3.5, conditioning: ['6', 0] } },
      '27': { class_type: 'EmptySD3LatentImage', inputs: { width: 1024, height: 576, batch_size: 1 } },
      '30': {
        class_type: 'ModelSamplingFlux',
        inputs: { max_shift: 1.15, base_shift: 0.5, model: ['12', 0] }
      }
    }
    // ComfyUI's Python writes 2^64 − 1 exactly; a JavaScript number literal could not hold it.
    const json = JSON.stringify(graph).replace('"noise_seed":0', '"noise_seed":18446744073709551615')
    expect(json).toContain('18446744073709551615')
    expect(valid(comfySettings(json))).toEqual({
      ...nothing('comfyui'),
      prompt: 'a neon city at night',
      model: 'flux1-dev.safetensors',
      seed: '18446744073709551615',
      width: 1024,
      height: 576,
      steps: 20,
      sampler: 'euler',
      scheduler: 'simple'
    })
  })

  it('reads a Chinese prompt as Python escapes it', () => {
    const graph = comfyDefault()
    graph['6'] = { class_type: 'CLIPTextEncode', inputs: { text: '雪中的狐狸 🦊', clip: ['4', 1] } }
    const ascii = JSON.stringify(graph).replace(
      /[\u0080-\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
    )
    expect(ascii).not.toMatch(/[^\x20-\x7e]/)
    expect(comfySettings(ascii)?.prompt).toBe('雪中的狐狸 🦊')
  })

  it('does not throw on missing nodes, loops and wrong types', () => {
    const missing = comfyDefault()
    delete missing['4']
    delete missing['6']
    delete missing['5']
    expect(valid(comfySettings(JSON.stringify(missing)))).toEqual({
      ...COMFY_DEFAULT,
      prompt: null,
      model: null,
      width: null,
      height: null
    })
    const loop = comfyDefault()
    loop['6'] = { class_type: 'Passthrough', inputs: { conditioning: ['6', 0] } }
    loop['4'] = { class_type: 'LoraLoader', inputs: { model: ['4', 0] } }
    loop['5'] = { class_type: 'LatentUpscaleBy', inputs: { samples: ['5', 0], scale_by: 2 } }
    loop['40'] = { class_type: 'PrimitiveInt', inputs: { value: ['40', 0] } }
    loop['3'] = { class_type: 'KSampler', inputs: { ...loop['3']?.inputs, steps: ['40', 0] } }
    expect(valid(comfySettings(JSON.stringify(loop)))).toMatchObject({
      prompt: null,
      model: null,
      steps: null
    })
    const wrong = {
      '3': {
        class_type: 'KSampler',
        inputs: { seed: 'abc', steps: 2.5, cfg: 'x', sampler_name: 7, positive: 'nope', model: [null, 0] }
      },
      '4': { class_type: 12, inputs: {} },
      '5': null,
      '6': { inputs: 'x' }
    }
    expect(valid(comfySettings(JSON.stringify(wrong)))).toMatchObject({
      seed: 'abc',
      steps: null,
      guidance: null,
      sampler: '7'
    })
  })

  it('gives null for text that is no graph, and the tool alone for a graph without a sampler', () => {
    for (const text of ['', 'null', '[]', '"x"', '{"a":1}', '{', 'a red fox', '['.repeat(100_000)])
      expect(comfySettings(text)).toBeNull()
    expect(comfySettings('{"1":{"class_type":"LoadImage","inputs":{"image":"x.png"}}}')).toEqual(
      nothing('comfyui')
    )
    expect(isComfyWorkflow('{"last_node_id":9,"nodes":[]}')).toBe(true)
    expect(isComfyWorkflow('{"nodes":{}}')).toBe(false)
  })
})

// ---------------------------------------------------------------------------------------------------------
// InvokeAI

describe('invokeSettings: `invokeai_metadata` and the older `sd-metadata`', () => {
  it('reads the current format (a model object with a name)', () => {
    const metadata = {
      generation_mode: 'txt2img',
      positive_prompt: 'a watercolor harbor',
      negative_prompt: 'people',
      width: 832,
      height: 1216,
      seed: 3180045671,
      rand_device: 'cpu',
      cfg_scale: 5.5,
      cfg_rescale_multiplier: 0,
      steps: 30,
      scheduler: 'dpmpp_2m_k',
      model: { key: 'a1b2', hash: 'blake3:ff', name: 'Juggernaut XL v9', base: 'sdxl', type: 'main' },
      app_version: '5.6.0'
    }
    expect(valid(invokeSettings(JSON.stringify(metadata)))).toEqual({
      ...nothing('invokeai'),
      prompt: 'a watercolor harbor',
      negativePrompt: 'people',
      model: 'Juggernaut XL v9',
      seed: 3180045671,
      width: 832,
      height: 1216,
      steps: 30,
      guidance: 5.5,
      sampler: 'dpmpp_2m_k'
    })
  })

  it('reads 3.x (`model_name`) and a model given as text', () => {
    const v3 = { positive_prompt: 'p', model: { model_name: 'stable-diffusion-v1-5', base_model: 'sd-1' } }
    expect(invokeSettings(JSON.stringify(v3))?.model).toBe('stable-diffusion-v1-5')
    expect(invokeSettings(JSON.stringify({ model: 'sd-2.1' }))?.model).toBe('sd-2.1')
  })

  it('reads the old `sd-metadata`, with its prompt as text or weighted parts', () => {
    const old = {
      model: 'stable diffusion',
      model_weights: 'stable-diffusion-1.5',
      app_id: 'invoke-ai/InvokeAI',
      image: {
        prompt: [{ prompt: 'banana sushi [nasty]', weight: 1 }],
        steps: 50,
        cfg_scale: 7.5,
        height: 512,
        width: 512,
        seed: 1234,
        sampler: 'k_lms',
        type: 'txt2img'
      }
    }
    expect(valid(invokeSettings(JSON.stringify(old)))).toEqual({
      ...nothing('invokeai'),
      prompt: 'banana sushi [nasty]',
      model: 'stable-diffusion-1.5',
      seed: 1234,
      width: 512,
      height: 512,
      steps: 50,
      guidance: 7.5,
      sampler: 'k_lms'
    })
    const blend = {
      ...old,
      image: {
        ...old.image,
        prompt: [
          { prompt: 'cat', weight: 0.7 },
          { prompt: 'dog', weight: 0.3 }
        ]
      }
    }
    expect(invokeSettings(JSON.stringify(blend))?.prompt).toBe('cat:0.7 dog:0.3')
    expect(invokeSettings(JSON.stringify({ ...old, image: { ...old.image, prompt: 'plain' } }))?.prompt).toBe(
      'plain'
    )
  })

  it('gives null where a field has the wrong type, and null for text that is no object', () => {
    const wrong = {
      positive_prompt: 12,
      negative_prompt: ['x'],
      model: { name: 5 },
      seed: { a: 1 },
      width: '640',
      height: -1,
      steps: 1e12,
      cfg_scale: 'high',
      scheduler: null
    }
    expect(valid(invokeSettings(JSON.stringify(wrong)))).toEqual({ ...nothing('invokeai'), width: 640 })
    for (const text of ['', 'garbage', '[1,2]', '42', 'null', '{"image":'])
      expect(invokeSettings(text)).toBeNull()
    expect(valid(invokeSettings('{"image": 5, "positive_prompt": "still read"}'))?.prompt).toBe('still read')
  })

  it('cuts a huge prompt to the limit', () => {
    const settings = invokeSettings(JSON.stringify({ positive_prompt: '狐'.repeat(250_000) }))
    expect(settings?.prompt).toHaveLength(FILE_TEXT_MAX)
  })
})

// ---------------------------------------------------------------------------------------------------------
// settingsOf: which reader a file's tags go to

const ourRecord = {
  profile: 'full',
  app: 'Gateway Studio 0.1.0',
  prompt: 'a red fox in snow',
  revisedPrompt: 'A red fox standing in fresh snow.',
  model: 'img-pro',
  endpoint: 'imagesV3',
  parameters: { size: '1024x768', quality: 'high', fields: { steps: 30, guidance_scale: 4 } },
  seed: 'seed-as-text',
  gatewayHost: 'gateway.example.test',
  jobId: 'job-0001',
  resultId: 'res-0001',
  batchId: null,
  editOf: [],
  created: '2026-11-28T10:00:00.000Z'
}

/** The XMP tags `embed.ts` writes, as `readTags` gives them back (all values text). */
const ourXmp = {
  'XMP-iptcExt:DigitalSourceType': 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
  'XMP-xmp:CreatorTool': 'Gateway Studio 0.1.0',
  'XMP-dc:Description': 'a red fox in snow',
  'XMP-gs:Model': 'img-pro',
  'XMP-gs:Endpoint': 'imagesV3',
  'XMP-gs:Parameters': JSON.stringify(ourRecord.parameters),
  'XMP-gs:Seed': '424242',
  'XMP-gs:RevisedPrompt': 'A red fox standing in fresh snow.',
  'XMP-gs:GatewayHost': 'gateway.example.test',
  'XMP-gs:JobId': 'job-0001',
  'XMP-gs:ResultId': 'res-0001',
  'XMP-gs:BatchId': 'batch-07',
  'XMP-gs:EditOf': ['media-a'],
  'XMP-gs:Created': '2026-11-28T10:00:00.000Z'
}

describe('settingsOf: the tags ExifTool read', () => {
  it('reads ours from the XMP alone (JPEG, WebP), with the body as sent', () => {
    expect(valid(settingsOf(ourXmp))).toEqual({
      ...nothing('gateway-studio'),
      prompt: 'a red fox in snow',
      model: 'img-pro',
      endpoint: 'imagesV3',
      body: { prompt: 'a red fox in snow', model: 'img-pro', ...ourRecord.parameters },
      seed: 424242,
      width: 1024,
      height: 768,
      steps: 30,
      guidance: 4,
      revisedPrompt: 'A red fox standing in fresh snow.',
      jobId: 'job-0001',
      resultId: 'res-0001',
      batchId: 'batch-07',
      gatewayHost: 'gateway.example.test'
    })
  })

  it('prefers the PNG chunk (the record as it was: a seed as text stays text), the XMP filling in', () => {
    const tags = { ...ourXmp, 'PNG:GatewayStudio': JSON.stringify(ourRecord, null, 2) }
    const settings = valid(settingsOf(tags))
    expect(settings?.seed).toBe('seed-as-text')
    expect(settings?.batchId).toBe('batch-07')
    const damaged = { ...ourXmp, 'PNG:GatewayStudio': '{"prompt": 5, "model": "from-chunk"' }
    expect(settingsOf(damaged)?.model).toBe('img-pro')
    const partial = { 'png:gatewaystudio': JSON.stringify({ prompt: 'only the prompt', parameters: [] }) }
    expect(valid(settingsOf(partial))).toEqual({
      ...nothing('gateway-studio'),
      prompt: 'only the prompt',
      body: { prompt: 'only the prompt' }
    })
  })

  it('keeps a seed as text where a number would change it', () => {
    const seed = (text: string) => settingsOf({ ...ourXmp, 'XMP-gs:Seed': text })?.seed
    expect(seed('9007199254740991')).toBe(9007199254740991)
    expect(seed('9007199254740993')).toBe('9007199254740993')
    expect(seed('0042')).toBe('0042')
    expect(seed('-7')).toBe(-7)
    expect(seed('x'.repeat(101))).toBeNull()
  })

  it('lets the file prompt and model win over a parameter list that holds its own', () => {
    const tags = { ...ourXmp, 'XMP-gs:Parameters': '{"prompt":"other","model":"other","n":1}' }
    expect(settingsOf(tags)?.body).toEqual({ prompt: 'a red fox in snow', model: 'img-pro', n: 1 })
  })

  it('reads a Public copy as ours with no settings, unless another tool left its own', () => {
    const publicCopy = {
      'XMP-iptcExt:DigitalSourceType': ourXmp['XMP-iptcExt:DigitalSourceType'],
      'XMP-xmp:CreatorTool': 'Gateway Studio 0.1.0',
      'XMP-dc:Description': 'a description from elsewhere'
    }
    expect(valid(settingsOf(publicCopy))).toEqual(nothing('gateway-studio'))
    expect(settingsOf({ ...publicCopy, 'PNG:Prompt': JSON.stringify(comfyDefault()) })).toEqual(COMFY_DEFAULT)
    expect(settingsOf({ ...publicCopy, 'XMP-xmp:CreatorTool': 'Gateway Studios Pro' })).toBeNull()
  })

  it('tries InvokeAI, then ComfyUI, then A1111', () => {
    const invoke = JSON.stringify({ positive_prompt: 'from invoke' })
    const comfy = JSON.stringify(comfyDefault())
    expect(settingsOf({ 'PNG:Prompt': comfy, 'PNG:Invokeai_metadata': invoke })?.source).toBe('invokeai')
    expect(settingsOf({ 'PNG:Prompt': comfy, 'PNG:Parameters': A1111_TEXT })?.source).toBe('comfyui')
    expect(settingsOf({ 'PNG:Prompt': 'a plain prompt', 'PNG:Parameters': A1111_TEXT })?.source).toBe('a1111')
    expect(settingsOf({ 'PNG:Sd-metadata': JSON.stringify({ image: { prompt: 'old' } }) })?.prompt).toBe(
      'old'
    )
  })

  it('reads A1111 text from an EXIF comment only when it has its settings line', () => {
    expect(settingsOf({ 'ExifIFD:UserComment': A1111_TEXT })?.prompt).toContain('a red fox')
    expect(settingsOf({ 'ExifIFD:UserComment': 'Taken on holiday, 12 steps from the sea' })).toBeNull()
  })

  it('reads a ComfyUI file with only its UI graph as ComfyUI with no settings', () => {
    expect(settingsOf({ 'PNG:Workflow': '{"last_node_id":3,"nodes":[{"id":1}]}' })).toEqual(
      nothing('comfyui')
    )
    expect(settingsOf({ 'PNG:Workflow': 'not json' })).toBeNull()
  })

  it('gives null for a file with none of these', () => {
    expect(settingsOf({})).toBeNull()
    expect(
      settingsOf({
        SourceFile: '/tmp/x.png',
        'File:FileType': 'PNG',
        'PNG:ImageWidth': '8',
        'ExifTool:Error': 'x'
      })
    ).toBeNull()
    expect(settingsOf(null as unknown as Record<string, unknown>)).toBeNull()
    expect(settingsOf([] as unknown as Record<string, unknown>)).toBeNull()
  })
})

// ---------------------------------------------------------------------------------------------------------
// Fuzz: nothing a file can hold makes a reader throw or say something the IPC schema refuses

/** A random JSON-ish value of the shapes the readers expect to find, and of every other. */
function randomValue(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * (depth > 3 ? 7 : 10))
  const strings = ['', 'x', '18446744073709551615', '1e400', '512x512', '狐', 'Steps: 1', '__proto__', '-1']
  switch (pick) {
    case 0:
      return null
    case 1:
      return random() < 0.5
    case 2:
      return [0, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER, 7, 2 ** 31][Math.floor(random() * 7)]
    case 3:
      return strings[Math.floor(random() * strings.length)]
    case 4:
      return 'long '.repeat(Math.floor(random() * 3_000))
    case 5:
      return [String(Math.floor(random() * 6)), Math.floor(random() * 2)]
    case 6:
      return undefined
    case 7:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1))
    default: {
      const keys = [
        'class_type',
        'inputs',
        'seed',
        'text',
        'model',
        'positive',
        'image',
        'prompt',
        'width',
        'a'
      ]
      const object: Record<string, unknown> = {}
      for (let index = Math.floor(random() * 6); index > 0; index--)
        object[keys[Math.floor(random() * keys.length)] ?? 'a'] = randomValue(random, depth + 1)
      return object
    }
  }
}

/** `text` with a few characters deleted, inserted, replaced or cut off. */
function mutate(random: () => number, text: string): string {
  let out = text
  for (let edits = 1 + Math.floor(random() * 4); edits > 0; edits--) {
    const at = Math.floor(random() * (out.length + 1))
    const char = '{}[]",:\n\\0x-'.charAt(Math.floor(random() * 13))
    const kind = Math.floor(random() * 4)
    if (kind === 0) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(random() * 20))
    else if (kind === 1) out = out.slice(0, at) + char + out.slice(at)
    else if (kind === 2) out = out.slice(0, at) + char + out.slice(at + 1)
    else out = out.slice(0, at)
  }
  return out
}

describe('fuzz: random and damaged input never throws', () => {
  const fixtures = [
    A1111_TEXT,
    JSON.stringify(comfyDefault()),
    JSON.stringify({ positive_prompt: 'p', model: { name: 'm' }, seed: 1, width: 2 }),
    JSON.stringify({ image: { prompt: [{ prompt: 'a', weight: 1 }], seed: 1 } }),
    JSON.stringify(ourRecord)
  ]
  const tagNames = [
    'PNG:GatewayStudio',
    'XMP-gs:Parameters',
    'XMP-gs:Seed',
    'XMP-dc:Description',
    'XMP-xmp:CreatorTool',
    'PNG:Invokeai_metadata',
    'PNG:Sd-metadata',
    'PNG:Prompt',
    'PNG:Workflow',
    'PNG:Parameters',
    'ExifIFD:UserComment'
  ]

  it('holds for a few hundred mutated fixtures, random JSON and random tags', () => {
    const random = seededRandom(2026)
    const readers = [a1111Settings, comfySettings, invokeSettings]
    for (let run = 0; run < 300; run++) {
      const fixture = fixtures[run % fixtures.length] ?? ''
      const inputs = [mutate(random, fixture), JSON.stringify(randomValue(random)) ?? 'undefined']
      for (const input of inputs) for (const read of readers) valid(read(input))
      // A graph of random nodes: links that point anywhere, values of any type.
      const graph: Record<string, unknown> = {}
      for (let id = 0; id < 6; id++) {
        const inputsOf: Record<string, unknown> = {}
        for (const key of [
          'seed',
          'steps',
          'cfg',
          'positive',
          'negative',
          'model',
          'latent_image',
          'text',
          'width'
        ])
          if (random() < 0.6) inputsOf[key] = randomValue(random, 2)
        const classes = [
          'KSampler',
          'KSamplerAdvanced',
          'CLIPTextEncode',
          'EmptyLatentImage',
          'SamplerCustomAdvanced',
          'X'
        ]
        graph[String(id)] = { class_type: classes[Math.floor(random() * classes.length)], inputs: inputsOf }
      }
      valid(comfySettings(JSON.stringify(graph)))
      const tags: Record<string, unknown> = {}
      for (const name of tagNames) {
        if (random() < 0.4) tags[name] = random() < 0.5 ? mutate(random, fixture) : randomValue(random)
      }
      valid(settingsOf(tags))
    }
  })
})
