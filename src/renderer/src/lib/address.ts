/**
 * The search parameters of the address as it is now. The router draws a new address in a
 * transition, so for a moment a component's rendered parameters lag behind it: a change built on
 * those (a second filter chosen in quick succession) would undo the one before.
 */
export const currentSearchParams = () => new URLSearchParams(globalThis.location.search)
