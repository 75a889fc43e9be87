import type { AuthFailure } from '../../data/session.ts'

/** The login screen's own sentences; the server's refusals are shown in its words. */
export const authMessages = {
  required: 'Please enter your email and password',
  signUpOffline:
    'Cannot reach the server. Creating an account needs the internet: connect and try again.',
  offlineUnsupported:
    'Cannot reach the server, and this page is open over plain http, so your password cannot be ' +
    'checked on this device. Connect to the internet, or open Rin Khata over https to sign in offline.',
  offlineUnknown:
    'Cannot reach the server, and this device has not signed in to this account before. Connect ' +
    'to the internet and log in once; after that you can log in here offline too.',
  offlineWrongPassword:
    'Wrong password. You are offline, so it was checked against the one last used on this device.',
  offlineNow:
    'You are offline. You can log in with the email and password last used on this device; ' +
    'your entries are saved to the server when the connection is back.',
  insecure:
    'This page is open over plain http. It works while the server is reachable, but using ' +
    'Rin Khata offline (opening it and logging in without a network) needs https.',
  expired:
    'Your session has expired. Please log in again: everything you entered on this device is ' +
    'kept, and is saved once you are back in.',
} as const

/** The sentence for a failed login or sign-up. */
export function authFailureMessage(failure: AuthFailure): string {
  return failure.reason === 'refused' ? failure.message : authMessages[failure.reason]
}
