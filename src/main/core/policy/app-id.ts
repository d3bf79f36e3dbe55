/**
 * The bundle id: also the macOS managed-preferences domain, so it never changes. A file of its
 * own, importing nothing: electron-builder's config reads it without the build's aliases.
 */
export const APP_ID = 'com.example.operations.adminconsole'
