import { create } from 'zustand'

interface HandoffState {
  /** A prompt the chat screen hands to the image studio; taken (and cleared) when the studio opens. */
  imagePrompt: string | null
  setImagePrompt: (prompt: string | null) => void
  takeImagePrompt: () => string | null
}

/** Hand-offs between screens that do not otherwise know each other. */
export const useHandoffStore = create<HandoffState>()((set, get) => ({
  imagePrompt: null,
  setImagePrompt: (imagePrompt) => set({ imagePrompt }),
  takeImagePrompt: () => {
    const prompt = get().imagePrompt
    if (prompt !== null) set({ imagePrompt: null })
    return prompt
  }
}))
