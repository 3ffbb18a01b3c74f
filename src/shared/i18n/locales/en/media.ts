/**
 * English words of the media area; see ../en.ts: results shown on several screens (job cards and
 * their image slots, the results list, the full view, the library picker, the video player, file intake).
 */
export const media = {
  card: {
    label: 'Job: {{prompt}}',
    images: 'Images',
    workingOn: '{{status}}: {{arrived}} of {{total}} images',
    streamRefused:
      'The gateway refused to stream this model. It is remembered: streaming starts off for it next time.',
    remixWithoutStream: 'Remix without streaming',
    usage: 'Usage: {{usage}}',
    copyPrompt: 'Copy prompt',
    remix: 'Remix',
    noCancelCall:
      'No cancel call is set for this gateway: “Stop tracking” stops following it here, and the gateway may still run and bill it.'
  },
  slot: {
    name: 'Image {{position}} of {{total}}',
    open: 'Image {{position}} of {{total}}, {{size}}: open full view',
    favorite: 'Favorite image {{position}} of {{total}}',
    failedName: 'Image {{position}} of {{total}} failed',
    failed: 'Image {{position}} failed',
    title: 'Image {{position}}',
    note: 'Image {{position}} of {{total}}: {{text}}',
    saving: 'Saving to the library…',
    neverArrived: 'Never arrived: the stream ended early.',
    generating: 'Generating…',
    notKept: 'This image could not be kept.'
  },
  usage: {
    images_one: '{{n}} image',
    images_other: '{{n}} images',
    tokens_one: '{{n}} token',
    tokens_other: '{{n}} tokens',
    outputTokens_one: '{{n}} output token',
    outputTokens_other: '{{n}} output tokens',
    separator: ' · '
  },
  results: {
    running: '{{count}} running',
    showOlder: 'Show older'
  },
  viewer: {
    title: 'Image {{position}} of {{total}}',
    cannotShow: 'This image cannot be shown',
    cannotShowWords:
      'The image file could not be shown: it is damaged, or in a format this view cannot decode.',
    previous: 'Previous image',
    next: 'Next image',
    close: 'Close',
    size: 'Size',
    model: 'Model',
    created: 'Created',
    prompt: 'Prompt',
    revisedPrompt: 'Revised prompt',
    usage: 'Usage',
    notReported: 'Not reported',
    wholeJob: 'Reported for the whole job, not per image (see its card)',
    favorite: 'Favorite',
    copyPrompt: 'Copy prompt',
    remix: 'Remix',
    useAsReference: 'Use as reference',
    edit: 'Edit',
    openFull: 'Open full image',
    saveCopy: 'Save a copy'
  },
  stage: {
    fitLabel: 'Fit',
    actualLabel: '1:1',
    toActual: 'Show at actual size (1:1)',
    toFit: 'Fit to the window',
    hint: 'Z switches fit and 1:1 · drag or arrow keys move around at 1:1 · ← → change image',
    canvas: 'Image at {{zoom}}',
    filmstrip: 'Images of this job',
    neighbours: 'Neighbouring images',
    frame: 'Image {{position}} of {{total}}',
    parameters: 'Parameters',
    noParameters: 'Only the prompt and model',
    job: 'This job',
    wholeJobUsage: '{{usage}} for the whole job of {{images}}, not per image'
  },
  library: {
    close: 'Close',
    emptyTitle: 'The library is empty',
    emptyText: 'Generated images and files you add appear here.',
    images: 'Library images',
    imported: 'Imported image',
    showOlder: 'Show older',
    loading: 'Loading…',
    chosen: '{{chosen}} of {{limit}} chosen',
    addOne: 'Add image',
    addMany_one: 'Add {{count}} image',
    addMany_other: 'Add {{count}} images'
  },
  failure: {
    anotherPlayer: 'Another player may open it; the file stays in the library.',
    download: 'Download the file'
  },
  video: {
    cannotPlay: 'This video cannot be played here',
    playerSays: ' (the player says: {{message}})',
    aborted: 'Loading the video was stopped before it could play{{detail}}.',
    network:
      'The video could not be read from the library{{detail}}. The file may have been moved or removed.',
    decode:
      'The file was read but could not be decoded: it is damaged, or encoded in a way this player does not read{{detail}}.',
    unsupported:
      'This player cannot open this file as {{type}}: it is damaged, or its format or codec is not supported here{{detail}}.',
    unsupportedVideo:
      'This player cannot open this file as a video: it is damaged, or its format or codec is not supported here{{detail}}.'
  },
  facts: {
    seconds: '{{seconds}} s',
    minutes: '{{time}} min'
  },
  intake: {
    pasted: 'The pasted image',
    notImage: '{{name}} is not a PNG, JPEG or WebP image.',
    tooLarge: '{{name}} is larger than {{size}} MB.',
    unreadable: '{{name}} could not be read.',
    refused: '{{name}}: {{reason}}'
  }
}
