/** English words of the edit area (issue 16); see ../en.ts. */
export const edit = {
  title: 'Edit',
  closeImage: 'Close image',
  sourceSize: '{{width}}×{{height}} · the mask is sent at this exact size',
  shortcuts:
    '<kbd>B</kbd> brush · <kbd>E</kbd> eraser · <kbd>[</kbd> <kbd>]</kbd> size · <kbd>Ctrl+Z</kbd> undo · <kbd>Ctrl+Shift+Z</kbd> redo · wheel to zoom · <kbd>Space</kbd> or middle button and drag to pan',
  settings: 'Edit settings',
  results: {
    title: 'Edits',
    emptyTitle: 'No edits yet',
    emptyText: 'Results of your edits appear here and in the library.'
  },
  source: {
    choose: 'Choose an image to edit',
    then: 'Then paint over the part that should change, and say how.',
    fromLibrary: 'Pick from library',
    openFile: 'Open a file…',
    fileLabel: 'Image file to edit',
    adding: 'Adding the image…',
    dropHint: 'or drop or paste an image here',
    pickTitle: 'Pick an image to edit'
  },
  notices: {
    noSize: 'That image has no known size, so a mask cannot be made for it.',
    closeFirst: 'Close the current image first; its mask would be lost.',
    cannotLoad: 'That job cannot be loaded here.',
    imageGone: 'The image of that edit is no longer in the library.',
    loaded: 'Loaded from the earlier edit.',
    maskUnreadable: 'Loaded from the earlier edit; its mask could not be read back, so paint it again.',
    sent: 'Edit sent. When it is done, the result takes the canvas’s place, next to the original.',
    inputsCapped: 'Not all of them fit: the list of input images is full.'
  },
  mode: {
    label: 'What may change',
    title: 'Paint the area to change, or let the model change the whole image',
    painted: 'Painted area',
    whole: 'Whole image'
  },
  inputs: {
    title: 'Input images',
    count: '{{total}} of {{max}}',
    base: 'On the canvas · the mask applies here',
    baseAlt: 'The image on the canvas',
    item: 'Image {{number}}',
    moveUp: 'Move {{name}} up',
    moveDown: 'Move {{name}} down',
    remove: 'Remove {{name}}',
    fromLibrary: 'Add from library',
    fromFile: 'Add a file…',
    fileLabel: 'Further input image files',
    hint: 'Further images the model may draw from, sent in this order after the one on the canvas.',
    full: 'That is the most an edit takes ({{max}} images).',
    pickTitle: 'Add input images'
  },
  compare: {
    label: 'Result',
    keep: 'Keep editing',
    retry: 'Try again',
    retryTitle: 'Back to the canvas with the same mask, to change the words and send again',
    results: 'Results',
    result: 'Result {{number}}',
    open: 'Open full view',
    before: 'Before',
    after: 'After',
    slider: 'Before and after',
    value: 'Before {{before}}, after {{after}}',
    hint: 'Drag the divider, or focus it and use the arrow keys. Keep editing continues from the result.'
  },
  chain: {
    label: 'Versions',
    title: 'Versions',
    hint: 'Each kept result is a version; choosing one edits it again. Later versions stay in the library.',
    original: 'Original',
    edit: 'Edit {{number}}',
    item: '{{name}}, version {{number}} of {{total}}'
  },
  tools: {
    label: 'Mask tools',
    tool: 'Tool',
    brush: 'Brush',
    brushTitle: 'Brush (B)',
    eraser: 'Eraser',
    eraserTitle: 'Eraser (E)',
    size: 'Size',
    sizeTitle: 'Brush size ([ and ])',
    brushSize: 'Brush size',
    pixels: '{{size}} px',
    history: 'History',
    undo: 'Undo',
    undoTitle: 'Undo (Ctrl+Z)',
    redo: 'Redo',
    redoTitle: 'Redo (Ctrl+Shift+Z)',
    mask: 'Mask',
    invert: 'Invert',
    invertTitle: 'Swap painted and unpainted',
    clear: 'Clear',
    zoom: 'Zoom',
    zoomOut: 'Zoom out',
    zoomIn: 'Zoom in',
    fit: 'Fit · {{zoom}}',
    fitTitle: 'Fit the image',
    overlay: 'Overlay',
    overlayTitle: 'How strongly the mask shows over the image',
    overlayOpacity: 'Mask overlay opacity'
  },
  stage: {
    image: 'The image being edited',
    mask: 'Mask: the painted area is what the model will change'
  },
  form: {
    label: 'Edit request',
    prompt: 'What should change?',
    promptPlaceholder: 'e.g. Turn the sky into a sunset',
    model: 'Model',
    loadingModels: 'Loading models…',
    noModel: 'No edit-capable model',
    noModelHint: 'No model of this gateway lists <code>{{endpoint}}</code> for your key.',
    images: 'Images',
    outputFormat: 'Output format',
    defaultFormat: 'Default',
    nothingPainted: 'Nothing painted yet: the painted area is what changes.',
    painted: 'Painted: {{share}} of the image will change.',
    send: 'Send edit',
    sending: 'Sending…',
    ready: 'Ready. The mask is sent at the image’s exact size.',
    maskExport: 'The mask could not be prepared: {{reason}}',
    wholeImage: 'Whole image: no mask is sent, so the model may change any part of it.',
    readyWhole: 'Ready. The whole image is sent, without a mask.'
  },
  issues: {
    source: 'Choose an image to edit.',
    prompt: 'Say what should change.',
    model: 'Pick a model that can edit images.',
    mask: 'Paint the area to change (B for the brush).',
    n: 'Images must be a whole number from 1 to 10.'
  }
}
