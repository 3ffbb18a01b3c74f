/** English words of the errors area (issue 16); see ../en.ts. */
export const errors = {}
