/** English words of the queue area; see ../en.ts. */
export const queue = {
  title: 'Queue',
  /** Under the title, and said for the navigation badge. */
  summary: {
    nothing: 'Nothing running',
    running: '{{count, number}} running',
    waiting: '{{count, number}} waiting',
    attention: '{{count, number}} need attention'
  },
  badge: {
    running: '{{count, number}} running',
    waiting: '{{count, number}} waiting',
    attention_one: '{{count, number}} needs attention',
    attention_other: '{{count, number}} need attention',
    and: ', '
  },
  filters: {
    status: 'Status',
    statuses: {
      all: 'Any status',
      active: 'In progress',
      attention: 'Needs attention',
      done: 'Done',
      failed: 'Failed or partly done',
      cancelled: 'Cancelled'
    },
    kind: 'Kind',
    kinds: { all: 'Any kind', image: 'Images', edit: 'Edits', video: 'Videos' },
    gateway: 'Gateway',
    anyGateway: 'Any gateway',
    clear: 'Clear filters'
  },
  empty: {
    filteredTitle: 'No jobs match these filters',
    filteredText: 'Try another status, kind or gateway.',
    title: 'No jobs yet',
    text: 'Videos, image groups and every other generation show up here while they run, with their progress and results. They keep going when the app restarts.',
    makeVideo: 'Make a video',
    generateImages: 'Generate images'
  },
  loadFailed: 'The queue could not be loaded',
  list: 'Jobs',
  loading: 'Loading…',
  older: 'Show older jobs',
  /** The whole queue's pause, above the list. */
  team: {
    title: 'Team sync',
    starting: 'Reaching {{name}}…',
    publish: 'Sharing with {{name}}',
    sync: 'Syncing with {{name}}',
    cleanUp: 'Cleaning up {{name}}',
    sending: '{{done, number}} of {{total, number}} images sent',
    sendingBytes: '{{done, number}} of {{total, number}} images sent · {{sent}} of {{size}}',
    reading: "Reading teammates' changes: {{done, number}} of {{total, number}}",
    receiving: '{{done, number}} of {{total, number}} images received',
    progressLabel: 'Progress with {{name}}',
    failed: 'Could not sync with {{name}}',
    failedAt: 'Last tried {{time}}. Changes made here wait and go out once it can be reached.',
    syncNow: 'Sync now',
    syncing: 'Syncing…'
  },
  batches: {
    title: 'Batches',
    progress: '{{done, number}} of {{total, number}} done',
    progressLabel: 'Progress of {{name}}',
    failed_one: '{{count, number}} failed',
    failed_other: '{{count, number}} failed',
    left: 'about {{time}} left at the pace so far',
    sending: 'Sending in its place in the queue.',
    pausedUser: 'Paused: none of its waiting jobs is sent until you resume it.',
    pausedBalance:
      'Paused: the gateway says the balance or quota of this key has run out. Top it up, then resume the batch.',
    pause: 'Pause batch',
    resume: 'Resume batch',
    retryFailed_one: 'Retry the failed one',
    retryFailed_other: 'Retry the {{count, number}} failed',
    retried_one:
      'Sent again: {{count, number}} job, with a new request (the first was refused, so nothing is billed twice).',
    retried_other:
      'Sent again: {{count, number}} jobs, each with a new request (the first were refused, so nothing is billed twice).',
    cancel: 'Cancel batch',
    cancelTitle: 'Cancel “{{name}}”?',
    cancelWaiting_one: '{{count, number}} job not sent yet will never be sent.',
    cancelWaiting_other: '{{count, number}} jobs not sent yet will never be sent.',
    cancelGoing_one:
      '{{count, number}} job is already with the gateway: Gateway Studio stops following it, but the gateway may still finish and bill it.',
    cancelGoing_other:
      '{{count, number}} jobs are already with the gateway: Gateway Studio stops following them, but the gateway may still finish and bill them.',
    keep: 'Keep the batch',
    cancelConfirm: 'Cancel batch',
    cancelled_one: 'Cancelled {{count, number}} job.',
    cancelled_other: 'Cancelled {{count, number}} jobs.',
    cancelledUntracked:
      'Cancelled {{count, number}} jobs. {{untracked, number}} of them the gateway had accepted: they are no longer tracked, and the gateway may still finish and bill them.',
    toFront: 'Send first',
    waitingBudget_one:
      'Waiting for budget: {{count, number}} job would go past a spending cap (this batch’s, or your daily or monthly one), so it is not sent. Raise the cap to send it.',
    waitingBudget_other:
      'Waiting for budget: {{count, number}} jobs would go past a spending cap (this batch’s, or your daily or monthly one), so they are not sent. Raise the cap to send them.',
    spent: 'Spent {{spent}} of its {{cap}} cap',
    spentNoCap: 'Spent {{spent}}, no cap',
    reserved: '{{amount}} on its way',
    changeCap: 'Change cap',
    setCap: 'Set a cap',
    capLabel: 'Cap for this batch ({{currency}})',
    capHint: 'Leave it empty for no cap of the batch’s own. Raising it sends at once what now fits.',
    capInvalid: 'Enter an amount such as 5 or 12.50, or leave it empty.',
    capSave: 'Save cap',
    capKeep: 'Keep as it is',
    /** "Publish to team…" on a batch's band and its contact sheet: the batch as a team board. */
    publish: {
      menu: 'Publish to team…',
      title: 'Publish “{{name}}” to the team',
      none: 'There is no team location on this computer yet. A team location is the bucket, server or shared folder your team keeps its library in: add it in Settings › Team locations, then publish the batch.',
      whatGoes:
        'The batch’s finished images go to {{location}} as a board named after the batch, with their prompts and whether each is kept or rejected.',
      later:
        'Images the batch finishes later join the board at the next sync with {{location}} (the app syncs by itself every 2 minutes).',
      again: 'Publishing the batch again updates the same board: there is never a second one.',
      teammates: 'Teammates who sync with {{location}} get the board in their gallery.',
      nothingDeleted: 'Nothing is ever deleted at the location.',
      publish: 'Publish',
      cancel: 'Cancel',
      ok: 'OK',
      background: 'Keep publishing in the background',
      done: 'Done',
      publishing: 'Publishing the batch’s images to {{location}}…',
      publishingLabel: 'Publishing the batch',
      publishingSlow: 'Many images can take a while. Publishing goes on if you close this window.',
      published_one:
        'Published {{count, number}} image to {{location}} as the board “{{board}}”. Teammates see it after they sync.',
      published_other:
        'Published {{count, number}} images to {{location}} as the board “{{board}}”. Teammates see it after they sync.',
      failed: 'Could not publish to {{location}}'
    }
  },
  pause: {
    idle: 'Nothing is waiting to be sent.',
    pause: 'Pause queue',
    resume: 'Resume queue',
    sending_one: '{{count, number}} job waiting to be sent.',
    sending_other: '{{count, number}} jobs waiting to be sent.',
    paused_one:
      'Queue paused: the {{count, number}} waiting job is not sent until you resume. Jobs already on their way finish.',
    paused_other:
      'Queue paused: the {{count, number}} waiting jobs are not sent until you resume. Jobs already on their way finish.'
  },
  row: {
    noPrompt: '(no prompt)',
    /** A waiting job's place in line (1 = sent next). */
    place: '#{{place, number}} in line',
    notSent: 'Not sent yet',
    waitingFor: 'Waiting for',
    placeGroup: 'Place in line (Alt+↑ and Alt+↓ move it; or drag the row)',
    earlier: 'Earlier',
    later: 'Later',
    toFront: 'Send next',
    /** After the endpoint's name (the shared label of its family): how the job went out. */
    streamed: ', streamed',
    group: ' ×{{count, number}}',
    runningFor: 'Running for',
    took: 'Took',
    progress: 'Progress of “{{prompt}}”',
    lastPoll: 'Last poll {{ago}}',
    notPolled: 'Not polled yet',
    polls_one: '{{count, number}} poll',
    polls_other: '{{count, number}} polls',
    justNow: 'just now',
    ago: '{{duration}} ago',
    pollingNow: 'polling',
    nextIn: 'next in {{duration}}',
    stillProcessed: 'Still being processed',
    noAnswer: 'No answer received',
    waitingReply: 'Waiting for the reply',
    neverPolled: 'Never polled',
    oneRequest: 'One request, no polling',
    play: 'Play',
    open: 'Open',
    sendAgain: 'Send again…',
    retry: 'Retry',
    retryHint: 'Send the same request as a new job',
    cancel: 'Cancel',
    stopTracking: 'Stop tracking',
    delete: 'Delete…',
    deleteHint: 'Delete',
    showTasks_one: 'Show the {{count, number}} task',
    showTasks_other: 'Show the {{count, number}} tasks',
    showDetails: 'Show details',
    tasks_one: '{{count, number}} task',
    tasks_other: '{{count, number}} tasks',
    mayStillBill:
      'No cancel call is set for this gateway: “Stop tracking” stops following the task here, and the gateway may still run and bill it.',
    stillTrying: 'Still trying after: {{error}}',
    cannotRetry: 'This job’s request can no longer be read to retry it.'
  },
  details: {
    usage: 'Usage of this job: {{usage}}',
    billedPer: { token: 'billed per token', image: 'billed per image', other: 'billed per {{unit}}' },
    tasks: 'Tasks of this job',
    task: 'Task {{number}}',
    /** Before the status the gateway gave, in its own words. */
    gatewayStatus: 'gateway: ',
    pollsLast: '{{polls}}, last {{ago}}',
    /** Before what Cancel does (said by the shared cancel rules). */
    cancel: 'Cancel: '
  },
  resend: {
    title: 'Send this request again?',
    keep: 'Don’t send',
    confirm: 'Send again, it may charge twice',
    lostOne:
      'Gateway Studio lost the answer to this request: the connection dropped or the app stopped while it was being sent. The gateway may already have run it <strong>and charged for it</strong>.',
    lostMany:
      'Gateway Studio lost the answer to {{count, number}} of these requests: the connection dropped or the app stopped while it was being sent. The gateway may already have run it <strong>and charged for it</strong>.',
    chargeTwice:
      'Sending again <strong>may charge twice</strong>. It goes out with the same request key, which lets a gateway that supports it spot the repeat, but not every gateway does.',
    unsure: 'If unsure, check your gateway’s usage or billing page first, or cancel this job instead.'
  },
  delete: {
    title: 'Delete this job?',
    keep: 'Keep it',
    confirm: 'Delete',
    withFiles_one: '“{{prompt}}” and its saved file will be removed from the library. This cannot be undone.',
    withFiles_other:
      '“{{prompt}}” and its {{count, number}} saved files will be removed from the library. This cannot be undone.',
    noFiles: '“{{prompt}}” will be removed from the list. This cannot be undone.',
    stillRunning: 'It is still running: it stops here first. The gateway may still finish it.'
  },
  result: {
    image: 'Result',
    video: 'Video',
    player: 'Video: {{prompt}}',
    missingImage: 'Image {{number}}: {{status}}',
    missingVideo: 'Video {{number}}: {{status}}',
    statuses: {
      pending: 'still downloading',
      stored: 'stored',
      failed: 'failed',
      expired: 'expired',
      rejected: 'rejected'
    }
  },
  /**
   * "Your long job is done", worded from the backend's code and values (src/shared/schemas/notices.ts): the
   * page's toast and its action here, and the Electron desktop notification, worded by the backend from the
   * same titles (src/main/notices/words.ts).
   */
  notice: {
    play: 'Play',
    open: 'Open',
    show: 'Show in Queue',
    what: {
      image_one: 'Image',
      image_other: '{{count, number}} images',
      edit: 'Edit',
      video: 'Video'
    },
    titles: {
      ready: '{{what}} ready',
      unsaved: '{{what}} finished, but nothing could be saved',
      partly_saved: '{{what}} finished with problems',
      partly_done: '{{what}} partly done',
      failed: '{{what}} failed',
      expired: '{{what}} expired',
      needs_attention: '{{what}} needs your attention',
      cancelled_by_gateway: '{{what}} cancelled by the gateway',
      batch_done: 'Batch finished'
    },
    bodies: {
      ready: '“{{prompt}}” · {{model}}',
      saved: '{{saved, number}} of {{total, number}} saved: {{reason}} “{{prompt}}”',
      partly_done: '{{arrived, number}} of {{expected, number}} arrived. “{{prompt}}”',
      failed: '{{reason}} “{{prompt}}”',
      needs_attention:
        'The request may already have been sent and charged. Open the Queue to check before sending it again. “{{prompt}}”',
      prompt: '“{{prompt}}”',
      batch_done: '“{{name}}”: {{done, number}} of {{total, number}} done, {{failed, number}} failed'
    },
    noResult: 'No result arrived.',
    noReason: 'The gateway gave no reason.',
    /**
     * What only the desktop notification says. The OS shows a line or two, so its body is the prompt
     * (bodies.prompt), with the model of a finished job (bodies.ready) or the gateway's own text of a failure
     * (bodies.failed, with `said` as its reason); the page's toast explains the whole failure instead.
     */
    desktop: {
      said: 'The gateway said: “{{said}}”'
    }
  }
}
