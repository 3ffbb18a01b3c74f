/** English words of the media area (issue 16); see ../en.ts. */
export const media = {}
