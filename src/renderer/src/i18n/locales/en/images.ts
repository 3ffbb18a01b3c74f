/** English words of the images area (issue 16); see ../en.ts. */
export const images = {}
