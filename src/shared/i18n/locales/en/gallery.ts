/** English words of the gallery area; see ../en.ts. */
export const gallery = {
  title: 'Gallery',
  views: 'Gallery views',
  tabs: { images: 'Images', batches: 'Batches', usage: 'Usage' },
  /** Counts other messages are built from; numbers go through Intl in the current language. */
  count: {
    images_one: '{{count, number}} image',
    images_other: '{{count, number}} images',
    files_one: '{{count, number}} file',
    files_other: '{{count, number}} files',
    jobs_one: '{{count, number}} job',
    jobs_other: '{{count, number}} jobs',
    tokens_one: '{{count, number}} token',
    tokens_other: '{{count, number}} tokens',
    hours_one: '{{count, number}} hour',
    hours_other: '{{count, number}} hours'
  },
  filters: {
    label: 'Filter images',
    search: 'Search prompts',
    searchPlaceholder: 'Search prompts and revised prompts',
    model: 'Model',
    anyModel: 'Any model',
    endpoint: 'Endpoint',
    anyEndpoint: 'Any endpoint',
    gateway: 'Gateway',
    anyGateway: 'Any gateway',
    /** A picker's choice with how many images it has (the count as the backend gives it). */
    facet: '{{name}} ({{count}})',
    createdBetween: 'Created between',
    created: 'Created',
    from: 'From',
    to: 'To',
    favoritesOnly: 'Favorites only',
    clear: 'Clear filters'
  },
  selection: {
    label: 'Selection',
    loadingImages: 'Loading images…',
    loading: 'Loading',
    loadingGallery: 'Loading the gallery',
    selectedOf_one: '{{count, number}} selected image of {{total, number}}',
    selectedOf_other: '{{count, number}} selected images of {{total, number}}',
    matching_one: '{{count, number}} image matches',
    matching_other: '{{count, number}} images match',
    stillLoading: '{{shown}} · loading…',
    selectAll: 'Select all',
    selectAllInFilter: 'Select all in filter',
    clear: 'Clear selection',
    addToBoard: 'Add to board…',
    removeFromBoard: 'Remove from this board',
    exportSelected: 'Export selected…',
    exportAll: 'Export all…',
    deleteSelected: 'Delete selected…'
  },
  /** What the last bulk action did, shown above the grid. */
  notices: {
    ok: 'OK',
    deleted: 'Deleted {{images}} ({{files}} removed).',
    deletedKept: 'Deleted {{images}} ({{files}} removed; {{kept}} kept because other images use them).',
    added: 'Added {{images}} to {{board}}.',
    alreadyOn: 'Those images were already on {{board}}.',
    removed: 'Took {{images}} off {{board}}.',
    rated: 'Gave {{images}} {{stars}}.',
    unrated: 'Took the stars off {{images}}.'
  },
  empty: {
    nothingTitle: 'No images yet',
    nothingText: 'Everything you generate on the Images, Edit and Video screens lands here, newest first.',
    boardTitle: 'This board is empty',
    boardText: 'Select images under All images and choose Add to board… to collect them here.',
    noMatchTitle: 'No images match',
    noMatchText: 'Try other words, another model or a wider date range.'
  },
  grid: {
    label: 'Images',
    untitled: 'Untitled image',
    /** A tile's name with its stars: "a red fox at dawn, 3 stars". */
    rated: '{{name}}, {{stars}}',
    /** A team image whose full file is not on this computer yet: said after its name. */
    away: '{{name}}, full file on the team location'
  },
  /** A designer's own marks on an image: stars and a note, in the details (and synced with a team). */
  marks: {
    rating: 'Stars',
    stars_one: '{{count}} star',
    stars_other: '{{count}} stars',
    none: 'No stars',
    clearTitle: 'Click again to take the stars off',
    hint: 'Choose the lit star again, or press 0, to take the stars off. In the grid, keys 1 to 5 give stars and 0 takes them off.',
    /** Keep or reject, as a batch's contact sheet marks them; pressed again, the mark comes off. */
    verdict: 'Keep or reject',
    kept: 'Keep',
    rejected: 'Reject',
    note: 'Note',
    notePlaceholder: 'What works, what to change, who it is for…',
    saving: 'Saving…',
    saved: 'Saved',
    length: '{{count}} of {{max}} characters',
    tooLong: 'A note can be up to {{max}} characters; this one has {{count}}. Shorten it and it saves.'
  },
  detail: {
    label: 'Image details',
    title: 'Details',
    close: 'Close details',
    favorite: 'Favorite',
    addFavorite: 'Add to favorites',
    deleteImage: 'Delete this image…',
    delete: 'Delete…',
    prompt: 'Prompt',
    revisedPrompt: 'Revised prompt',
    model: 'Model',
    endpoint: 'Endpoint',
    gateway: 'Gateway',
    removedGateway: 'Removed gateway',
    size: 'Size',
    unknown: 'Unknown',
    asked: '{{size}} (asked: {{asked}})',
    file: 'File',
    fileFacts: '{{format}}, {{bytes}}',
    seed: 'Seed',
    usage: 'Usage',
    billed: { token: 'token-billed', image: 'image-billed', other: '{{unit}}-billed' },
    tokensNone: 'Token-billed; no usage reported',
    imagesBilled: '{{images}} billed',
    imagesBilledTokens: '{{images}} billed ({{tokens}} reported)',
    notReported: 'Not reported',
    wholeJob: 'Reported for the whole job, not per image',
    wholeJobImages: 'Reported for the whole job ({{images}}), not per image',
    created: 'Created',
    copy: 'Gateway’s copy',
    copyData: 'None: the image arrived as data; ours is kept',
    copyNoExpiry: 'The gateway states no expiry; ours is kept',
    copyExpires: 'Expires around {{at}}: the gateway keeps it about {{hours}}; ours is kept',
    copyExpired: 'Expired around {{at}}: the gateway keeps it about {{hours}}; ours is kept',
    job: 'Job',
    openInQueue: 'Open in Queue',
    allParameters: 'All parameters',
    loading: 'Loading…',
    /** "Use these settings": the image's settings into the Images screen's form. */
    useSettings: 'Use these settings',
    loadingSettings: 'Loading its settings…',
    /** An image brought in from outside, and what its file said of itself (issue 26). */
    importedFrom: 'Imported from {{file}}',
    imported: 'Imported',
    fileSettings: 'Settings in the file',
    madeWith: {
      gatewayStudio: 'Made with Gateway Studio',
      comfyui: 'Made with ComfyUI',
      invokeai: 'Made with InvokeAI',
      a1111: 'Made with Automatic1111'
    },
    noSettings: 'This file carries no settings.',
    negativePrompt: 'Negative prompt',
    steps: 'Steps',
    guidance: 'CFG',
    sampler: 'Sampler',
    credentials: 'Content credentials present',
    credentialsText: 'The file is never changed: its details travel beside it in a sidecar file.'
  },
  /** One image leaving the app with its story (issue 26): "Save as…", a drag out, "Copy image". */
  exit: {
    label: 'Save or copy this image',
    saveAs: 'Save as…',
    saveAsHint: 'Saves a copy with its prompt and settings written into the file.',
    saveAsZip:
      'This file carries content credentials, so it is never changed: it is saved as a .zip holding the untouched file and, beside it, its prompt and settings.',
    copyImage: 'Copy image',
    copyImageHint: 'Copies the image and, as text, its prompt and settings.',
    copying: 'Copying…',
    copied: 'Copied the image and, as text, its prompt and settings.',
    copyFailed: 'The image could not be copied here. Save it with Save as… instead.',
    dragHint: 'Drag out of the window to save a copy with its prompt and settings',
    /** One setting in the copied text: "Model: studio-image-v3". */
    storyLine: '{{label}}: {{value}}'
  },
  /** A job's stored status, as the detail names it. */
  jobStatus: {
    pending: 'pending',
    running: 'running',
    succeeded: 'succeeded',
    failed: 'failed',
    expired: 'expired',
    cancelled: 'cancelled',
    incomplete: 'incomplete',
    needsAttention: 'needs attention'
  },
  deleteDialog: {
    title_one: 'Delete {{count, number}} image?',
    title_other: 'Delete {{count, number}} images?',
    body_one:
      'The image and its file are removed from the library. A file that another image still uses is kept. This cannot be undone.',
    body_other:
      'These {{count, number}} images and their files are removed from the library. A file that another image still uses is kept. This cannot be undone.',
    keep_one: 'Keep it',
    keep_other: 'Keep them',
    confirm_one: 'Delete {{count, number}} image',
    confirm_other: 'Delete {{count, number}} images',
    /**
     * When some of the images are on boards shared with a team location: what deleting them here does
     * to the team, and the second answer. `{{location}}` is a location's name as the user gave it.
     */
    team: {
      onBoard_one: '{{count, number}} of these is on the team board “{{board}}” ({{location}}).',
      onBoard_other: '{{count, number}} of these are on the team board “{{board}}” ({{location}}).',
      itOnBoard: 'It is on the team board “{{board}}” ({{location}}).',
      moreBoards_one: 'And on {{count, number}} more team board.',
      moreBoards_other: 'And on {{count, number}} more team boards.',
      hereBoard_one:
        'Deleting it here takes it off that board for your teammates too. They keep the image in their galleries.',
      hereBoard_other:
        'Deleting them here takes them off that board for your teammates too. They keep the images in their galleries.',
      hereBoards_one:
        'Deleting it here takes it off those boards for your teammates too. They keep the image in their galleries.',
      hereBoards_other:
        'Deleting them here takes them off those boards for your teammates too. They keep the images in their galleries.',
      everyoneIt:
        '“Delete for everyone” also removes it from the team library and from your teammates’ galleries when they next sync. A teammate who made or imported it themselves keeps it.',
      everyoneThem_one:
        '“Delete for everyone” also removes {{count, number}} of them from the team library and from your teammates’ galleries when they next sync. A teammate who made or imported it themselves keeps it.',
      everyoneThem_other:
        '“Delete for everyone” also removes {{count, number}} of them from the team library and from your teammates’ galleries when they next sync. Images a teammate made or imported themselves stay in their gallery.',
      deleteHere: 'Delete here',
      deleteForEveryone: 'Delete for everyone'
    }
  },
  exportDialog: {
    title: 'Export images',
    what: 'What',
    selected_one: 'The {{count, number}} selected image',
    selected_other: 'The {{count, number}} selected images',
    inView_one: 'All {{count, number}} image in this view',
    inView_other: 'All {{count, number}} images in this view',
    tells: 'What each image tells',
    profileFull: 'Full: prompt, settings and gateway, in each file',
    profilePublic: 'Public: only that a model made it, nothing more',
    as: 'As',
    zip: 'Zip file',
    folder: 'Folder',
    where: 'Where',
    exportsFolder: 'The app’s exports folder',
    exportsFolderDownload: 'The app’s exports folder, with a download link here',
    exportsFolderUnknown: 'the exports folder',
    otherFolder: 'A folder on this computer',
    folderPath: 'Folder (full path)',
    fileNames: 'File names',
    fileNamesHint: 'Uses <code>{{fields}}</code>; a clash gets -2, -3…',
    manifest:
      'Each export also holds <code>manifest.json</code>, <code>manifest.csv</code> and an <code>index.html</code> you can open offline.',
    batchTitle: 'Export “{{name}}”',
    manifestBatch:
      'The export also holds <code>batch.csv</code>, one row per job of the batch (failed ones too) with its files and marks, beside <code>manifest.json</code>, <code>manifest.csv</code> and <code>index.html</code>.',
    batchKept_one: 'The {{count, number}} kept image',
    batchKept_other: 'The {{count, number}} kept images',
    batchAll_one: 'The batch’s {{count, number}} image',
    batchAll_other: 'All {{count, number}} images of the batch',
    cancel: 'Cancel',
    start: 'Start export'
  },
  batches: {
    label: 'Batches',
    listLabel: 'Batches and compares, newest first',
    none: 'No batches yet',
    noneText: 'A batch from Images, Edit or Video, or a Compare, shows up here to review when it runs.',
    pick: 'Pick a batch to review its images.',
    loading: 'Loading the batch…',
    screen: { images: 'Images', edit: 'Edit', video: 'Video', compare: 'Compare' },
    listFacts: '{{screen}} · {{date}} · {{done, number}} of {{total, number}} done',
    keptCount_one: '{{count, number}} kept',
    keptCount_other: '{{count, number}} kept',
    rejectedCount_one: '{{count, number}} rejected',
    rejectedCount_other: '{{count, number}} rejected',
    failedCount_one: '{{count, number}} failed',
    failedCount_other: '{{count, number}} failed',
    openCount_one: '{{count, number}} still on its way',
    openCount_other: '{{count, number}} still on their way',
    progress: '{{done, number}} of {{total, number}} jobs finished',
    keptToBoard_one: 'Add {{count, number}} kept image to a board…',
    keptToBoard_other: 'Add {{count, number}} kept images to a board…',
    addedToBoard_one: '{{count, number}} image added to {{board}}.',
    addedToBoard_other: '{{count, number}} images added to {{board}}.',
    export: 'Export batch…',
    toolbar: 'Contact sheet view',
    groupBy: 'Group by',
    byPrompt: 'Prompt',
    byModel: 'Model',
    show: 'Show',
    shows: {
      all: 'All {{count, number}}',
      unreviewed: 'Not marked {{count, number}}',
      kept: 'Kept {{count, number}}',
      rejected: 'Rejected {{count, number}}',
      failed: 'Failed {{count, number}}'
    },
    keys: 'Keys: P or K keeps, X rejects, U clears, arrows move, Enter shows it large.',
    sheetLabel: 'Contact sheet of {{name}}',
    headingCount_one: '{{count, number}} · {{kept, number}} kept',
    headingCount_other: '{{count, number}} · {{kept, number}} kept',
    seed: 'seed {{seed}}',
    imageOf_one: 'image {{n, number}} of {{count, number}}',
    imageOf_other: 'image {{n, number}} of {{count, number}}',
    verdict: { kept: 'Kept', rejected: 'Rejected', none: 'Not marked' },
    keep: 'Keep',
    reject: 'Reject',
    keepKey: 'Keep (P)',
    rejectKey: 'Reject (X)',
    review: 'Review images',
    empty: {
      all: 'This batch has no jobs.',
      unreviewed: 'Every image is marked.',
      kept: 'Nothing kept yet. Press P on an image to keep it.',
      rejected: 'Nothing rejected.',
      failed: 'No job of this batch failed.'
    }
  },
  exports: {
    label: 'Exports',
    zip_one: 'Zip export of {{count, number}} image',
    zip_other: 'Zip export of {{count, number}} images',
    folder_one: 'Folder export of {{count, number}} image',
    folder_other: 'Folder export of {{count, number}} images',
    progress: '{{label}} progress',
    cancel: 'Cancel export',
    dismiss: 'Dismiss',
    preparing: 'Preparing names, manifest and page…',
    written: '{{done, number}} of {{total, number}} written · {{bytes}}',
    done: 'Exported {{images}} ({{bytes}}).',
    doneSkipped: 'Exported {{images}} ({{bytes}}); {{skipped}} left out, their files are missing.',
    download: 'Download zip',
    cancelled: 'Cancelled. Nothing was left behind.',
    failed: 'The export failed.',
    nothingLeft: 'Nothing was left behind.'
  },
  /** Bringing existing images in (issue 26): files picked, dropped or pasted, or a whole folder. */
  imports: {
    open: 'Import…',
    title: 'Import images',
    intro:
      'Images keep the settings their files carry (from this app, ComfyUI, InvokeAI or Automatic1111). An image already in the gallery is not added twice.',
    files: 'Images on this computer',
    chooseFiles: 'Choose images…',
    filesHint: 'PNG, JPEG or WebP, up to 48 MB each. You can also drop images on the gallery, or paste one.',
    folder: 'A whole folder',
    folderPath: 'Folder (full path)',
    folderHint: 'Its sub-folders are imported too. This runs in the background; you can close this.',
    importFolder: 'Import folder',
    close: 'Close',
    dropHere: 'Drop images to import them',
    /** Files sent from this window, a few at a time. */
    importing: 'Importing {{n, number}} of {{total, number}}…',
    importingLabel: 'Importing images',
    /** The outcome of files picked, dropped or pasted. */
    done_one: '{{count, number}} image imported.',
    done_other: '{{count, number}} images imported.',
    doneSkipped: '{{added, number}} imported, {{skipped, number}} skipped.',
    noneAdded_one: 'Nothing imported: the file was skipped.',
    noneAdded_other: 'Nothing imported: all {{count, number}} files were skipped.',
    notSent_one: '{{count, number}} file was not sent.',
    notSent_other: '{{count, number}} files were not sent.',
    skippedFile: '{{name}}: {{reason}}',
    /** Why a file was left out, as a designer would say it. */
    reasons: {
      duplicate: 'already in the gallery',
      notAnImage: 'not a PNG, JPEG or WebP image',
      tooLarge: 'over 48 MB',
      damaged: 'damaged or cut short',
      unreadable: 'could not be read'
    },
    /** A folder import in the tray, like an export. */
    label: 'Imports',
    folderTitle: 'Import of {{folder}}',
    progress: '{{label}} progress',
    counting: 'Counting files… {{total, number}} found so far',
    progressText: '{{done, number}} of {{total, number}} files · {{added, number}} added',
    cancel: 'Cancel import',
    dismiss: 'Dismiss',
    succeeded: 'Imported {{images}}.',
    succeededSkipped: 'Imported {{images}}; {{skipped}} skipped.',
    cancelled: 'Cancelled. {{images}} imported before it stopped stay in the gallery.',
    failed: 'The import failed.',
    keptBefore: '{{images}} imported before it stopped stay in the gallery.',
    showSkipped_one: 'Show the skipped file',
    showSkipped_other: 'Show the {{count, number}} skipped files',
    more_one: 'and {{count, number}} more',
    more_other: 'and {{count, number}} more'
  },
  /**
   * The `index.html` an export holds, written by the backend (src/main/gallery/html.ts) in the language the
   * user exported in; it counts images with count.images, and Intl writes its dates and sizes.
   */
  exportPage: {
    title: '{{app}} export',
    summary: '{{images}} · exported {{date}} from {{app}}',
    /** A review page's line under its board's name. */
    reviewSummary: '{{images}} · shared for review {{date}} from {{app}}',
    /** Before the prompt as the gateway rewrote it. */
    revisedPrompt: 'Revised prompt: ',
    model: 'Model',
    size: 'Size',
    created: 'Created',
    file: 'File',
    fileSize: 'File size',
    job: 'Job'
  },
  usage: {
    period: 'Period',
    lastDays_one: 'Last {{count, number}} day',
    lastDays_other: 'Last {{count, number}} days',
    allTime: 'All time',
    intro:
      'From the usage each job recorded. Token-billed models count tokens; image-billed models count images.',
    totals: 'Totals',
    tokens: 'Tokens',
    images: 'Images',
    jobs: 'Jobs',
    nothingRecorded: 'Nothing recorded in this period.',
    unbilledTitle: 'Jobs whose model had no billing unit in the catalog',
    unbilled: '({{count, number}} unbilled)',
    emptyTitle: 'No usage in this period',
    emptyText: 'Generate images or videos and their usage shows up here.',
    byDay: 'By day',
    day: 'Day',
    byModel: 'By model',
    model: 'Model',
    byGateway: 'By gateway',
    gateway: 'Gateway',
    foot: '{{jobs}} counted · days in {{zone}}',
    /** Money from the ledger: what counted against the caps, the estimate and the actual cost beside it. */
    spending: {
      title: 'Spending',
      intro: 'Estimated before each send; actual from the usage the gateway reports.',
      empty:
        'No spending in this period: costs show here once a gateway’s prices are set in Settings › Gateways › Prices.',
      totals: 'Spending totals',
      spent: 'Spent',
      spentTitle:
        'The actual cost where the gateway reported it, else the estimate. Jobs still running count at their estimate.',
      sends_one: '{{count, number}} send',
      sends_other: '{{count, number}} sends',
      running: 'including {{amount}} for jobs still running',
      versus: 'Actual vs estimate: {{amount}}',
      byDay: 'Spending by day',
      byModel: 'Spending by model',
      byGateway: 'Spending by gateway',
      byBatch: 'Spending by batch',
      batch: 'Batch',
      deletedBatch: 'Deleted batch',
      noBatches: 'No batch spent anything in this period.',
      topBatches_one: 'Showing the batch that spent the most.',
      topBatches_other: 'Showing the {{count, number}} batches that spent the most.',
      sendsColumn: 'Sends',
      sendsTitle: 'Requests sent to the gateway with a price. A job can make more than one.',
      estimate: 'Estimate',
      actual: 'Actual',
      difference: 'Difference',
      kept: 'Kept',
      perKept: 'Per kept image',
      perKeptTitle: 'All this model cost in the period, over the images kept (marked in Gallery › Batches)',
      noneKept: 'No image of this model is kept yet: keep images in Gallery › Batches',
      differenceTitle: 'Actual minus estimate, for the sends whose actual cost is known',
      notReported: 'The gateway has not reported what these cost yet',
      actualOf_one: '({{known, number}} of {{count, number}} send)',
      actualOf_other: '({{known, number}} of {{count, number}} sends)',
      actualOfTitle:
        'The actual cost of {{known, number}} of these sends is known; the others are still running or the gateway did not report it.',
      chart: 'Spending per day',
      chartIn: 'Spending per day in {{currency}}',
      chartSummary:
        'Spending per day from {{first}} to {{last}}: {{total}} in all, most on {{peakDay}} ({{peak}}).',
      chartNothing: 'Spending per day from {{first}} to {{last}}: nothing spent.',
      chartBar: '{{day}}: {{amount}}'
    }
  },
  boards: {
    list: 'Boards',
    all: 'All images',
    new: '+ New board',
    newName: 'New board name',
    create: 'Create',
    cancel: 'Cancel',
    board: 'Board {{name}}',
    name: 'Board name',
    rename: 'Rename',
    renameMenu: 'Rename…',
    deleteQuestion_one: 'Delete the board “{{name}}”? Its {{count, number}} image stays in the gallery.',
    deleteQuestion_other: 'Delete the board “{{name}}”? Its {{count, number}} images stay in the gallery.',
    delete: 'Delete board',
    deleteMenu: 'Delete board…',
    keep: 'Keep it',
    addTitle_one: 'Add {{count, number}} image to a board',
    addTitle_other: 'Add {{count, number}} images to a board',
    choice: 'Board',
    newBoard: 'A new board',
    count: ' ({{images}})',
    add: 'Add to board',
    find_one: 'All {{count, number}} board…',
    find_other: 'All {{count, number}} boards…',
    findTitle: 'Show a board',
    findLabel: 'Board name',
    findNone: 'No board’s name has “{{text}}” in it.'
  },
  /**
   * The team library from the gallery (docs/ARCHITECTURE.md §6.1): a board shared with a team location,
   * a sync, and who a team image came from. `{{location}}` is a location's name as the user gave it.
   */
  team: {
    shareMenu: 'Share with team…',
    shareTitle: 'Share “{{board}}” with the team',
    loading: 'Looking up your team locations…',
    none: 'There is no team location on this computer yet. A team location is the bucket, server or shared folder your team keeps its library in: add it in Settings › Team locations, then share the board.',
    openSettings: 'Open Settings',
    location: 'Team location',
    kinds: { s3: 'Bucket', webdav: 'WebDAV server', folder: 'Shared folder' },
    /** What sharing does, as the dialog says it before Share. */
    whatGoes_one:
      'The board’s {{count, number}} image goes to {{location}}, with its prompt and whether it is kept or rejected.',
    whatGoes_other:
      'The board’s {{count, number}} images go to {{location}}, with their prompts and whether each is kept or rejected.',
    whatGoesEmpty: 'The board goes to {{location}}, empty for now.',
    teammates: 'Teammates who sync with {{location}} get the board in their gallery.',
    bothWays:
      'From then on, changes to the board (its name, the images on it, kept or rejected) go both ways whenever anyone syncs.',
    nothingDeleted: 'Nothing is ever deleted at the location.',
    share: 'Share',
    cancel: 'Cancel',
    background: 'Keep sharing in the background',
    done: 'Done',
    sharing: 'Sharing {{images}} with {{location}}…',
    sharingLabel: 'Sharing the board',
    sharingSlow: 'Many images can take a while. Sharing goes on if you close this window.',
    shared: 'Shared with {{location}}. Teammates see “{{board}}” after they sync.',
    /** Shown on the gallery when the dialog was closed before the share ended. */
    sharedNotice: 'Shared “{{board}}” with {{location}}.',
    shareFailed: 'Could not share with {{location}}',
    /** The mark beside a board linked to a team location. */
    mark: 'team',
    sharedWith: 'shared with {{locations}}',
    sync: 'Sync with team',
    syncing: 'Syncing with {{location}}…',
    syncingOf: 'Syncing with {{location}} ({{at, number}} of {{total, number}})…',
    /** The outcome of a sync of every saved location. */
    synced: {
      added_one: '{{count, number}} new image from the team.',
      added_other: '{{count, number}} new images from the team.',
      changes: 'Changes from the team are in. No new images.',
      sent: 'Your changes went to the team. Nothing new from them.',
      upToDate: 'Up to date.',
      /** Said after the rest: copies of team images the team deleted for everyone. */
      removed_one: '{{count, number}} image the team deleted is gone from your gallery.',
      removed_other: '{{count, number}} images the team deleted are gone from your gallery.'
    },
    syncFailed: 'Could not sync with {{location}}',
    /** An image a sync brought in: who shared it, and through which location when this computer has it. */
    from: 'From the team · shared by {{author}}',
    fromVia: 'From the team · shared by {{author}} via {{location}}',
    received: 'Received',
    /** A team board's menu: its images' full files come to this computer, not only their thumbnails. */
    keepFiles: 'Keep files on this computer',
    keepFilesHint:
      'Brings the full files of this board’s images now and whenever the team adds more. Turning it off deletes nothing: files already here stay.',
    /** In the details of a team image whose full file could not be brought from its location. */
    fileAway:
      'Only a preview is on this computer. The full file is on the team location, which can’t be reached right now: try again when it’s back.',
    /** In the details of a team image, shown on its preview while its full file comes from the location. */
    fileFetching: 'Fetching the full image…',
    /** "Share for review": the board as a web page on a team location, for people without the app. */
    review: {
      menu: 'Share for review…',
      title: 'Share “{{board}}” for review',
      intro:
        'Puts the board on a team location as a web page. Send its link to people who don’t have Gateway Studio: they see the images, and can’t change anything.',
      what: 'What reviewers see',
      profiles: {
        full: 'The images with their prompts and settings',
        public: 'The images only, without prompts or settings'
      },
      lifetime: 'The link works for',
      lifetimes: { s3600: '1 hour', s86400: '1 day', s604800: '7 days' },
      noExpiry:
        'On a WebDAV server or a shared folder the page stays until you take it down, and reviewers need access to that server or folder to open it.',
      create: 'Create review page',
      making: 'Putting {{images}} on {{location}}…',
      makingLabel: 'Creating the review page',
      made: 'The review page is ready. Send this link to your reviewers:',
      link: 'Review link',
      copy: 'Copy link',
      open: 'Open',
      failed: 'Could not create the review page on {{location}}',
      pages: 'Review pages of this board',
      nonePages: 'No review pages yet.',
      row: '{{location}} · {{images}}, {{profile}} · created {{date}}',
      profileShort: { full: 'with prompts', public: 'images only' },
      states: {
        live: 'The link works until {{date}}',
        liveUntilTakenDown: 'Up until you take it down',
        expired: 'The link expired {{date}}; its files are still at the location',
        revoked: 'Taken down',
        unfinished: 'Not finished: some of its files may be at the location'
      },
      goneLocation: 'A removed location',
      takeDown: 'Take down',
      removeFiles: 'Remove its files',
      close: 'Close'
    }
  }
}
