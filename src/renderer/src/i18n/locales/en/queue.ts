/** English words of the queue area (issue 16); see ../en.ts. */
export const queue = {}
