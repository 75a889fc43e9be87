/**
 * Intl objects made when first used, then kept. Making one maps part of ICU's locale data into
 * the process: made as their modules loaded, two money formats and two collators (with one
 * `toLocaleString`) kept about 10 MB more resident in the server's idle process, which formats
 * money only for a passbook page.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}
