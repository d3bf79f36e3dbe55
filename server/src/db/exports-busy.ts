/** Every connection kept for exports was in use, and none came free within the wait for one. */
export class ExportsBusyError extends Error {
  constructor() {
    super('Every connection for exports is in use')
  }
}
