import type { LocationProblem } from './schemas/locations'
/**
 * The backend's own sentences, each under a stable code the renderer words in the reader's
 * language (`errors.backend.<code>` in its catalogs). The English here is the fallback `message` a client
 * that does not know the code shows, and the renderer's English catalog itself.
 * Values use i18next's `{{name}}` so both sides fill them the same way; what a value holds (a name, the
 * gateway's or a parser's own text) is shown as it came.
 */
export const sentences = {
  folderNotAbsolute: 'Type the full path of a folder, for example /home/me/Exports.',
  folderMissing: 'That folder does not exist. Create it first, or pick another.',
  folderInsideData: "Pick a folder outside the app's data folder.",
  notAFolder: 'That path is not a folder.',
  folderNotWritable: 'The app may not write into that folder.',
  nothingToExport: 'None of the selected images are in the gallery any more.',
  filesMissing: 'The files of the selected images are missing from the library.',
  teamFilesAway:
    'The full files of the selected images are on the team location, which can’t be reached right now. Try again when it’s back.',
  unknownTimeZone: 'Unknown time zone "{{timeZone}}".',
  nothingToResend: 'This job has nothing waiting to be sent again.',
  jobGone: 'That job no longer exists.',
  groupGone: 'That group of jobs no longer exists.',
  notWaiting: 'That job is no longer waiting to be sent, so it cannot be moved in the queue.',
  batchNothingToSend:
    'Nothing in this batch can be sent: {{problem}} Fix what the preview lists, then send it again.',
  // A job waiting for budget (RELIABILITY P50): which cap, and what the user can do.
  budgetDay:
    "This job ({{estimate}}) would take today's spending on {{gateway}} past your daily cap of {{cap}}. Raise the cap in Settings, or wait until tomorrow.",
  budgetMonth:
    "This job ({{estimate}}) would take this month's spending on {{gateway}} past your monthly cap of {{cap}}. Raise the cap in Settings, or wait until next month.",
  budgetBatch:
    "This job ({{estimate}}) would take this batch past its cap of {{cap}}. Raise the batch's cap to send the rest.",
  budgetNoPrice:
    '{{model}} has no price in the price table of {{gateway}}, so Gateway Studio cannot tell whether this job fits your spending cap. Add its price in Settings, or remove the cap.',
  pricesNone: 'This gateway has no price table yet. Add its prices or import a price file first.',
  imageGone: 'That image no longer exists.',
  conversationGone: 'That conversation no longer exists.',
  messageGone: 'That message no longer exists.',
  replyGone: 'That reply no longer exists.',
  modelNotListed: '{{model}} is not listed by {{gateway}} for its current key. Pick a model it lists.',
  modelNotListedUnnamed:
    'This model is not listed by {{gateway}} for its current key. Pick a model it lists.',
  modelNotListedHere: '{{model}} is not listed by this gateway for its current key. Pick a model it lists.',
  gatewayRemoved:
    'The gateway this conversation used was removed. Pick a model on the gateway in use to carry on.',
  replyArriving: 'A reply is still arriving. Stop it or wait before sending again.',
  replyStillArriving: 'This reply is still arriving. Stop it before trying again.',
  retryNotLast: 'Only the latest reply can be tried again.',
  attachImageType: 'Attach a PNG, JPEG or WebP image.',
  attachmentTooLarge: 'That image is larger than 10 MB. Attach a smaller one.',
  notAnImage: 'That file is not a PNG, JPEG or WebP image.',
  writeOrAttach: 'Write a message or attach an image first.',
  pickModelToStart: 'Pick a model to start a conversation.',
  writeFirst: 'Write a message first.',
  modelCannotChat: '{{model}} cannot chat on this gateway. Pick another model.',
  chatPresetNameTaken: 'A preset named "{{name}}" already exists. Pick another name.',
  boardGone: 'That board no longer exists.',
  boardNameTaken: 'There is already a board called “{{name}}”. Pick another name.',
  galleryPageOutOfDate: 'That page of the gallery is out of date.',
  galleryImageGone: 'That image is no longer in the gallery.',
  presetGone: 'That preset no longer exists.',
  styleGone: 'That style no longer exists.',
  presetNameTaken: 'There is already a preset called “{{name}}”. Pick another name.',
  styleNameTaken: 'There is already a style called “{{name}}”. Pick another name.',
  locationNameTaken: 'There is already a team location called “{{name}}”. Pick another name.',
  locationGone: 'That team location no longer exists.',
  locationUnreachable:
    'Nothing answered at the team location. Check that you are online and that its address is right, then sync again.',
  locationDenied:
    'The team location refused its credentials, or they may not do this. Check them in Settings › Team locations.',
  locationMissing:
    'The bucket or folder of this team location is not there. Check its address in Settings › Team locations.',
  locationFull: 'The team location is full. Make room there, then sync again.',
  locationFailed: 'The team location answered with an error. Try again in a while.',
  reviewBoardEmpty: 'This board has no images yet. Put some on it, then share it for review.',
  // Publishing a batch to the team (`team.publishBatch`): what it has to give, said before a board is made.
  batchNoImages:
    'This batch has no finished images yet. Publish it to the team once some of its images are done; the ones it finishes after that join the board by themselves.',
  batchVideos:
    'This batch makes videos, and a team location holds images only, so there is nothing to publish.',
  reviewShareGone: 'That review page is no longer listed here.',
  reviewRemoveDenied:
    'The team location did not let these credentials remove the review page. Ask whoever manages it to remove the folder {{folder}}; a bucket’s link also stops working by itself when it expires.',
  // Clean up at a team location stopped by a refusal or a failure: how far it got, and what to do.
  cleanUpDenied:
    'This location’s credentials can’t remove files, so nothing was removed. Ask whoever manages the location for credentials that may delete files, enter them in Settings › Team locations, then clean up again. Syncing works as before.',
  cleanUpDeniedPartway:
    'This location’s credentials can’t remove every file Clean up would remove, so it stopped partway. Files it removed before the refusal: {{files}}, none of them still in use. Ask whoever manages the location for credentials that may delete files, enter them in Settings › Team locations, then clean up again.',
  cleanUpInterrupted:
    'Clean up stopped before it was done: the team location stopped answering or answered with an error. Files it removed by then: {{files}}, none of them still in use. Clean up again later to finish.',
  locationCredentialsMismatch:
    'These credentials are for another kind of location. Enter the ones this location asks for.',
  presetsNotJson: 'That file is not a presets file: it is not JSON.',
  presetsFileInvalid: 'That file is not a Gateway Studio presets file.',
  presetsFileVersion: 'That presets file is version {{version}}; this Gateway Studio reads version 1.',
  presetsFileTooMany: 'That file holds more than 1,000 presets or styles. Split it into smaller files.',
  presetInFileNoName: 'Preset {{number}} in that file has no name, or a name longer than 80 characters.',
  presetInFileScreen: 'Preset “{{name}}” in that file is for a screen this Gateway Studio does not have.',
  presetInFileSettings: 'The settings saved in preset “{{name}}” cannot be read, or are larger than 64 KB.',
  presetInFileUnknown:
    'Preset “{{name}}” in that file holds “{{field}}”, which this Gateway Studio does not know.',
  styleInFileNoName: 'Style {{number}} in that file has no name, or a name longer than 80 characters.',
  styleInFileTooLong:
    'Style “{{name}}” in that file adds more than 2,000 characters before or after the prompt.',
  styleInFileUnreadable:
    'Style “{{name}}” in that file cannot be read: what it adds before and after the prompt must be text.',
  styleInFileUnknown:
    'Style “{{name}}” in that file holds “{{field}}”, which this Gateway Studio does not know.',
  profileGone: 'That gateway profile no longer exists.',
  demoReadonly: 'The demo gateway is built in and cannot be changed.',
  addressCannotHoldKey: 'This gateway address cannot hold a key.',
  addressChangedWhileSaving:
    'The gateway address changed to another server while the key was being saved, so the key was not stored. Check the address, then enter the key again.',
  keyRemoved:
    'The key was removed because the gateway address moved to another server. Enter the key for {{origin}}.',
  noKey: 'No API key is set for this gateway. Enter the key for {{origin}} in Settings › Gateways.',
  keyElsewhere:
    'The stored key belongs to another server than this gateway address. Enter the key for {{origin}}.',
  libraryImageGone: 'That image is no longer in the library.',
  maskNotPng: 'A mask must be a PNG image.',
  importTooLarge: 'That image is too large to import.',
  imageDamaged: 'The image arrived damaged; try adding it again.',
  // A chat's settings, by request style: the styles have other names in Chinese, and each its own range.
  temperatureChat: 'Temperature for Chat completions is between 0 and {{max}}.',
  temperatureMessages: 'Temperature for Messages is between 0 and {{max}}.',
  temperatureResponses: 'Temperature for Responses is between 0 and {{max}}.',
  // A gateway's address (src/shared/gateway/baseUrl.ts).
  baseUrlNotAddress: 'Enter a full address such as https://gateway.example.com/tenant.',
  baseUrlCredentials: 'The address must not contain a user name or password.',
  baseUrlQuery: 'The address must not contain "?" or "#" parts.',
  baseUrlHttpRemote: 'The address must start with https:// (http is only allowed for this computer).',
  baseUrlHttps: 'The address must start with https://.',
  // A gateway's advanced settings: which entry, and what it should look like.
  fieldNameEmpty: 'Field names: {{path}} cannot be empty.',
  fieldNameForm:
    'Field names: {{path}} may use only letters, digits, "_", "-" and ".", starting with a letter or "_".',
  fieldNameTaskPath:
    'Field names: {{path}} must be a path that starts with "/" and contains {id}, such as /v1/videos/{id}.',
  fieldNameJsonPath: 'Field names: {{path}} must be a dotted path such as result.video_url or data[0].url.',
  fieldNamesUnreadable: 'Field names: {{path}} cannot be read. Write it as text, or put its default back.',
  extraFieldsEndpoint: 'Extra JSON fields: “{{path}}” is not an endpoint that takes extra fields.',
  extraFieldsName:
    'Extra JSON fields: “{{path}}” is not a usable field name. Use letters, digits, "_", "-" and ".", starting with a letter or "_".',
  extraFieldsUnreadable:
    'Extra JSON fields: {{path}} cannot be read. Give each endpoint an object of field names and values.',
  // Why the app does not start on a data folder (the web host's command line, the desktop app's dialog).
  dataFolderInUse: 'This data folder is already open in another Gateway Studio: {{path}}',
  dataFolderInUseWeb: 'This data folder is already open in another Gateway Studio (port {{port}}): {{path}}',
  dataFolderInUseDesktop: 'This data folder is already open in the Gateway Studio desktop app: {{path}}',
  databaseNotAFile:
    'The library database is a folder, not a file: {{path}}. Move it away, or start with another data folder.',
  databaseLost:
    'The library database is empty or missing, but the library beside it holds files: {{path}}. Nothing was changed. Open a backup, or start with another data folder.',
  databaseDamaged:
    'The library database is damaged: {{path}}. Nothing was written to it. Open a backup, or start with another data folder.',
  databaseCannotOpen:
    'The library database cannot be opened: {{path}}. Check that the app may read and write it.',
  databaseTooNew:
    'This library was written by a newer Gateway Studio (schema {{found}}; this one reads up to {{supported}}): {{path}}. Update the app to open it; nothing was changed.',
  noBackup: 'There is no backup of the library database to open in {{path}}.',
  dataFolderReadOnly:
    'The data folder is read-only: {{path}}. Make it writable, or start with another data folder.',
  // The disk the data folder lives on, as a failed write found it (a banner, a refused command).
  diskFull:
    'The disk holding your library is full ({{path}}). Free some space; downloads resume by themselves.',
  diskReadOnly:
    'The disk holding your library is read-only ({{path}}). Make it writable; downloads resume by themselves.',
  diskFailing:
    'The disk holding your library could not be written ({{path}}). Check the disk; downloads resume by themselves.',
  exportDiskFull: 'The disk holding {{path}} is full. Free some space there, then export again.',
  exportReadOnly: 'The folder {{path}} is read-only. Pick another folder, or make it writable.',
  exportDiskFailing: 'The export could not be written to {{path}}. Check the disk, then export again.',
  // How this computer keeps API keys (the shells' ciphers); the renderer adds what that means.
  keysNoKeyring: 'No system keyring was found: Electron would protect keys with a built-in password only',
  keysKeychain: 'Protected by the system keychain ({{backend}})',
  keysKeyFile:
    "Keys are encrypted with a key file in the app's data folder; the browser version has no system keychain"
} as const

export type SentenceCode = keyof typeof sentences
export type SentenceValues = Readonly<Record<string, string | number>>

/** A sentence as a failure carries it: its code and values for the renderer, its English for anyone else. */
/** The sentence that says each problem a team location can have (its `location.<problem>` failure). */
export const LOCATION_SAID = {
  unreachable: 'locationUnreachable',
  denied: 'locationDenied',
  missing: 'locationMissing',
  full: 'locationFull',
  failed: 'locationFailed'
} as const satisfies Record<LocationProblem, SentenceCode>

export interface Said {
  readonly code: SentenceCode
  readonly values?: SentenceValues
  readonly english: string
}

/** Fills `{{name}}` in any English text from the values, as i18next does; an unknown name stays as written. */
export function fill(text: string, values: SentenceValues = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole
  )
}

export function english(code: SentenceCode, values: SentenceValues = {}): string {
  return fill(sentences[code], values)
}

export function say(code: SentenceCode, values?: SentenceValues): Said {
  return values === undefined
    ? { code, english: english(code) }
    : { code, values, english: english(code, values) }
}
