/**
 * A two-step sign-in key as a person copies it by eye (issue 56): groups of four characters,
 * as authenticator apps accept it with or without the spaces.
 */
export const inGroupsOfFour = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? ''
