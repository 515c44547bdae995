/**
 * Login-name rule: a user name is the same name whatever Unicode form it was written in. 'é' typed as one
 * code point (NFC, what most keyboards send) and as 'e' + a combining accent (NFD, what some directories and
 * macOS file names hold) are one name; a directory login compares both sides in NFC.
 */

/** The name in the one form used to compare and to store new directory accounts. */
export function loginNameKey(name: string): string {
  return name.normalize('NFC');
}

/** Whether two user names are the same name (NFC on both sides). */
export function sameLoginName(a: string, b: string): boolean {
  return loginNameKey(a) === loginNameKey(b);
}

/**
 * The forms to look a typed name up by, the typed form first (so that it wins when two accounts differ only
 * in form), then NFC and NFD: accounts stored before names were normalised keep signing in.
 */
export function loginNameForms(typed: string): string[] {
  return [...new Set([typed, typed.normalize('NFC'), typed.normalize('NFD')])];
}
