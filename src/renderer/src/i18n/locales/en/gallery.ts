/** English words of the gallery area (issue 16); see ../en.ts. */
export const gallery = {}
