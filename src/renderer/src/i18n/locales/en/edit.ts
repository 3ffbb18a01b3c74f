/** English words of the edit area (issue 16); see ../en.ts. */
export const edit = {}
