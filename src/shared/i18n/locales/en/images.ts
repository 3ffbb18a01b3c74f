/**
 * English words of the images area; see ../en.ts. `endpoints` and `fields` hold the words of
 * the endpoint descriptors' forms (src/shared/gateway/endpoints), whose English they repeat: a field's
 * words sit under its key in `fields` where every endpoint says the same, under the endpoint's
 * `endpoints.<key>.fields` where one says it differently (test/unit/renderer/images/descriptorWords.test.ts
 * holds every descriptor text to an entry here).
 */
export const images = {
  title: 'Images',
  results: {
    title: 'Results',
    emptyTitle: 'No images yet',
    emptyText:
      'Write a prompt, pick a model and press Generate. Every image is saved to your library as it arrives.'
  },
  notices: {
    promptFromChat: 'Prompt taken from the chat.',
    cannotRemix: 'That job cannot be loaded into the form.',
    remixed: 'Form filled from “{{prompt}}”.',
    addedReference: 'Added as a reference image.',
    presetApplied: 'Preset “{{name}}” applied.',
    presetSaved: 'Saved as the preset “{{name}}”.',
    presetDeleted: 'Deleted the preset “{{name}}”.'
  },
  /**
   * What "Use these settings" (Gallery) took into the form from an image and what it could not, said under
   * the form. `what` is a list of `fields` joined the language's way.
   */
  fromFile: {
    takenFrom: {
      gatewayStudio: '{{what}} taken from a Gateway Studio image.',
      comfyui: '{{what}} taken from a ComfyUI image.',
      invokeai: '{{what}} taken from an InvokeAI image.',
      a1111: '{{what}} taken from an Automatic1111 image.'
    },
    nothingTaken: 'Nothing in this image fits the form.',
    modelUnlisted: 'Its model, {{model}}, is not one of this gateway’s.',
    modelUnchecked: 'Its model, {{model}}, was not taken: this gateway’s models have not loaded yet.',
    sizeNotOffered: 'Its size, {{size}}, is not one this endpoint offers.',
    noField: 'This endpoint has no field for its {{what}}.',
    promptOnly: 'Only the prompt was taken: this screen has no form for {{endpoint}}.',
    promptOnlyUnread: 'Only the prompt was taken: its request could not be read back.',
    fields: {
      prompt: 'prompt',
      model: 'model',
      seed: 'seed',
      size: 'size',
      guidance: 'CFG',
      negativePrompt: 'negative prompt',
      steps: 'steps',
      sampler: 'sampler'
    }
  },
  form: {
    label: 'Generate images',
    prompt: 'Prompt',
    promptPlaceholder: 'Describe the image…',
    model: 'Model',
    loadingModels: 'Loading models…',
    chooseModel: 'Choose a model…',
    noModels: 'This gateway lists no image models for your key.',
    tryAgain: 'Try again',
    endpoint: 'Endpoint',
    parameters: 'Parameters',
    generate: 'Generate',
    sending: 'Sending…',
    imageCount_one: '{{count}} image',
    imageCount_other: '{{count}} images',
    ready: 'Ready. Results are saved to your library as they arrive.',
    streamRefused: 'This model refused streaming before.',
    forgetRefusal: 'Forget that'
  },
  /**
   * The preset bar (jobs/presets/PresetBar), on Images, Compare, Edit and Video alike; where it says what it
   * did itself (not on Images), it uses `notices.preset*` above.
   */
  presets: {
    preset: 'Preset',
    noPresets: 'No presets yet',
    choose: 'Choose a preset…',
    delete: 'Delete preset',
    saveAs: 'Save as preset…',
    style: 'Style',
    noStyle: 'No style',
    saveGroup: 'Save as preset',
    name: 'Preset name',
    save: 'Save preset',
    replace: 'Replace it',
    cancel: 'Cancel',
    sends: 'Sends: “{{prompt}}”',
    unread: 'Presets and styles could not be read just now.',
    unreadable: 'The preset “{{name}}” no longer reads; save it again.'
  },
  references: {
    title: 'Reference images',
    count: '{{n}} of {{max}}',
    list: 'Reference images',
    image: 'Reference image {{n}}',
    remove: 'Remove reference image {{n}}',
    fromLibrary: 'From library',
    addFiles: 'Add files…',
    files: 'Reference image files',
    adding: 'Adding…',
    dropHint: 'or drop or paste images here',
    address: 'Reference image address',
    addressPlaceholder: 'or an image address: https://…',
    addressOnlyPlaceholder: 'https://… (this endpoint takes addresses only)',
    addAddress: 'Add address',
    badAddress: 'Enter a web address that starts with https://',
    fetchesItself: '{{endpoint}} fetches references itself, by address.',
    pick: 'Pick reference images',
    leftOut_one: 'Only {{count}} more reference image fit; the rest were left out.',
    leftOut_other: 'Only {{count}} more reference images fit; the rest were left out.',
    byAddressOnly: 'This endpoint takes reference images by address only.',
    none: 'This endpoint takes no reference images.'
  },
  extra: {
    title: 'Extra JSON fields',
    placeholder: '{"field": "value"}',
    hint: 'Sent with the request as they are; they never override the fields above.'
  },
  /** The ranges after the pixel facts bring their own space: Chinese brackets need none. */
  size: {
    tier: 'Tier',
    custom: 'Width × height',
    width: 'Width',
    height: 'Height',
    textOnly: '{{tier}} is for text-to-image only.',
    pixels: '{{pixels}} pixels',
    pixelRange: ' ({{min}}² to {{max}}²)',
    ratio: 'ratio {{ratio}}',
    ratioRange: ' (1:{{max}} to {{max}}:1)'
  },
  /** The form's own issues; the field they are about closes them in brackets, in `words`. */
  issues: {
    prompt: 'Write a prompt.',
    model: 'Pick a model.',
    noReferences:
      'Remove the reference images, or pick another model: {{endpoint}} takes none (reference images).',
    tooManyReferences: 'Use at most {{max}} reference images here (reference images: {{count}}).',
    streamRefused: 'This model refused streaming last time: turn it off, or try again to check (stream).',
    notSendable: 'Some values cannot be sent: check them (extra fields).',
    notJson: 'Write valid JSON, e.g. {"style": "vivid"} (extra fields).',
    notObject: 'Use a JSON object: {"name": value, …} (extra fields).',
    fieldName: 'Use field names of letters, digits, _ . and - (extra fields: {{name}}).',
    whole: 'Use a whole number ({{field}}: {{value}}).',
    wholeAtLeast: 'Use a whole number of at least {{min}} ({{field}}: {{value}}).',
    wholeRange: 'Use a whole number from {{min}} to {{max}} ({{field}}: {{value}}).',
    number: 'Use a number ({{field}}: {{value}}).',
    sizeBoth: 'Enter both a width and a height ({{field}}).'
  },
  /** How issue messages name what they are about, where no descriptor field names it. */
  words: {
    model: 'model',
    prompt: 'prompt',
    references: 'reference images',
    reference: 'reference image {{n}}',
    width: 'width',
    height: 'height'
  },
  /**
   * Each image and video endpoint's words, by descriptor key: its name as designers know it (every screen
   * shows it), its line in the picker (`form.blurb`) and words for its own fields.
   */
  endpoints: {
    imagesV3: {
      name: 'Per image',
      blurb: 'Synchronous, billed per image.'
    },
    partnerA: {
      name: 'Streaming groups',
      blurb: 'Partner A, provider-direct: image groups that can arrive one by one.',
      fields: { size: { hint: '1K, 2K, 4K or W×H; empty is 2K.' } }
    },
    partnerB: {
      name: 'Single image',
      blurb: 'Partner B, provider-direct: one image per request.'
    },
    imagesV2: {
      name: 'Async task',
      blurb: 'Runs as a task on the gateway; each image is its own task.',
      urlOnly: 'The async endpoint fetches references itself: use web addresses (URLs), not library images.'
    },
    imagesV1: {
      name: 'Compatible',
      blurb: 'OpenAI-compatible generation; the gateway decides the other fields.',
      fields: { size: { hint: 'Not part of the spec; the gateway may ignore it.' } }
    },
    imageEdits: { name: 'Image edit' },
    videos: { name: 'Video' }
  },
  /** The descriptors' fields by key: label, hint, placeholder, the empty choice, option words, messages. */
  fields: {
    n: { label: 'Images', hint: '1 to 10 per request.' },
    count: { label: 'Images', hint: 'Each image is its own task, shown together.' },
    size: {
      label: 'Size',
      empty: 'Gateway default',
      invalid: 'Use 1K, 2K, 4K or <width>x<height>, e.g. 2048x2048 (size: {{value}}).',
      options: { auto: 'auto' }
    },
    outputFormat: { label: 'Output format', empty: 'Default (JPEG)' },
    responseFormat: { label: 'Response format', empty: 'Default' },
    background: {
      label: 'Background',
      empty: 'Model default',
      options: { transparent: 'transparent', opaque: 'opaque', auto: 'auto' }
    },
    compression: {
      label: 'Compression',
      hint: '0 to 100.',
      placeholder: 'Model default',
      whenHint: 'Only for JPEG and WebP.',
      whenPlaceholder: 'Not used for PNG'
    },
    moderation: { label: 'Moderation', empty: 'Model default', options: { low: 'low', auto: 'auto' } },
    ratio: { label: 'Ratio', empty: 'Model default' },
    resolution: { label: 'Resolution', empty: 'Model default' },
    seed: { label: 'Seed', placeholder: 'Random' },
    guidance: { label: 'Guidance', hint: 'Prompt strength, usually 1–10.', placeholder: 'Model default' },
    watermark: { label: 'Add the provider’s watermark', words: 'watermark' },
    group: { label: 'Generate a group of images' },
    maxImages: {
      label: 'Max images',
      required: 'Say how many images the group may have, at least 1 (max images).'
    },
    stream: {
      label: 'Show images as they arrive (stream)',
      words: 'streaming',
      hint: 'The listing does not say which models stream; the gateway refuses with a 400.'
    },
    expiry: {
      text: 'Partner B’s image addresses expire after about 24 hours, so each result is downloaded into your library the moment it arrives.'
    }
  },
  /** Request fields whose issues sit next to another field (a form's `issueAliases`), as messages name them. */
  issueAliases: { sequential_image_generation_options: 'group options' }
}
