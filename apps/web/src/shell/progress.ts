import { create } from 'zustand';

/**
 * Calls under way, for the thin progress bar at the top of the page (spec 01 §8). A count, not
 * a flag: the bar stays until the last of several parallel calls has ended.
 */
export const useProgress = create<{ pending: number; start(): void; done(): void }>((set) => ({
  pending: 0,
  start: () => set((state) => ({ pending: state.pending + 1 })),
  done: () => set((state) => ({ pending: Math.max(0, state.pending - 1) })),
}));
