export {
  isTempName,
  openAtomicWriter,
  sweepTempFiles,
  syncDir,
  writeFileAtomic,
  type AtomicWriter
} from './atomic'
export {
  createDownloadAgent,
  DEFAULT_IDLE_TIMEOUT_MS,
  downloadMedia,
  MAX_REDIRECTS,
  type DownloadedMedia,
  type DownloadOptions
} from './download'
export {
  isMediaError,
  MediaError,
  type MediaErrorInit,
  type MediaErrorKind,
  type MediaErrorReason
} from './errors'
export { mp4InfoFromBytes, mp4InfoFromFile, type Mp4Info } from './mp4'
export {
  cutToBytes,
  isInside,
  isReservedName,
  NAME_MAX_BYTES,
  pathInside,
  safeFileName,
  safeNameStem
} from './names'
export {
  newMediaId,
  type MediaRecord,
  type MediaSource,
  type RemoveOutcome,
  type ServedMedia,
  type StoreDownloadOptions,
  type StoreOptions
} from './records'
export {
  extOf,
  familyOf,
  MEDIA_CAPS,
  sniffMedia,
  type MediaExt,
  type MediaFamily,
  type MediaMime,
  type SniffedType
} from './sniff'
export { DiskMediaStore } from './diskStore'
export { ReusedBuffers } from './reusedBuffers'
export { checkKey, putContent, type ByteRange, type MediaStore, type ObjectDraft } from './mediaStore'
export { Library, type LibraryOptions } from './store'
export { makeImageThumbnail, THUMB_SIZE, videoPlaceholder, type ImageThumbnail } from './thumbnails'
export {
  addressAllowed,
  checkRedirect,
  checkUrl,
  classifyAddress,
  PinnedResolver,
  systemLookup,
  type AddressClass,
  type HostLookup,
  type ResolvedAddress,
  type UrlPolicy
} from './urlPolicy'
