/** English words of the video area (issue 16); see ../en.ts. */
export const video = {}
