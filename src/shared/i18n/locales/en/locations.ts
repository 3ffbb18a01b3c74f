/**
 * English words of Settings › Team locations (`settings.locations`): the places a team library lives (a
 * bucket, a WebDAV server, a shared folder), their checks and the form that adds or changes one; see
 * ../en.ts. A designer reads these, so a location's problem says what to look at, not what failed inside.
 * `{{name}}` is a location's name as the user gave it; addresses, paths and user names are shown as typed.
 */
export const locations = {
  title: 'Team locations',
  intro:
    'Where your team’s library lives: a bucket, a WebDAV server or a shared folder. Keys and passwords stay on this computer and are never shown again.',
  yourName: 'Your name on shared work',
  yourNameHint:
    'Teammates see it beside the images you share. Left empty, it is this computer’s user name, {{user}}.',
  nameSaved: 'Saved.',
  list: 'Saved locations',
  empty: 'No team locations yet. Add the bucket, server or shared folder your team keeps its library in.',
  add: 'Add a location',
  /** What each kind is called: in the choice, and beside a saved location. */
  kinds: {
    s3: 'Bucket (S3-compatible)',
    webdav: 'WebDAV server',
    folder: 'Shared folder'
  },
  kindsShort: {
    s3: 'Bucket',
    webdav: 'WebDAV',
    folder: 'Shared folder'
  },
  kindHints: {
    s3: 'AWS S3, Cloudflare R2, MinIO, Backblaze B2 and other services that speak S3.',
    webdav: 'A NAS, Nextcloud, ownCloud or another server that shares folders over WebDAV.',
    folder: 'A folder everyone on the team can open: Dropbox, a synced drive or a file server.'
  },
  /** Where a saved location is. */
  address: {
    s3: '{{bucket}}/{{prefix}} at {{endpoint}}'
  },
  /** `{{hint}}` is the backend's hint of an access key: its last 4 characters after an ellipsis (…ABCD). */
  keyHint: 'Key {{hint}}',
  user: 'User {{name}}',
  noCredentials: 'No keys saved',
  noSignIn: 'No sign-in',
  /** The last check of a saved location. */
  state: {
    reached: 'Reached {{ago}}',
    unreached: 'Could not be reached: {{problem}}',
    checkedAgo: 'Checked {{ago}}',
    notChecked: 'Not checked yet',
    justNow: 'just now',
    checking: 'Checking…'
  },
  checkAgain: 'Check again',
  checkAgainNamed: 'Check again: {{name}}',
  edit: 'Edit',
  editNamed: 'Edit {{name}}',
  remove: 'Remove…',
  removeNamed: 'Remove {{name}}…',
  confirmRemove: {
    title: 'Remove “{{name}}” from this computer?',
    body: 'Nothing at the location is deleted: the library stays where it is for everyone else. Only this computer forgets the address and its keys or password.',
    keep: 'Keep it',
    confirm: 'Remove from this computer'
  },
  /**
   * Clean up: removes from a location what nothing uses any more. `{{files}}` is a count of files
   * (`gallery.count.files`), `{{size}}` a size (12.5 MB).
   */
  cleanUp: 'Clean up…',
  cleanUpNamed: 'Clean up {{name}}…',
  confirmCleanUp: {
    title: 'Clean up “{{name}}”?',
    intro: 'A normal sync only adds files. Clean up removes what nothing uses any more:',
    images: 'files of images the team deleted, once they are a day old',
    snapshots: 'older copies of the library’s index (the newest of each computer stays)',
    reviewPages: 'review pages from this computer that were taken down, expired or never finished',
    unfinished: 'pieces of uploads that were cut off, once they are a day old',
    kept: 'Images still in the library, their history and everyone’s changes stay. Your gallery is not touched.',
    credentials:
      'It needs credentials allowed to delete files at the location; a sync needs only to add them.',
    keep: 'Cancel',
    confirm: 'Clean up',
    running: 'Syncing, then cleaning up “{{name}}”…',
    runningLabel: 'Cleaning up',
    again: 'Try again',
    done: 'Done',
    failed: 'Clean up of “{{name}}” stopped'
  },
  /** What Clean up did, shown in its dialog once it is done. */
  cleanedUp: {
    nothing: 'Nothing to remove: everything at this location is still in use.',
    removed: 'Removed {{files}} ({{size}}).',
    recent_one: '{{count, number}} recent file was kept: a teammate may still be sharing it.',
    recent_other: '{{count, number}} recent files were kept: a teammate may still be sharing them.',
    undated_one: '{{count, number}} file was kept because the location does not say how old it is.',
    undated_other: '{{count, number}} files were kept because the location does not say how old they are.',
    unread_one:
      '{{count, number}} file was kept: a teammate’s newer Gateway Studio writes here, and this version cannot tell whether it is still in use. Update the app to clean it up.',
    unread_other:
      '{{count, number}} files were kept: a teammate’s newer Gateway Studio writes here, and this version cannot tell whether they are still in use. Update the app to clean them up.',
    kindsLabel: 'Removed, by kind',
    kinds: {
      images: 'Images deleted by the team: {{files}} ({{size}})',
      thumbnails: 'Their thumbnails: {{files}} ({{size}})',
      snapshots: 'Older copies of the library’s index: {{files}} ({{size}})',
      reviewPages: 'Taken-down review pages: {{files}} ({{size}})',
      unfinished: 'Pieces of cut-off uploads: {{files}} ({{size}})'
    }
  },
  saved: '“{{name}}” is saved.',
  removed: '“{{name}}” is removed from this computer.',
  /** The form that adds or changes a location. */
  form: {
    addTitle: 'Add a location',
    editTitle: 'Change “{{name}}”',
    kind: 'Kind of location',
    name: 'Name',
    nameHint: 'What Gateway Studio calls this location.',
    endpoint: 'Endpoint',
    endpointPlaceholder: 'https://s3.eu-central-1.amazonaws.com',
    endpointHint: 'The service’s S3 address. Cloudflare R2: https://<account>.r2.cloudflarestorage.com',
    region: 'Region',
    regionPlaceholder: 'eu-central-1',
    regionHint: 'R2 uses auto. A service without regions takes us-east-1.',
    bucket: 'Bucket',
    prefix: 'Folder in the bucket (optional)',
    prefixHint: 'The library goes in this folder, like team/library/. Empty: the whole bucket.',
    pathStyle: 'Path-style addressing',
    pathStyleHint:
      'The bucket goes in the path, not in the host name. MinIO, NAS servers and most services other than AWS need it on; AWS wants it off. It follows the endpoint until you change it.',
    accessKeyId: 'Access key ID',
    secretAccessKey: 'Secret access key',
    keysHint: 'From the service’s console. A key that can read and add files is enough.',
    url: 'Folder address',
    urlPlaceholder: 'https://nas.local/remote.php/dav/files/ana/Team/',
    urlHint: 'The web address of the folder the library goes in.',
    username: 'User name (optional)',
    password: 'Password (optional)',
    signInHint: 'Leave both empty if the server asks for no sign-in.',
    path: 'Full path of the folder',
    pathPlaceholder: '/Volumes/Team/Library',
    pathHint: 'Where the folder is on this computer, like /Volumes/Team/Library or D:\\Team\\Library.',
    /** Editing: a secret never comes back, so its field starts empty. */
    keepSecret: 'Leave empty to keep the saved one.',
    keepKeys: 'Saved: key {{hint}}. Leave both empty to keep the saved keys.',
    keepPassword: 'Leave empty to keep the saved password.',
    /** Editing a location with shared boards so that it points at another bucket, folder or server. */
    elsewhere_one:
      'This points “{{name}}” at another place, which is another team library. The board shared through it will no longer be linked when you save: it stays in your gallery, and you can share it again.',
    elsewhere_other:
      'This points “{{name}}” at another place, which is another team library. The {{count, number}} boards shared through it will no longer be linked when you save: they stay in your gallery, and you can share them again.',
    movedServer:
      'This is another server: the saved keys or password are not sent to it, and are forgotten when you save. Enter them again below.',
    test: 'Test connection',
    testing: 'Testing…',
    save: 'Save location',
    saving: 'Saving…',
    cancel: 'Cancel'
  },
  /** The answer of Test connection, in the live region under the buttons. */
  result: {
    reached: 'Reached. Gateway Studio can open this location.',
    unreached: 'Could not be reached',
    status: 'The server answered HTTP {{status}}.'
  },
  /** Why a location could not be reached (LocationProblem), by kind of location where it differs. */
  problems: {
    denied: {
      s3: 'The server refused these credentials, or they may not read this bucket.',
      webdav: 'The server refused this user name and password, or this user may not open the folder.',
      folder: 'This computer may not open that folder. Ask whoever shares it to let you in.'
    },
    missing: {
      s3: 'There is no such bucket at this address.',
      webdav: 'There is no such folder at this address.',
      folder: 'There is no such folder on this computer. Check the path, and that the drive is connected.'
    },
    unreachable: {
      s3: 'Nothing answered at this address. Check it, and that you are online.',
      webdav: 'Nothing answered at this address. Check it, and that you are online.',
      folder: 'The folder did not answer. If it is on a network drive, check that it is connected.'
    },
    full: {
      s3: 'The location is full.',
      webdav: 'The location is full.',
      folder: 'The disk of that folder is full.'
    },
    failed: {
      s3: 'The server answered with an error (HTTP {{status}}).',
      webdav: 'The server answered with an error (HTTP {{status}}).',
      folder: 'The folder could not be used. Try again in a moment.'
    },
    failedNoStatus: 'The server answered with something Gateway Studio could not read.'
  },
  /** What is wrong with a field, shown under it. */
  fields: {
    nameEmpty: 'Give the location a name.',
    nameLong: 'A name has at most 80 characters.',
    endpoint: 'Give the web address of the service, starting with https://.',
    url: 'Give the web address of the folder, starting with https://.',
    addressSignIn: 'Leave the user name and password out of the address: they have their own fields.',
    addressLong: 'That address is too long.',
    region: 'Give the region (us-east-1 if the service has no regions).',
    regionLong: 'A region has at most 64 characters.',
    bucketEmpty: 'Give the name of the bucket.',
    bucket: 'A bucket name has 3 to 63 lowercase letters, digits, dots or dashes, and no spaces.',
    prefix: 'Give plain folder names separated by /, like team/library/ (at most 8 folders).',
    pathEmpty: 'Give the full path of the shared folder.',
    pathRelative: 'Give the full path, from the top of the disk, like /Volumes/Team/Library.',
    pathLong: 'That path is too long.',
    accessKeyId: 'Give the access key ID.',
    secretAccessKey: 'Give the secret access key.',
    username: 'Give the user name that goes with this password.',
    password: 'Give the password for this user.',
    usernameCleared: 'Give a user name. To stop signing in, remove the location and add it again.',
    tooLong: 'That is too long.',
    other: 'Check this value.'
  }
}
