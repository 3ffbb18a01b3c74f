/** English words of the Compare screen; see ../en.ts. */
export const compare = {
  title: 'Compare',
  form: {
    label: 'Compare models',
    prompt: 'Prompt',
    promptPlaceholder: 'A lighthouse on a cliff at dusk, painted in gouache',
    models: 'Models',
    modelsHint: 'Pick {{min}} to {{max}}. Each one is sent as its own job, on its own endpoint.',
    full: '{{max}} models is the most one compare sends. Untick one to pick another.',
    loadingModels: 'Loading models…',
    noModels: 'This gateway lists no image model.',
    tryAgain: 'Try again',
    shape: 'Shape',
    shapeHint: 'Each model gets the size its endpoint offers for this shape.',
    plan: 'What each model gets',
    picked: '{{count}} of {{max}} picked',
    send_one: 'Compare {{count}} model',
    send_other: 'Compare {{count}} models',
    sending: 'Sending…',
    ready_one: 'Ready: one request, to {{count}} model.',
    ready_other: 'Ready: one request to each of the {{count}} models.',
    reasons: {
      prompt: 'Write a prompt.',
      few: 'Pick at least {{min}} models.',
      blocked: '{{model}}: {{issue}}'
    }
  },
  // Keyed 16x9, not 16:9: i18next reads a colon in a key as a namespace.
  shapes: {
    default: 'Each model’s default',
    '1x1': 'Square 1:1',
    '3x2': 'Landscape 3:2',
    '2x3': 'Portrait 2:3',
    '4x3': 'Landscape 4:3',
    '3x4': 'Portrait 3:4',
    '16x9': 'Wide 16:9',
    '9x16': 'Tall 9:16'
  },
  fit: {
    default: 'its own default size',
    noField: 'no size to set: the gateway decides',
    exact: 'size {{value}}',
    near: 'size {{value}}, the nearest it offers',
    none: 'has no {{shape}} size, keeps its default'
  },
  issues: {
    notListed: 'This gateway no longer lists this model.'
  },
  references: {
    title: 'Reference images',
    hint_one: 'every model gets it',
    hint_other: 'every model gets all {{count}}',
    image: 'Reference image {{n}}',
    remove: 'Remove reference image {{n}}'
  },
  grid: {
    title: 'Side by side',
    label: 'Compared models',
    emptyTitle: 'Nothing compared yet',
    emptyText:
      'Write one prompt, pick two to four models and send: each model’s images arrive in a column of their own.'
  },
  cell: {
    label: 'Column of {{model}}',
    handing: 'Handing the job to the app…',
    running: '{{time}} so far',
    took: 'took {{time}}',
    keep: '☆ Keep',
    kept: '★ Kept',
    keepHint: 'Stars this model’s images: they stay among the Gallery’s favorites.'
  }
}
