import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { STORAGE_PREFIX } from '../lib/storage'

interface LayoutState {
  sidebarCollapsed: boolean
  toggleSidebar(): void
}

/** Whether the primary sidebar is collapsed, remembered across runs. */
export const useLayoutStore = create<LayoutState>()(
  persist(
    (set) => ({
      sidebarCollapsed: false,
      toggleSidebar: () => set((state) => ({ sidebarCollapsed: !state.sidebarCollapsed })),
    }),
    {
      name: `${STORAGE_PREFIX}layout`,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ sidebarCollapsed: state.sidebarCollapsed }),
    },
  ),
)
