import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ExifTool, exiftoolPath, type Tags } from 'exiftool-vendored'
import type { ReusedBuffers } from '../library/reusedBuffers'
import { containerOf, hasContentCredentials, type ImageContainer } from './c2pa'
import { recordJson, type ExitRecord } from './record'

/** Our own XMP namespace: the fields the standard ones have no place for. */
export const NAMESPACE = 'urn:gateway-studio:metadata:1.0'
/** IPTC's term for media made by a trained model from a prompt. */
export const DIGITAL_SOURCE_TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia'
/** The keyword of the PNG text chunk that carries the whole record as JSON. */
export const PNG_KEYWORD = 'gateway-studio'

/**
 * ExifTool's definitions of our namespace and PNG chunk. ExifTool reads user definitions from a file named
 * before any other argument, so the writer puts this one in its work folder. The chunk is marked `iTXt`:
 * ExifTool would otherwise write plain-Latin text as `tEXt`, which cannot hold a prompt in Chinese.
 */
export const EXIFTOOL_CONFIG = `%Image::ExifTool::UserDefined = (
    'Image::ExifTool::XMP::Main' => {
        gs => { SubDirectory => { TagTable => 'Image::ExifTool::UserDefined::gs' } },
    },
    'Image::ExifTool::PNG::TextualData' => {
        '${PNG_KEYWORD}' => { Name => 'GatewayStudio', iTXt => 1 },
    },
);
%Image::ExifTool::UserDefined::gs = (
    GROUPS => { 0 => 'XMP', 1 => 'XMP-gs', 2 => 'Image' },
    NAMESPACE => { 'gs' => '${NAMESPACE}' },
    WRITABLE => 'string',
    Model => { }, Endpoint => { }, Parameters => { }, Seed => { }, RevisedPrompt => { },
    GatewayHost => { }, JobId => { }, ResultId => { }, BatchId => { }, Created => { },
    EditOf => { List => 'Bag' },
);
1;
`

/**
 * Runs ExifTool and ends it once the app that started it is gone. In its -stay_open mode ExifTool reads
 * its arguments from stdin and, at the end of it, waits for more forever (it polls 100 times a second):
 * an app killed outright left its ExifTool processes running. The shell becomes ExifTool (`exec`), so the
 * pid exiftool-vendored knows is ExifTool's own: an app that exits without closing the writer has it
 * killed outright on the way out, and nothing is left behind that a signal to the wrapper would orphan.
 * A watcher, started before that, checks every second that both are still there, and ends ExifTool once
 * the app is gone; it holds none of ExifTool's pipes.
 */
export const EXIFTOOL_GUARD = `app=$PPID
tool=$$
(
  while kill -0 "$app" 2>/dev/null && kill -0 "$tool" 2>/dev/null; do sleep 1; done
  kill -0 "$app" 2>/dev/null || kill "$tool" 2>/dev/null
) </dev/null >/dev/null 2>&1 &
exec perl "$@"
`

/**
 * What a Public copy takes out before it says how the image was made: every place a file brought in from
 * elsewhere may carry its prompt and settings (another tool's PNG text chunks, XMP, EXIF's comments and
 * descriptions, IPTC, a JPEG comment) and where it was taken (GPS). Kept: what shows the pixels as they
 * are (the colour profile, EXIF's orientation and colour space, the pixel density). `null` is ExifTool's
 * `-TAG=`; a group deleted before its tags are written in the same run ends with only those tags.
 */
const PUBLIC_REMOVES = [
  'XMP:all',
  'PNG:all',
  'IPTC:all',
  'GPS:all',
  'Comment',
  'EXIF:UserComment',
  'EXIF:ImageDescription',
  'EXIF:XPComment',
  'EXIF:XPSubject',
  'EXIF:XPTitle',
  'EXIF:XPKeywords',
  'EXIF:XPAuthor',
  'EXIF:Artist',
  'EXIF:Software'
] as const

/**
 * The fields written, by ExifTool's group-qualified names, in the order ExifTool applies them. Absent
 * values are not written at all; a public record first removes what the file may say of itself
 * (`PUBLIC_REMOVES`), then writes the two standard fields that say how the image was made, and nothing else.
 */
export function tagsOf(
  record: ExitRecord,
  container: ImageContainer
): Record<string, string | string[] | null> {
  const made = {
    'XMP-iptcExt:DigitalSourceType': DIGITAL_SOURCE_TYPE,
    'XMP-xmp:CreatorTool': record.app
  }
  if (record.profile === 'public')
    return { ...Object.fromEntries(PUBLIC_REMOVES.map((tag) => [tag, null])), ...made }
  const tags: Record<string, string | string[]> = {
    ...made,
    'XMP-dc:Description': record.prompt,
    'XMP-gs:Model': record.model,
    'XMP-gs:Endpoint': record.endpoint,
    'XMP-gs:Parameters': JSON.stringify(record.parameters),
    'XMP-gs:JobId': record.jobId,
    'XMP-gs:ResultId': record.resultId,
    'XMP-gs:Created': record.created
  }
  if (record.seed !== null) tags['XMP-gs:Seed'] = String(record.seed)
  if (record.revisedPrompt !== null) tags['XMP-gs:RevisedPrompt'] = record.revisedPrompt
  if (record.gatewayHost !== null) tags['XMP-gs:GatewayHost'] = record.gatewayHost
  if (record.batchId !== null) tags['XMP-gs:BatchId'] = record.batchId
  if (record.editOf.length > 0) tags['XMP-gs:EditOf'] = record.editOf
  if (container === 'png') tags['PNG:GatewayStudio'] = recordJson(record).trimEnd()
  return tags
}

/**
 * ExifTool's arguments for `readTags`: group-qualified names, structures as quoted JSON, and every byte
 * above 0x7F (and `%` itself) sent as `%XX` (see `readTags`).
 */
export const READ_ARGS = [
  '-G1',
  '-api',
  'StructFormat=JSONQ',
  '-api',
  "Filter=s/([%\\x80-\\xff])/sprintf('%%%02X',ord $1)/ge"
] as const

/** Why a file is given back as it came rather than with its record written in. */
export type Untouched = 'credentials' | 'format'

/** A copy with the record inside, or the original as it was and why nothing was written into it. */
export type Embedded =
  { bytes: Buffer; embedded: true } | { bytes: Buffer; embedded: false; reason: Untouched }

/**
 * Why `embed` would give these bytes back as they came, or null when it writes into them: asked ahead of
 * a copy by whoever must name it first (a file dragged out of the app is named before it is made).
 */
export function untouchedBecause(bytes: Uint8Array): Untouched | null {
  if (containerOf(bytes) === null) return 'format'
  return hasContentCredentials(bytes) ? 'credentials' : null
}

/** The copy ExifTool wrote, whole: into a lent buffer when there are `buffers`. */
async function readCopy(path: string, buffers: ReusedBuffers | undefined): Promise<Buffer> {
  if (!buffers) return readFile(path)
  const bytes = await buffers.readFile(path)
  if (!bytes) throw new Error('The copy with its story came out shorter than written.')
  return bytes
}

/**
 * Writes a result's record into copies of its file with ExifTool, which inserts metadata segments and
 * chunks and never decodes the pixels. The original is never touched: the writer works on a copy in its
 * own folder. A file that carries content credentials is given back as it came (a changed byte would make
 * valid credentials read as tampered); so is any format but PNG, JPEG and WebP. At most two ExifTool
 * processes serve every copy, started on first use and ended by `close`.
 */
export class MetadataWriter {
  private exiftool: ExifTool | null = null
  private configured: Promise<string> | null = null

  constructor(private readonly workDir: string) {}

  /**
   * `original` with `record` written in. With `buffers`, the copy is read back into one of theirs (give it
   * back once written; `original` stays the caller's).
   */
  async embed(original: Buffer, record: ExitRecord, buffers?: ReusedBuffers): Promise<Embedded> {
    const container = containerOf(original)
    const untouched = untouchedBecause(original)
    if (container === null || untouched !== null)
      return { bytes: original, embedded: false, reason: untouched ?? 'format' }
    const exiftool = await this.tool()
    const path = join(this.workDir, `copy-${randomBytes(8).toString('hex')}.${container}`)
    try {
      await writeFile(path, original)
      // Values go through exiftool-vendored's own encoding (newlines and all); the `gs` names are
      // defined by EXIFTOOL_CONFIG.
      await exiftool.write(path, tagsOf(record, container), {
        writeArgs: ['-overwrite_original']
      })
      return { bytes: await readCopy(path, buffers), embedded: true }
    } finally {
      await rm(path, { force: true })
    }
  }

  /**
   * Every tag ExifTool finds in a file, by group-qualified name (`PNG:Parameters`, `XMP-gs:Seed`,
   * `ExifIFD:UserComment`), for `settingsOf` (readBack.ts). Values are text or lists of text, whole: no
   * `-fast` (it may stop before text chunks written after the pixels), and `StructFormat=JSONQ` keeps a
   * 20-digit seed or a prompt that reads `true` from turning into a JSON number or boolean. A damaged
   * image still resolves, with what could be read (ExifTool says what went wrong in `ExifTool:Error`); a
   * file that cannot be opened rejects.
   */
  async readTags(path: string): Promise<Record<string, unknown>> {
    const exiftool = await this.tool()
    // exiftool-vendored turns each chunk of ExifTool's output into text on its own, so a character whose
    // bytes fall across two chunks comes out as U+FFFD (a long Chinese prompt always has some). ExifTool
    // therefore sends every byte above 0x7F, and `%` itself, as `%XX`: ASCII cannot be cut in two.
    const tags = await exiftool.readRaw<Tags & Record<string, unknown>>(path, {
      readArgs: [...READ_ARGS],
      useMWG: false
    })
    const read: Record<string, unknown> = {}
    // The path is printed as it is, outside the filter.
    for (const [name, value] of Object.entries(tags))
      read[name] = name === 'SourceFile' ? value : MetadataWriter.unescaped(value, 0)
    return read
  }

  /** A value `readTags` had ExifTool escape, as the text it was; lists and structures item by item. */
  private static unescaped(value: unknown, depth: number): unknown {
    if (typeof value === 'string') {
      // Only escaped text is all ASCII; anything else did not pass the filter and is left as it came.
      if (!value.includes('%') || /[\u0080-\uffff]/.test(value)) return value
      const bytes = value.replace(/%([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16))
      )
      return Buffer.from(bytes, 'latin1').toString('utf8')
    }
    // ExifTool's structures nest a few levels at most; the bound only keeps a surprise from recursing far.
    if (typeof value !== 'object' || value === null || depth > 32) return value
    if (Array.isArray(value)) return value.map((item: unknown) => MetadataWriter.unescaped(item, depth + 1))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, MetadataWriter.unescaped(item, depth + 1)])
    )
  }

  /** Ends the ExifTool processes, if any were started. */
  async close(): Promise<void> {
    const exiftool = this.exiftool
    this.exiftool = null
    if (exiftool) await exiftool.end()
  }

  private async tool(): Promise<ExifTool> {
    this.configured ??= (async () => {
      // The folder is this writer's alone: copies a killed app left half-written go with it.
      await rm(this.workDir, { recursive: true, force: true })
      await mkdir(this.workDir, { recursive: true })
      const config = join(this.workDir, 'exiftool.config')
      await writeFile(config, EXIFTOOL_CONFIG, 'utf8')
      await writeFile(join(this.workDir, 'exiftool-guard.sh'), EXIFTOOL_GUARD, 'utf8')
      return config
    })()
    const config = await this.configured
    if (this.exiftool) return this.exiftool
    const args = ['-config', config, '-stay_open', 'True', '-@', '-']
    // Windows has no sh to guard it with: there ExifTool runs as exiftool-vendored starts it.
    const guarded = process.platform !== 'win32'
    this.exiftool = new ExifTool({
      // Two processes: an export makes the next copies while it writes the last (`copiesInOrder`).
      maxProcs: 2,
      ...(guarded
        ? {
            exiftoolPath: '/bin/sh',
            exiftoolArgs: [join(this.workDir, 'exiftool-guard.sh'), await exiftoolPath(), ...args]
          }
        : { exiftoolArgs: args })
    })
    return this.exiftool
  }
}
