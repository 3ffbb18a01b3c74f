/** English words of the chat area (issue 16); see ../en.ts. */
export const chat = {}
