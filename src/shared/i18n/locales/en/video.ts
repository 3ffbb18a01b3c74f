/** English words of the video area; see ../en.ts. */
export const video = {
  title: 'Video',
  form: {
    title: 'New video',
    noModelTitle: 'No video model on this gateway',
    noModelText: 'The gateway lists no model that supports <code>{{endpoint}}</code>.',
    checkAgain: 'Check again',
    model: 'Model',
    loadingModels: 'Loading models…',
    noModel: 'No video model',
    prompt: 'Prompt',
    promptPlaceholder: 'A paper boat drifting down a rainy street, slow dolly shot',
    duration: 'Duration (seconds)',
    size: 'Size (optional)',
    width: 'Width',
    height: 'Height',
    sizePreset: 'Size preset',
    gatewayDefault: 'Gateway default',
    custom: 'Custom',
    presets: {
      landscape: '{{width}} × {{height}} · landscape',
      portrait: '{{width}} × {{height}} · portrait',
      landscapeHd: '{{width}} × {{height}} · landscape HD',
      square: '{{width}} × {{height}} · square'
    },
    starting: 'Starting…',
    generate: 'Generate video',
    runsAsTask: 'Runs as a task on the gateway and keeps going if you leave this screen or close the app.',
    runsAsTaskBilled:
      'Runs as a task on the gateway and keeps going if you leave this screen or close the app. Billed by {{unit}}.'
  },
  more: {
    title: 'More options',
    intro:
      'Sent as extra fields with the names most video gateways use (<code>resolution</code>, <code>ratio</code>, <code>seed</code>, <code>watermark</code>, <code>generate_audio</code>, <code>image</code>). Leave a field on “Gateway default” to not send it.',
    resolution: 'Resolution',
    ratio: 'Ratio',
    adaptive: 'Adaptive',
    seed: 'Seed',
    random: 'Random',
    watermark: 'Watermark',
    on: 'On',
    off: 'Off',
    audio: 'Audio',
    withSound: 'With sound',
    silent: 'Silent',
    otherFields: 'Other fields (JSON)',
    otherFieldsHint: 'For anything else your gateway takes, e.g. <code>{"camera_fixed": true}</code>.'
  },
  firstFrame: {
    title: 'First frame',
    none: 'None',
    library: 'From the library',
    url: 'Image address',
    libraryImages: 'Library images',
    loading: 'Loading the library…',
    empty: 'No images in the library yet. Generate or import one first.',
    imported: 'Imported image',
    importedSized: 'Imported image {{width}}×{{height}}'
  },
  issues: {
    notJson: 'This is not valid JSON. Use an object such as {"camera_fixed": true}.',
    notObject: 'Use a JSON object, such as {"camera_fixed": true}.',
    extraField: '{{field}}: {{reason}}',
    aFieldName: 'A field name',
    notAllowed: 'not allowed',
    setAbove: 'Set {{names}} with the fields above, not here.',
    seed: 'The seed must be a whole number.',
    pickLibraryImage: 'Pick an image of the library, or choose None.',
    imageAddress: 'Enter an http(s) address of an image.',
    sizeBoth: 'Enter both width and height, or neither.',
    sizeWhole: 'Width and height are whole numbers of pixels.',
    model: 'Pick a video model of this gateway.'
  },
  recent: {
    title: 'Your videos',
    list: 'Recent videos',
    emptyTitle: 'No videos yet',
    emptyText: 'Describe a shot and pick a duration; the video plays here when it is ready.'
  },
  card: {
    player: 'Video: {{prompt}}',
    progress: 'Progress of “{{prompt}}”',
    runningFor: 'running for {{duration}}',
    showInQueue: 'Show in Queue'
  }
}
