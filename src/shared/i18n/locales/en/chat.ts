/** English words of the chat area; see ../en.ts. */
export const chat = {
  cancel: 'Cancel',
  tryAgain: 'Try again',
  loadingModels: 'Loading models…',
  /** A conversation whose gateway profile was deleted. */
  removedGateway: 'a removed gateway',
  /** The three request styles a chat model may speak (the gateway's endpoint families). */
  styles: {
    chat: 'Chat completions',
    messages: 'Messages',
    responses: 'Responses'
  },
  header: {
    newChat: 'New chat',
    titleLabel: 'Conversation title',
    save: 'Save',
    settings: 'Chat settings',
    rename: 'Rename',
    export: 'Export',
    downloadMarkdown: 'Download Markdown',
    copyMarkdown: 'Copy Markdown',
    delete: 'Delete',
    deleteTitle: 'Delete this conversation?',
    deleteBody_one:
      '“{{title}}” and its {{count}} message go for good. Images attached only here are removed from the library.',
    deleteBody_other:
      '“{{title}}” and all {{count}} messages go for good. Images attached only here are removed from the library.',
    deleteConfirm: 'Delete conversation'
  },
  empty: {
    title: 'Start a conversation',
    withModel: 'Write below to begin. Replies stream in as they are written; Stop keeps what arrived.',
    withoutModel: 'Pick a model above, then write below. Only models that can chat are listed.',
    tipImage: 'Paste or attach an image to ask about it.',
    tipSettings: 'Chat settings hold the system prompt, temperature, max tokens and tools.',
    tipSearch: 'Every conversation is kept; search finds any word in it.'
  },
  list: {
    label: 'Conversations',
    newChat: 'New chat',
    search: 'Search conversations',
    searchPlaceholder: 'Search all messages',
    noHits: 'No conversation mentions “{{query}}”.',
    hits: 'Search results',
    history: 'Conversation history',
    none: 'Your conversations will appear here.',
    loading: 'Loading…'
  },
  model: {
    label: 'Model',
    noModels: 'No chat models on this gateway',
    pick: 'Pick a model…',
    onGateway: '{{model}} (on {{gateway}})',
    checking: '{{model}} (checking…)',
    unlisted: '{{model}} (not listed)',
    style: 'Style',
    styleIs: 'Style: {{style}}',
    notListed: '{{model}} is not listed by {{gateway}}. Pick one of its models to carry on.',
    letGo: '{{model}} is not listed by {{gateway}}, so it is no longer selected. Pick one of its models.',
    madeOn: 'Made on {{gateway}}; replies still go there. Pick a model to carry on with the gateway in use.'
  },
  composer: {
    images: 'Images to send',
    remove: 'Remove {{name}}',
    attach: 'Attach image',
    attachTitle: 'Attach an image (PNG, JPEG or WebP), or paste one',
    message: 'Message',
    placeholder: 'Message {{model}}',
    pickFirst: 'Pick a model to start',
    send: 'Send',
    sending: 'Sending…',
    stop: 'Stop',
    hint: 'Enter sends · Shift+Enter for a new line · paste an image to attach it'
  },
  message: {
    mine: 'Your message',
    reply: 'Reply',
    model: 'Model',
    arrivedWhole: '· arrived whole',
    images: 'Attached images',
    image: 'Attached image',
    imageSized: 'Attached image, {{width}}×{{height}}',
    thinking: 'Thinking',
    retry: 'Retry',
    edit: 'Edit',
    editTitle: 'Edit and send again as a new version',
    wait: 'Wait for the reply that is arriving',
    copy: 'Copy',
    toImages: 'Send to image studio'
  },
  branch: {
    previousVersion: 'Previous version',
    nextVersion: 'Next version',
    previousReply: 'Previous reply',
    nextReply: 'Next reply',
    versions: 'Versions: {{index}} of {{total}}',
    replies: 'Replies: {{index}} of {{total}}'
  },
  editBox: {
    label: 'Edit message',
    field: 'Edited message',
    note: 'Sends this as a new version with a new reply; the current version and what followed it are kept.',
    send: 'Send edited message'
  },
  regenerate: {
    button: 'Regenerate',
    again: 'Again with {{model}}',
    sameModel: 'Again with the same model',
    with: 'With {{model}}',
    otherGateway: 'Other models: switch to this conversation’s gateway first.'
  },
  tool: {
    label: 'Tool call {{name}}',
    unnamed: '(unnamed)',
    pill: 'Tool call',
    arriving: 'arguments arriving…',
    notRun: 'Not run: Gateway Studio shows tool calls but does not run tools.'
  },
  status: {
    waiting: 'Waiting for {{model}}…',
    waitingModel: 'Waiting for the model…',
    streaming: 'Streaming',
    stopped: '<pill>Stopped</pill> You stopped this reply; what arrived is kept.',
    interrupted: '<pill>Interrupted</pill> The app closed before this reply finished.',
    cutShort: '<pill>Cut short</pill> The reply reached the max tokens limit.'
  },
  usage: {
    label: 'Token usage',
    prompt: 'Prompt',
    completion: 'Completion',
    input: 'Input',
    output: 'Output',
    total: 'Total',
    cached: 'Cached',
    cacheWrite: 'Cache write',
    cacheRead: 'Cache read',
    reasoning: 'Reasoning'
  },
  messages: {
    label: 'Messages',
    jump: 'Jump to latest ↓',
    jumpBusy: 'Jump to latest ↓ (reply still arriving)'
  },
  settings: {
    label: 'Conversation settings',
    systemPrompt: 'System prompt',
    systemPromptPlaceholder: 'How the model should behave in this conversation (optional)',
    temperature: 'Temperature',
    modelDefault: 'Model default',
    maxTokens: 'Max tokens',
    maxTokensRequired: 'Max tokens (required by Messages)',
    stream: 'Stream replies',
    tools: 'Tools the model may call',
    toolsJson: 'Tools (JSON)',
    toolsPlaceholder:
      '[{"name": "get_weather", "description": "Weather for a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}]',
    toolsNote:
      'Sent in the style’s own tool format. Calls the model makes are shown; Gateway Studio does not run them.',
    temperatureRange: 'For {{style}} the temperature is a number from 0 to {{max}}.',
    maxTokensWhole: 'Max tokens is a whole number of at least 1.',
    toolsNotJson: 'Tools must be valid JSON: a list like [{"name": "get_weather", "parameters": {…}}].',
    toolsAt: 'Tools (at {{path}}): {{reason}}.',
    toolsInvalid: 'Tools: {{reason}}.',
    notToolList: 'not a list of tools'
  },
  presets: {
    label: 'Preset',
    none: 'None',
    custom: 'Custom',
    saveAs: 'Save as preset…',
    saveForm: 'Save as preset',
    delete: 'Delete preset',
    deleteNamed: 'Delete the preset {{name}}',
    name: 'Preset name',
    namePlaceholder: 'Name, e.g. Copy editor',
    save: 'Save preset'
  },
  markdown: {
    copy: 'Copy',
    copied: 'Copied',
    image: 'image',
    imageRef: '[Image: {{label}}]',
    remoteImage: 'Image: {{label}}',
    notLoaded: '({{host}}, not loaded)'
  },
  notices: {
    pickModel: 'Pick a model first.',
    presetSaved: 'Saved the preset “{{name}}”.',
    markdownCopied: 'Markdown copied.',
    codeCopied: 'Code copied.',
    copied: 'Copied.',
    downloaded: 'Saved {{file}} to your downloads.',
    copyRefused: 'Copying is not allowed here. Select the text and copy it instead.',
    notImage: '{{name}} is not a PNG, JPEG or WebP image.',
    notImageUnnamed: 'That file is not a PNG, JPEG or WebP image.',
    tooLarge: '{{name}} is larger than 10 MB.',
    tooLargeUnnamed: 'That image is larger than 10 MB.',
    tooMany: 'Up to {{max}} images can go with one message.',
    pastedImage: 'pasted image'
  }
}
