/** English words of the ui area (issue 16); see ../en.ts. */
export const ui = {}
