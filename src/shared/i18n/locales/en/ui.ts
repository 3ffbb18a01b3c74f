/**
 * English words of the ui area; see ../en.ts. The pieces every screen shares (ui/), the words
 * screens say about a job (jobs/: `jobs`) and the connection to the backend (api/: `link`). Jobs' words live
 * here rather than under media: the Queue, which shows no media, says them as much as the job cards do.
 */
export const ui = {
  /** The language's BCP 47 tag, for Intl's dates and numbers. */
  locale: 'en',
  /** The chat endpoints by the names designers know them (image and video ones: `images.endpoints`). */
  endpoints: {
    models: 'Model list',
    chatCompletions: 'Chat completions',
    messages: 'Messages',
    responses: 'Responses'
  },
  /** How a list is joined: "A, B or C", "A, B and C". */
  list: { separator: ', ', or: 'or', and: 'and' },
  /** Between two sentences of one paragraph. */
  sentenceGap: ' ',
  gatewayLine: {
    on: 'On {{gateway}}',
    demo: ' · Demo gateway: {{gives}}.',
    gives: {
      chat: 'replies are made-up filler text, not a real model',
      images: 'it draws placeholder shapes, not what the prompt describes',
      video: 'it returns a sample clip, not one made from the prompt'
    }
  },
  models: {
    thisGateway: 'this gateway',
    unlisted: '{{model}} is not listed by {{gateway}}, so it is no longer selected. Pick one of its models.'
  },
  modelPicker: {
    list: 'Model list',
    noProvider: 'Other',
    none: 'This gateway lists no models for this screen.',
    noMatch: 'No model matches “{{query}}”.',
    count_one: '{{count, number}} model',
    count_other: '{{count, number}} models',
    cannotPick: 'Cannot be picked: {{reason}}',
    unavailable: 'Unavailable: the gateway refused it at {{time}}; offered again from {{until}}',
    noAccess: 'Your API key has no access to it'
  },
  referenceOffer: {
    takesNone_one: '{{model}} takes no reference images, so the one you added cannot be sent with it.',
    takesNone_other:
      '{{model}} takes no reference images, so the {{count}} you added cannot be sent with it.',
    takesFewer: '{{model}} takes at most {{max}} reference images; {{count}} are added.',
    switch: 'Switch to a model that takes them (your prompt and references stay):',
    switchTo: 'Switch to {{model}}',
    upTo_one: 'up to {{count}} · {{via}}',
    upTo_other: 'up to {{count}} · {{via}}',
    noneOnGateway: 'No model on {{gateway}} takes this many reference images.',
    remove_one: 'Remove the reference image instead',
    remove_other: 'Remove the reference images instead'
  },
  clipboard: {
    copied: 'Prompt copied.',
    unavailable: 'The clipboard is not available here; select the prompt and copy it by hand.'
  },
  /** The keyboard shortcuts (ui/shortcuts.ts) and their help dialog. */
  shortcuts: {
    title: 'Keyboard shortcuts',
    open: 'Keyboard shortcuts',
    tooltip: '{{label}} ({{keys}})',
    groups: {
      general: 'Everywhere',
      screens: 'Screens',
      gallery: 'Gallery',
      chat: 'Chat message box',
      maskEditor: 'Mask editor'
    },
    items: {
      help: 'Show keyboard shortcuts',
      submit: 'Send or generate from the current screen, also while typing',
      close: 'Close a dialog, menu or list',
      screen: 'Go to {{screen}}',
      send: 'Send the message',
      newline: 'New line',
      brush: 'Brush',
      eraser: 'Eraser on or off',
      smaller: 'Smaller brush',
      larger: 'Larger brush',
      undo: 'Undo a stroke',
      redo: 'Redo a stroke',
      pan: 'Hold and drag to move the image',
      move: 'Move the brush on the focused canvas (Shift: farther)',
      paint: 'Paint at the brush; hold it with the arrows for a stroke',
      galleryMove: 'Move to the next or previous image',
      galleryEnds: 'Go to the first or last image',
      galleryOpen: 'Show the image’s details; again to show it large',
      gallerySelect: 'Add the image to the selection, or take it out',
      galleryRange: 'Select every image from the last one chosen to this one',
      galleryStars: 'Give 1 to 5 stars (to the whole selection if the image is in it)',
      galleryNoStars: 'Take the stars off',
      galleryClear: 'Clear the selection'
    },
    keys: { ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', enter: 'Enter', escape: 'Esc', space: 'Space' }
  },
  /** ui/Dialog's own words. */
  dialog: { close: 'Close', cancel: 'Cancel' },
  link: {
    missingToken: 'This page needs the address printed by `npm run web` (it carries a one-time token).',
    notSent:
      'Not sent: Gateway Studio’s backend cannot be reached right now. It reconnects on its own; try again once it is back.',
    cutOff:
      'The connection to Gateway Studio’s backend broke before it answered, so this may or may not have been done. Check once it is back.',
    noAnswer: 'The web host does not answer: it was stopped, or it crashed.',
    newAddress:
      'The web host is running again but with a new address. Open the address it printed to carry on.',
    httpStatus: 'The web host answered with HTTP {{status}}.',
    closed: 'The connection to the web host closed: it was stopped, or it crashed.',
    appBackend: 'The app’s backend did not answer ({{reason}}).'
  },
  jobs: {
    status: {
      pending: 'Waiting to send',
      running: 'Running',
      succeeded: 'Done',
      failed: 'Failed',
      cancelled: 'Cancelled',
      expired: 'Expired',
      needs_attention: 'Needs attention',
      incomplete: 'Partly done'
    },
    task: {
      pending: 'Waiting to send',
      submitting: 'Sent, waiting for the answer',
      queued: 'Queued at the gateway',
      running: 'Running at the gateway',
      succeeded: 'Done',
      failed: 'Failed',
      cancelled: 'Cancelled',
      expired: 'Expired',
      needs_attention: 'Needs attention',
      incomplete: 'Partly done'
    },
    saving: 'Saving to the library',
    /** Saving, held up by a full or read-only disk (the banner says which and where). */
    waitingForDisk: 'Waiting for disk space to save',
    waitingForBudget: 'Waiting for budget',
    /** Stop tracking on a task the gateway holds: it may still run there, and bill. */
    untracked: 'No longer tracked — the gateway may still finish and bill it',
    receiving: 'Receiving images',
    savingResult: 'Saving the result to the library',
    /** "3 of 4 ready, 1 failed". */
    partial: {
      ready: '{{ready}} of {{total}} ready',
      failed: '{{count}} failed',
      missing: '{{count}} never arrived',
      cancelled: '{{count}} cancelled',
      separator: ', '
    },
    progress: {
      percent: '{{percent}} %',
      done: '{{done}} of {{total}} done',
      soFar_one: '{{count}} image so far',
      soFar_other: '{{count}} images so far'
    },
    duration: {
      seconds: '{{seconds}} s',
      minutes: '{{minutes}} min {{seconds}} s',
      hours: '{{hours}} h {{minutes}} min',
      days_one: '{{count}} day',
      days_other: '{{count}} days'
    },
    billing: {
      unknown: 'The gateway does not say how this model is billed',
      image: 'Billed per image',
      token: 'Billed per token',
      other: 'Billed per {{unit}}'
    },
    cancel: {
      cancel: 'Cancel',
      stopTracking: 'Stop tracking',
      stopsHere: 'Stops it here; nothing more is sent.',
      asksGateway: 'Stops it here and asks the gateway to cancel it ({{call}}).',
      mayStillRun:
        'Stops following it here. The gateway has no cancel call we know of, so it may still run the task and bill it.',
      stoppedTracking: 'Stopped tracking',
      notAsked:
        'The gateway was not asked to cancel it (no cancel call is set): it may still run and bill “{{what}}”.',
      refused: 'The gateway did not cancel it',
      cancelled: 'Cancelled at the gateway',
      answers: '{{answers}} (“{{what}}”)'
    }
  }
}
