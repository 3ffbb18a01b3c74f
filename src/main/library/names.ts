import { isAbsolute, relative, resolve, sep } from 'node:path'

/**
 * Safe file names from prompts (RELIABILITY P33), for exports and readable copies:
 * 1. NFC-normalise; 2. drop characters 0–31, `<>:"/\|?*` and bidi controls; 3. trim trailing dots and
 * spaces; 4. refuse CON, PRN, AUX, NUL, COM1–9, LPT1–9 with or without an extension; 5. cut to 100 bytes of
 * UTF-8 (never inside a sequence) and add `-<jobid>.<ext>`; 6. check containment with resolve/relative.
 * Also (ours): lone UTF-16 surrogates are dropped (they have no UTF-8 form), tabs and line breaks become
 * spaces before step 2 so words stay apart, and leading dots and spaces go too (no hidden files, no `..`).
 */

export const NAME_MAX_BYTES = 100

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const BREAKS = /[\t\n\v\f\r]+/g
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f<>:"/\\|?*\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g
const TRAILING = /[. ]+$/
const LEADING = /^[. ]+/
/** Device names, also with superscript digits and the console pair, which Windows reserves as well. */
const RESERVED = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³]|conin\$|conout\$)$/i
const JOB_ID = /^[A-Za-z0-9_-]{1,64}$/
const EXT = /^[a-z0-9]{1,8}$/

/** Windows treats `NUL.txt` and `nul .tar.gz` as the device: the part before the first dot decides. */
export function isReservedName(name: string): boolean {
  const stem = name.split('.')[0] ?? ''
  return RESERVED.test(stem.replace(/[ ]+$/, ''))
}

/** The longest prefix of `text` that fits in `maxBytes` of UTF-8, cut between code points. */
export function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0
  let end = 0
  for (const ch of text) {
    const size = Buffer.byteLength(ch, 'utf8')
    if (bytes + size > maxBytes) break
    bytes += size
    end += ch.length
  }
  return text.slice(0, end)
}

const tidy = (text: string): string => text.replace(LEADING, '').replace(TRAILING, '')

/** Steps 1–5 without the suffix: the readable part of a name, possibly empty. */
export function safeNameStem(prompt: string, maxBytes = NAME_MAX_BYTES): string {
  const cleaned = prompt
    .replace(LONE_SURROGATE, '')
    .normalize('NFC')
    .replace(BREAKS, ' ')
    .replace(FORBIDDEN, '')
  let stem = tidy(cutToBytes(tidy(cleaned), maxBytes))
  if (isReservedName(stem)) stem = tidy(`_${cutToBytes(stem, maxBytes - 1)}`)
  return stem
}

/**
 * `<stem>-<jobId>.<ext>`, at most 100 + 1 + 64 + 1 + 8 bytes; `untitled-<jobId>.<ext>` when nothing of
 * the prompt survives. `jobId` and `ext` are checked, never cleaned: they come from us, not from the user.
 */
export function safeFileName(prompt: string, jobId: string, ext: string): string {
  if (!JOB_ID.test(jobId)) throw new Error('job id must be 1-64 characters of [A-Za-z0-9_-]')
  if (!EXT.test(ext)) throw new Error('extension must be 1-8 characters of [a-z0-9]')
  const stem = safeNameStem(prompt) || 'untitled'
  return `${stem}-${jobId}.${ext}`
}

/** Whether `target` is `root` itself or below it, after resolving both (`..`, absolute parts, drive letters). */
export function isInside(root: string, target: string): boolean {
  const rel = relative(resolve(root), resolve(root, target))
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`))
}

/**
 * The absolute path of `name` inside `dir`, or an error when it would land anywhere else (step 6). Names
 * from `safeFileName` never fail this; it guards every write all the same.
 */
export function pathInside(dir: string, name: string): string {
  const target = resolve(dir, name)
  if (target === resolve(dir) || !isInside(dir, target)) {
    throw new Error('refusing a path outside the target directory')
  }
  return target
}

/** `<yyyy>/<mm>` (UTC) of an epoch-ms time: the library's folder for what was kept then. */
export function monthOf(at: number): string {
  const d = new Date(at)
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`
}
