/** A file's text without the byte-order mark some editors (Excel's "CSV UTF-8") put first. */
export const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
