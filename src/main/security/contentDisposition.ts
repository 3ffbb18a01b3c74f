/** RFC 5987's attr-char leaves out `'()*`, which `encodeURIComponent` keeps. */
const encodeExtValue = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * The `content-disposition` of a file handed over as a download (one image's copy): `attachment`, so it is
 * saved and never shown in place of the app, named twice. `filename*` (RFC 6266) carries the name in UTF-8,
 * a prompt in any script; the plain `filename`, for a client that reads only that, is the same name with
 * everything outside printable ASCII, and the quote, backslash and `%` some clients decode, as `_`.
 */
export function attachmentDisposition(fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeExtValue(fileName)}`
}
