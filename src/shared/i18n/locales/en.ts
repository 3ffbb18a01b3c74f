import { chat } from './en/chat'
import { images } from './en/images'
import { compare } from './en/compare'
import { edit } from './en/edit'
import { video } from './en/video'
import { queue } from './en/queue'
import { gallery } from './en/gallery'
import { media } from './en/media'
import { ui } from './en/ui'
import { errors } from './en/errors'
import { batches } from './en/batches'
import { sending } from './en/sending'
import { money } from './en/money'
import { locations } from './en/locations'

/**
 * English, the catalog every other language follows (its keys are the type of `t`). Grouped by where the
 * words appear. Plurals use i18next's `_one` / `_other` suffixes with `count`; dates and numbers are
 * formatted by `Intl` at the call site, never spelled here.
 */
export const en = {
  // One file per area of the app, so each screen's words can change on their own.
  chat,
  images,
  compare,
  edit,
  video,
  queue,
  gallery,
  media,
  ui,
  errors,
  batches,
  sending,
  money,
  app: {
    name: 'Gateway Studio',
    startFailed: 'Gateway Studio could not start',
    /** What the web host's command line adds to a refused start: what the user can do instead. */
    cli: {
      inUse:
        'Use the Gateway Studio that is already running, or start this one with --data-dir and another folder.',
      backup:
        'A backup of the database from {{date}} is in {{path}}: start with --restore-backup to open it (the files as they are now are kept aside).',
      otherFolder: 'Or start with --data-dir and another folder to begin a new library there.'
    },
    /** The buttons of the desktop app's dialog for a refused start. */
    desktop: {
      openBackup: 'Open the backup from {{date}}',
      otherFolder: 'Choose another folder…',
      quit: 'Quit'
    }
  },
  nav: {
    main: 'Main',
    chat: 'Chat',
    images: 'Images',
    compare: 'Compare',
    edit: 'Edit',
    video: 'Video',
    queue: 'Queue',
    gallery: 'Gallery',
    settings: 'Settings'
  },
  connection: {
    refused: 'This tab’s address is no longer accepted',
    lostSince: 'No connection to Gateway Studio since {{time}}',
    paused: 'Actions that need it are paused; nothing is lost.',
    retryIn: 'Trying again in {{seconds}} s.',
    retrying: 'Trying again…',
    tryNow: 'Try now',
    /** The toast once the backend answers again and every screen has read its state afresh. */
    restored: {
      title: 'Connected again',
      body: 'Everything shown has been read afresh.'
    }
  },
  /** The banner of a disk fault under the data folder (P47): a title by fault, the backend's sentence below. */
  storage: {
    full: 'The disk is full',
    readOnly: 'The disk is read-only',
    io: 'The disk cannot be written'
  },
  notifications: {
    title: 'Notifications',
    unseen_one: 'Notifications, {{count}} unseen',
    unseen_other: 'Notifications, {{count}} unseen',
    list: 'Notification list',
    clearAll: 'Clear all',
    empty: 'Nothing here. Failures and jobs that need you are kept here.',
    hideKept: 'Hide (it stays under the bell)',
    dismiss: 'Dismiss',
    dismissItem: 'Dismiss: {{title}}'
  },
  settings: {
    title: 'Settings',
    appearance: 'Appearance',
    theme: 'Theme',
    themes: { system: 'Follow the system', light: 'Light', dark: 'Dark' },
    language: 'Language',
    languages: { system: 'Follow the system language' },
    notifyOnJobFinish: 'Tell me when a long image or video job finishes',
    about: 'About',
    version: 'Version',
    runningAs: 'Running as',
    desktopApp: 'Desktop app',
    webHost: 'Web host (browser tab)',
    dataFolder: 'Data folder',
    locations
  },
  gateways: {
    title: 'Gateways',
    intro: 'The gateway in use serves every screen. The demo gateway runs on this computer and needs no key.',
    profiles: 'Gateway profiles',
    demoName: 'Demo gateway',
    builtIn: 'Built in (runs on this computer)',
    inUseName: '{{name}} (in use)',
    inUse: 'In use',
    keyEndsIn: 'Key ••••{{last4}}',
    keyRemoved: 'Key removed',
    noKey: 'No key',
    add: 'Add a gateway',
    name: 'Name',
    namePlaceholder: 'Team gateway',
    address: 'Address',
    addressPlaceholder: 'https://gateway.example.com/t/your-team',
    addButton: 'Add gateway',
    details: '{{name}} details',
    use: 'Use this gateway',
    testing: 'Testing…',
    test: 'Test connection',
    delete: 'Delete…',
    confirmDeletion: 'Delete gateway “{{name}}”?',
    deleteQuestion:
      'Its stored key and cached model list are removed too. Images you made with it stay in your library.',
    deleteGateway: 'Delete gateway',
    keep: 'Keep it',
    apiKeyStored: 'API key (stored, ends in {{last4}})',
    apiKeyNone: 'API key (none stored)',
    keyReplace: 'Enter a new key to replace it',
    keyForOrigin: 'Paste the key for {{origin}}',
    keyForGateway: 'Paste the key for this gateway',
    saveKey: 'Save key',
    removeKey: 'Remove key',
    weakProtection: 'Weak key protection',
    weakTitle: 'This computer cannot lock the key away',
    weakBody: '{{reason}}. Anyone who can read your files as you could recover it.',
    storeAnyway: 'Store the key anyway',
    cancel: 'Cancel',
    connected_one: 'Connected: {{count}} model available',
    connected_other: 'Connected: {{count}} models available',
    advanced: 'Advanced: field names and extra JSON fields',
    advancedIntro:
      'Some gateways name hidden fields differently. Change a name here; extra fields are merged into requests of the endpoints that accept them.',
    fieldNames: 'Field names',
    extraFields: 'Extra JSON fields',
    saveAdvanced: 'Save advanced settings',
    notJson: 'That is not valid JSON: {{reason}}'
  },
  models: {
    model: 'Model',
    endpoints: 'Endpoints',
    billedPer: 'Billed per'
  },
  presets: {
    title: 'Presets and styles',
    intro:
      'A preset keeps a screen’s prompt and parameters under a name; a style puts the same words before and after any prompt, on any model. Share both with your team as one file.',
    styles: 'Styles',
    noStyles: 'No styles yet.',
    newStyle: 'New style…',
    styleName: 'Style name',
    before: 'Before the prompt',
    beforeExample: 'cinematic still of',
    after: 'After the prompt',
    afterExample: ', 35mm film grain',
    saveStyle: 'Save style',
    edit: 'Edit {{name}}',
    delete: 'Delete {{name}}',
    presets: 'Presets',
    noPresets: 'No presets yet: save one on the Images, Compare, Edit or Video screen.',
    export: 'Export presets and styles',
    download: 'Download the file',
    import: 'Import a file…',
    imported: 'Imported {{presets}} and {{styles}}.',
    presetCount_one: '{{count}} preset',
    presetCount_other: '{{count}} presets',
    styleCount_one: '{{count}} style',
    styleCount_other: '{{count}} styles',
    skipped: 'Kept your own “{{names}}” (the file has the same names).'
  },
  cancelCall: {
    title: 'Cancelling video tasks',
    set: 'Cancel sends <code>{{call}}</code> for a video task the gateway holds, and shows what the gateway answers.',
    unset:
      'Not set. The gateway interface shows no cancel endpoint, so for a task the gateway already holds the button reads “Stop tracking”: the app stops following it, and the gateway may still run and bill it.',
    howTo:
      'If your gateway documents a cancel call, set <code>video.cancel</code> in the field names above. Providers that have one take <code>{{call}}</code>, here:',
    idHint: '<code>{id}</code> is the task id the gateway gave. Save the advanced settings to use it.',
    fill: 'Fill in the provider default',
    remove: 'Remove the cancel call'
  }
}
