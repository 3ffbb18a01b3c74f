import { buffer } from 'node:stream/consumers'
import type { ExitFile, ExportProfile } from '../../shared/schemas/gallery'
import { safeFileName, type MediaSource } from '../library'
import { untouchedBecause, type MetadataWriter } from '../provenance/embed'
import { copiesWithMetadata, sidecarName } from './export/exitCopy'
import { exitRecordOf, storedRequestOf } from './export/plan'
import { zipInMemory } from './export/storedZip'
import { EXTENSIONS } from './names'
import type { GalleryRow } from './store'

/**
 * One image leaving the app on its own (issue 26): "Save as…", a drag out of the window, and later the
 * team library. Its copy is made as an export makes each of its copies (`export/exitCopy.ts`), with the
 * same record (`exitRecordOf`) and the same writer: the story written into the image, or, for a file with
 * content credentials and any format the writer does not write into, the file exactly as the library
 * keeps it with its record beside it. The library's own file is never touched.
 */

/** One image's copy: its bytes and name, and the sidecar that must travel with it, if any. */
export interface OneCopy {
  bytes: Buffer
  mime: string
  fileName: string
  sidecar: { name: string; text: string } | null
}

/** What the shells send for a result's copy: one file, whose name the download takes. */
export interface ServedCopy {
  bytes: Buffer
  mime: string
  fileName: string
}

export interface ImageExitDeps {
  /** The gallery's row of a result, or null when there is no such image. */
  row: (resultId: string) => GalleryRow | null
  /** A media's object in the library, or null when the library no longer has it. */
  source: (mediaId: string) => Promise<MediaSource | null>
  /** A media's bytes, whole: enough to tell ahead whether its copy can carry its story inside. */
  read: (mediaId: string) => Promise<{ bytes: Buffer } | null>
  metadata: MetadataWriter
  /** The host of a gateway profile's address, for the story; null when the profile is gone. */
  gatewayHost: (profileId: string) => string | null
  /** The app and its version, as the story names them. */
  app: string
}

const ZIP = 'application/zip'

/**
 * A readable name from the prompt and the result's id (`a red fox in snow-1a2b3c4d.png`), made safe as
 * every name from user text is (P33). Not the export's template: its `{index}` would name every single
 * copy `…_001`, and one image is found again by its prompt. A Public copy names no prompt.
 */
function nameOf(row: GalleryRow, profile: ExportProfile, ext: string): string {
  return safeFileName(profile === 'public' ? '' : row.prompt, row.id.slice(0, 8), ext)
}

const imageNameOf = (row: GalleryRow, profile: ExportProfile): string =>
  nameOf(row, profile, EXTENSIONS[row.mime] ?? 'img')

export class ImageExit {
  constructor(private readonly deps: ImageExitDeps) {}

  /**
   * The name and type of what `serve` sends for a result, without making it: a file dragged out of the
   * window is named when the drag starts, before anything is fetched. Null: no such image, or its file is
   * gone.
   */
  async file(resultId: string): Promise<ExitFile | null> {
    return (await this.described(resultId))?.file ?? null
  }

  /**
   * What an image's details say of its file, from one read of it: the file it leaves as (`file`) and
   * whether it carries content credentials. The library's file is read whole to tell, so the details ask
   * here once rather than twice. Null: no such image, or its file is gone.
   */
  async described(resultId: string): Promise<{ file: ExitFile; credentials: boolean } | null> {
    const row = this.deps.row(resultId)
    const stored = row ? await this.deps.read(row.mediaId) : null
    if (!row || !stored) return null
    // The same test `copiesWithMetadata` and the writer make, on the same bytes.
    const untouched = untouchedBecause(stored.bytes)
    const beside = !row.mime.startsWith('image/') || untouched !== null
    return {
      file: beside
        ? { fileName: nameOf(row, 'full', 'zip'), mime: ZIP, sidecar: true }
        : { fileName: imageNameOf(row, 'full'), mime: row.mime, sidecar: false },
      credentials: untouched === 'credentials'
    }
  }

  /** A result's copy with its story (Full unless asked otherwise), or null when there is no such image. */
  async copy(resultId: string, profile: ExportProfile = 'full'): Promise<OneCopy | null> {
    const row = this.deps.row(resultId)
    const source = row ? await this.deps.source(row.mediaId) : null
    if (!row || !source) return null
    const fileName = imageNameOf(row, profile)
    const record = exitRecordOf(row, storedRequestOf(row), {
      app: this.deps.app,
      gatewayHost: profile === 'public' ? null : this.deps.gatewayHost(row.profileId),
      profile
    })
    const copy = await copiesWithMetadata(this.deps.metadata)({
      source,
      name: fileName,
      createdAt: row.createdAt,
      bytes: row.bytes,
      mime: row.mime,
      record
    })
    return {
      bytes: await buffer(copy.stream),
      mime: row.mime,
      fileName,
      sidecar: copy.sidecar === null ? null : { name: sidecarName(fileName), text: copy.sidecar }
    }
  }

  /**
   * The one file a result leaves as: its copy with the story inside, or, when the story must travel
   * beside it, a zip of the untouched file and its sidecar. One file because a drag carries one, and a
   * story sent as a second download would be parted from its image by the first folder it is moved to.
   */
  async serve(resultId: string): Promise<ServedCopy | null> {
    const row = this.deps.row(resultId)
    const copy = row ? await this.copy(resultId) : null
    if (!row || !copy) return null
    if (copy.sidecar === null) return { bytes: copy.bytes, mime: copy.mime, fileName: copy.fileName }
    const bytes = await zipInMemory(
      [
        { name: copy.fileName, data: copy.bytes },
        { name: copy.sidecar.name, data: Buffer.from(copy.sidecar.text, 'utf8') }
      ],
      new Date(row.createdAt)
    )
    return { bytes, mime: ZIP, fileName: nameOf(row, 'full', 'zip') }
  }
}
